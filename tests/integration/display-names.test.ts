import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

/** A right-to-left override before the name and a zero-width space after it: both invisible, both change what is shown. */
const DISGUISED = '\u202eabc\u200b';

/**
 * Issue 30, point 9: every name a person gives goes through one primitive (`displayName`), so the
 * bidirectional and zero-width characters of `\u202eabc\u200b` are gone from what is stored: an API
 * key's name, an upload's name, a job's title (given at creation and by rename), a dubbing
 * project's title (at creation and by rename) and a cast bible's name, each read back from the
 * server. (Every call's name and title fields, through the real schemas: display-name.test.ts.)
 */
describe('names a person gives are stored without invisible characters', () => {
  let testApp: TestApp;
  let client: ToolClient;
  let workDir: string;
  let wav: string;

  beforeAll(async () => {
    testApp = await startTestApp({ name: 'display-names' });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, 'names@example.com');
    client = toolClient(testApp.base, user);
    workDir = await mkdtemp(path.join(tmpdir(), 'voxwork-display-names-'));
    wav = path.join(workDir, 'tone.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-ac', '1', '-ar', '16000', wav]);
  }, 120_000);
  afterAll(async () => {
    await testApp?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('an API key', async () => {
    const created = await client.data<{ key: { id: string; name: string } }>('/api/apiKeys/create', { name: DISGUISED, scopes: ['text-to-speech'] });
    expect(created.key.name).toBe('abc');
    const { list } = await client.data<{ list: Array<{ id: string; name: string }> }>('/api/apiKeys/list', {});
    expect(list.find((key) => key.id === created.key.id)?.name).toBe('abc');
  });

  it("an upload's name", async () => {
    const uploadId = await client.upload(`${DISGUISED}.wav`, wav);
    expect((await client.data<{ name: string }>('/api/upload/get', { uploadId })).name).toBe('abc.wav');
  });

  it("a job's title, at creation and by rename", async () => {
    const { jobId } = await client.data<{ jobId: string }>('/api/text-to-speech/create', { text: 'Hello there.', voiceKey: 'espeak:espeak-ng/en-us+f3', title: DISGUISED });
    expect((await client.data<JobView>('/api/jobs/get', { jobId })).title).toBe('abc');
    await client.data('/api/jobs/rename', { jobId, title: 'Other' });
    await client.data('/api/jobs/rename', { jobId, title: DISGUISED });
    expect((await client.data<JobView>('/api/jobs/get', { jobId })).title).toBe('abc');
  });

  it("a dubbing project's title, at creation and by rename, and a cast bible's name", async () => {
    const uploadId = await client.upload('episode.wav', wav);
    const { projectId } = await client.data<{ projectId: string }>('/api/dubbing/projects/create', {
      edition: 'studio',
      title: DISGUISED,
      from: { kind: 'upload', uploadId, sourceLanguage: 'en' },
      targetLanguages: ['es'],
    });
    expect((await client.data<{ title: string }>('/api/dubbing/projects/get', { projectId })).title).toBe('abc');
    await client.data('/api/dubbing/projects/rename', { projectId, title: 'Other' });
    expect((await client.data<{ title: string }>('/api/dubbing/projects/rename', { projectId, title: DISGUISED })).title).toBe('abc');
    expect((await client.data<{ title: string }>('/api/dubbing/projects/get', { projectId })).title).toBe('abc');
    const cast = await client.data<{ id: string; name: string }>('/api/dubbing/casts/save', { projectId, name: DISGUISED });
    expect(cast.name).toBe('abc');
    const { casts } = await client.data<{ casts: Array<{ id: string; name: string }> }>('/api/dubbing/casts/list', {});
    expect(casts.find((item) => item.id === cast.id)?.name).toBe('abc');
  });

  it('a name with nothing visible is refused with the catalogue reason, in English and Chinese', async () => {
    const en = await client.call('/api/apiKeys/create', { name: '\u202e\u200b ', scopes: ['text-to-speech'] });
    expect(en).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'name', reason: 'empty' } });
    expect(en.message).toContain('must not be empty');
    const zh = await client.call('/api/apiKeys/create', { name: '\u202e\u200b ', scopes: ['text-to-speech'] }, 'zh');
    expect(zh.message).toContain('不能为空');
  });
});
