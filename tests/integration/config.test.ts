import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.ts';
import { REPO_ROOT, SERVER_ENTRY } from '../support/server-process.ts';

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', VOXWORK_ENV_FILE: '', ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('configuration', () => {
  it('has working defaults: all roles, port 3000, ./data, PGlite', () => {
    const config = loadConfig({});
    expect(config.roles).toEqual(['web', 'api', 'worker']);
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(`${REPO_ROOT}data`);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('parses role lists', () => {
    expect(loadConfig({ ROLE: 'api,worker' }).roles).toEqual(['api', 'worker']);
    expect(() => loadConfig({ ROLE: 'api,chef' })).toThrow(/ROLE: expected "all" or a comma-separated list/);
  });

  it('reads per-type job concurrency', () => {
    expect(loadConfig({ JOB_CONCURRENCY: 'system.selfCheck=1, video.translate=3' }).JOB_CONCURRENCY).toEqual({ 'system.selfCheck': 1, 'video.translate': 3 });
    expect(loadConfig({}).JOB_CONCURRENCY).toEqual({});
    expect(() => loadConfig({ JOB_CONCURRENCY: 'system.selfCheck=0' })).toThrow(/JOB_CONCURRENCY/);
    expect(() => loadConfig({ JOB_CONCURRENCY: 'lots' })).toThrow(/JOB_CONCURRENCY: expected type=number pairs/);
  });

  it('validates the remote engine variables (unset: no remote engine)', () => {
    expect(loadConfig({}).OPENAI_API_KEY).toBeUndefined();
    const config = loadConfig({ OPENAI_SPEECH_BASE_URL: 'http://localhost:8880/v1', OPENAI_SPEECH_VOICES: 'af_bella:en, zf_xiaobei:zh', ELEVENLABS_API_KEY: 'xi', ELEVENLABS_TTS_MODELS: 'eleven_multilingual_v2,eleven_flash_v2_5', ELEVENLABS_TIMEOUT_MS: '300000' });
    expect(config).toMatchObject({ OPENAI_SPEECH_VOICES: 'af_bella:en, zf_xiaobei:zh', ELEVENLABS_TIMEOUT_MS: 300_000 });
    expect(() => loadConfig({ OPENAI_SPEECH_BASE_URL: 'localhost:8880' })).toThrow(/OPENAI_SPEECH_BASE_URL/);
    expect(() => loadConfig({ OPENAI_SPEECH_VOICES: 'a:b:c' })).toThrow(/OPENAI_SPEECH_VOICES: expected voice/);
    expect(() => loadConfig({ ELEVENLABS_TTS_MODELS: 'Eleven Multilingual' })).toThrow(/ELEVENLABS_TTS_MODELS/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ OPERATOR_TOKEN: 'short' }, /OPERATOR_TOKEN: must be at least 16 characters/],
    [{ API_SIGN_WINDOW_SECONDS: '-1' }, /API_SIGN_WINDOW_SECONDS/],
  ])('a bad value stops the process with a message naming the variable (%j)', (env, pattern) => {
    const result = startWith(env as Record<string, string>);
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).toMatch(/See \.env\.example/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
