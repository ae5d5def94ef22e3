import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, messageFor, type ApiKeyView, type JobView } from '@voxwork/contract';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { REPO_ROOT, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const run = promisify(execFile);
const CLI = path.join(REPO_ROOT, 'packages/client/src/cli.ts');
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** What every surface must say about the failed job below: the catalogue's text for AVATAR_NO_FACE with its scene. */
const PARAMS = { scene: 1 };
const EN = messageFor('en', ErrorCode.AVATAR_NO_FACE, PARAMS)!;
const ZH = messageFor('zh', ErrorCode.AVATAR_NO_FACE, PARAMS)!;

/**
 * Issue 30, point 3: a failed job is explained wherever its error is shown outside the web page.
 * A real job fails for a real reason (face detection on a plain-colour picture made by ffmpeg:
 * AVATAR_NO_FACE, scene 1); REST v1 and the signed calls answer the catalogue message in the
 * caller's `Accept-Language` with `code` and `params`, the `job.failed` webhook carries them (in
 * English: accounts keep no language), and `voxwork jobs wait` prints the message and the code.
 */
describe.each(testDatabases().slice(-1))('a failed job explained everywhere on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let dir: string;
  let apiKey: string;
  let jobId: string;

  const rest = async (method: 'GET' | 'POST', pathName: string, language: string, body?: unknown) => {
    const response = await fetch(`${testApp.base}${pathName}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'accept-language': language, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as { code: number; message: string; data: unknown } };
  };

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    receiver = await startWebhookReceiver();
    testApp = await startTestApp({
      name: 'job-errors',
      database: opened.handle,
      env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_SECONDS: '0.1' },
    });
    dir = await mkdtemp(path.join(tmpdir(), 'job-errors-'));
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `job-errors-${Date.now()}@example.com`);
    client = toolClient(testApp.base, user);
    const created = await signedCall(testApp.base, TEST_SIGN_SECRET, '/api/apiKeys/create', { name: 'job errors', scopes: ['avatar'] }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(created.code, JSON.stringify(created)).toBe(0);
    apiKey = (created.data as { key: ApiKeyView; secret: string }).secret;
    const webhook = await rest('POST', '/api/v1/webhooks', 'en', { url: receiver.url, events: ['job.failed'] });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);

    // A picture with no face in it: face detection fails the job with AVATAR_NO_FACE { scene: 1 }.
    const blank = path.join(dir, 'blank.png');
    await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', 'color=c=0x88aacc:s=480x480', '-frames:v', '1', blank]);
    const uploadId = await client.upload('blank.png', blank);
    jobId = (await client.data<{ jobId: string }>('/api/avatar/faces', { uploadId })).jobId;
    const ended = await client.until(jobId);
    expect(ended.status).toBe('failed');
    expect(ended.error?.code).toBe(ErrorCode.AVATAR_NO_FACE);
  }, 300_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('REST v1: GET /api/v1/jobs/{id} and the job list give the catalogue message in en and zh, with code and params', async () => {
    for (const [language, message] of [
      ['en', EN],
      ['zh-CN,zh;q=0.9', ZH],
    ] as const) {
      const got = await rest('GET', `/api/v1/jobs/${jobId}`, language);
      expect(got.status).toBe(200);
      const job = got.body.data as JobView;
      expect(job.error).toEqual({ code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message });
      expect(job.stages.find((stage) => stage.status === 'failed')?.error).toEqual({ code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message });

      const listed = await rest('GET', '/api/v1/jobs?status=failed', language);
      expect((listed.body.data as { list: JobView[] }).list.map((item) => item.error)).toEqual([{ code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message }]);
    }
    expect(EN).toBe('Scene 1: we found no face in this photo. Upload a photo where a face looks at the camera, lit from the front.');
    expect(ZH).toMatch(/^场景 1：/);
  });

  it('the signed calls (jobs get and list) give it in the caller’s language too', async () => {
    const zh = await client.call('/api/jobs/get', { jobId }, 'zh');
    expect((zh.data as JobView).error).toEqual({ code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message: ZH });
    const en = await client.call('/api/jobs/list', { statuses: ['failed'] }, 'en');
    expect((en.data as { list: JobView[] }).list[0]?.error).toEqual({ code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message: EN });
  });

  it('the job.failed webhook carries code, params and the message', async () => {
    const [delivery] = await receiver.waitFor((all) => all.some((item) => item.headers['voxwork-event'] === 'job.failed'));
    const event = JSON.parse(delivery!.body) as { type: string; data: { job: { id: string; status: string; error: unknown } } };
    expect(event.type).toBe('job.failed');
    expect(event.data.job).toMatchObject({ id: jobId, status: 'failed', error: { code: ErrorCode.AVATAR_NO_FACE, params: PARAMS, message: EN } });
  });

  it('`voxwork jobs wait` prints the message and the code, in the command’s language', async () => {
    for (const [language, line] of [
      ['en', `failed: ${EN} (code ${ErrorCode.AVATAR_NO_FACE})`],
      ['zh', `失败：${ZH}（错误码 ${ErrorCode.AVATAR_NO_FACE}）`],
    ] as const) {
      const result = await run(process.execPath, [CLI, 'jobs', 'wait', jobId], {
        env: { ...process.env, VOXWORK_API_KEY: apiKey, VOXWORK_BASE_URL: testApp.base, VOXWORK_LANG: language },
        cwd: REPO_ROOT,
      }).then(
        (done) => ({ code: 0, ...done }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toContain(line);
    }
  });
});
