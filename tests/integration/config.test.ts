import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, ConfigError, loadConfig, PUBLIC_DEFAULT_AUTH_SECRET, resolveAuthSecret } from '../../apps/server/src/config.ts';
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

  it("checks PP-OCR's thread count at start (the engine reads it; empty: the engine's default)", () => {
    expect(loadConfig({ VOXWORK_OCR_THREADS: '1' }).VOXWORK_OCR_THREADS).toBe(1);
    expect(loadConfig({ VOXWORK_OCR_THREADS: '' }).VOXWORK_OCR_THREADS).toBeUndefined();
    expect(() => loadConfig({ VOXWORK_OCR_THREADS: '0' })).toThrow(/VOXWORK_OCR_THREADS/);
    expect(() => loadConfig({ VOXWORK_OCR_THREADS: 'two' })).toThrow(/VOXWORK_OCR_THREADS/);
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

describe('AUTH_SECRET (resolveAuthSecret)', () => {
  const withDataDir = (run: (dataDir: string) => void) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxwork-config-secret-'));
    try {
      run(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('requires it with DATABASE_URL or an explicit NODE_ENV=production; NODE_ENV still defaults to production', () => {
    expect(loadConfig({})).toMatchObject({ NODE_ENV: 'production', authSecretRequiredBy: undefined });
    expect(loadConfig({ NODE_ENV: 'development' }).authSecretRequiredBy).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).authSecretRequiredBy).toBe('NODE_ENV=production');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/voxwork', NODE_ENV: 'development' }).authSecretRequiredBy).toBe('DATABASE_URL is set');
    expect(() => resolveAuthSecret(loadConfig({ DATABASE_URL: 'postgres://db/voxwork' }))).toThrow(ConfigError);
    expect(() => resolveAuthSecret(loadConfig({ NODE_ENV: 'production' }))).toThrow(/AUTH_SECRET is not set[\s\S]*openssl rand -base64 48/);
  });

  it('uses a given value as it is, writing nothing', () =>
    withDataDir((dataDir) => {
      const secret = 'a-deployment-secret-of-at-least-32-characters';
      expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/voxwork', AUTH_SECRET: secret })).AUTH_SECRET).toBe(secret);
      expect(existsSync(path.join(dataDir, AUTH_SECRET_FILE))).toBe(false);
    }));

  it('refuses short values and the old public default in loadConfig', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ AUTH_SECRET: PUBLIC_DEFAULT_AUTH_SECRET })).toThrow(/AUTH_SECRET: is the old public default/);
  });

  it('on the embedded default, generates one into DATA_DIR (0600) once and reads it back afterwards', () =>
    withDataDir((dataDir) => {
      const first = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir })).AUTH_SECRET;
      const file = path.join(dataDir, AUTH_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first).toMatch(/^[\w-]{64}$/);
      expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' })).AUTH_SECRET).toBe(first);
      // Another DATA_DIR, another secret.
      withDataDir((other) => expect(resolveAuthSecret(loadConfig({ DATA_DIR: other })).AUTH_SECRET).not.toBe(first));
      // A copy that made it readable to others is made private again.
      chmodSync(file, 0o644);
      expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir })).AUTH_SECRET).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
    }));

  it('creates DATA_DIR if needed and refuses a damaged file instead of replacing it', () =>
    withDataDir((dataDir) => {
      const nested = path.join(dataDir, 'not', 'yet');
      expect(resolveAuthSecret(loadConfig({ DATA_DIR: nested })).AUTH_SECRET).toHaveLength(64);
      writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'too short\n', { mode: 0o600 });
      expect(() => resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(/holds no usable AUTH_SECRET/);
      writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), `${PUBLIC_DEFAULT_AUTH_SECRET}\n`, { mode: 0o600 });
      expect(() => resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(/holds no usable AUTH_SECRET/);
    }));
});
