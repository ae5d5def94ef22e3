import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVoxworkClient, VoxworkApiError, VoxworkWaitTimeout, type Job } from './voxwork-client.ts';

const job = (status: Job['status'], progress: number): Job =>
  ({ id: 'job-1', type: 'text-to-speech.synthesize', title: null, status, waitingForSlot: false, progress, currentStage: null, stages: [], cost: { estimated: 1, frozen: 1, settled: status === 'completed' ? 1 : null }, attempts: 0, completions: 0, input: {}, output: null, error: null, media: [], createdAt: '', startedAt: null, finishedAt: null }) as Job;

const envelope = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch answering from a queue, recording what was asked. */
function scripted(...answers: Array<() => Response>) {
  const requests: Array<{ url: string; method: string; headers: Record<string, string>; body?: unknown; redirect?: RequestRedirect | undefined }> = [];
  const fetcher = (async (url: URL | string, init: RequestInit = {}) => {
    requests.push({ url: String(url), method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body, redirect: init.redirect });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof fetch;
  return { fetcher, requests };
}

describe('createVoxworkClient', () => {
  it('sends the key, the language and the idempotency key; answers the envelope’s data', async () => {
    const { fetcher, requests } = scripted(() => envelope(201, { code: 0, message: 'Success.', data: { job: job('queued', 0), replayed: false } }));
    const client = createVoxworkClient({ baseUrl: 'http://api.test/', apiKey: 'vx_live_k', language: 'zh', fetch: fetcher });
    const created = await client.createJob('text-to-speech', { text: 'Hi', voiceKey: 'espeak:espeak-ng/en-us+f3' }, { idempotencyKey: 'row-1' });
    expect(created.job.id).toBe('job-1');
    expect(requests[0]).toMatchObject({
      url: 'http://api.test/api/v1/tools/text-to-speech/jobs',
      method: 'POST',
      headers: { authorization: 'Bearer vx_live_k', 'accept-language': 'zh', 'content-type': 'application/json', 'idempotency-key': 'row-1' },
      body: JSON.stringify({ text: 'Hi', voiceKey: 'espeak:espeak-ng/en-us+f3' }),
    });
  });

  it('uploads a file from its path as the file itself, with redirects refused (fetch would keep a copy of the body to follow one)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-client-'));
    try {
      const file = path.join(dir, 'clip.mp4');
      await writeFile(file, new Uint8Array(1000));
      const { fetcher, requests } = scripted(
        () => envelope(200, { code: 0, message: '', data: { id: 'upload-1' } }),
        () => envelope(200, { code: 0, message: '', data: { points: 1 } }),
      );
      const client = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: fetcher });
      expect(await client.upload(file)).toMatchObject({ id: 'upload-1' });
      expect(requests[0]).toMatchObject({ url: 'http://api.test/api/v1/uploads', method: 'POST', headers: { 'content-type': 'video/mp4', 'x-file-name': 'clip.mp4' }, redirect: 'error' });
      expect(requests[0]!.body).toBeInstanceOf(Blob);
      expect((requests[0]!.body as Blob).size).toBe(1000);
      // Calls without a file keep fetch's default.
      await client.balance();
      expect(requests[1]!.redirect).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a refusal is a VoxworkApiError with the catalogue code, the HTTP status, the message and Retry-After', async () => {
    const { fetcher } = scripted(
      () => envelope(401, { code: 9101, message: 'API key missing or invalid.', data: null }),
      () => envelope(429, { code: 1005, message: 'Too many requests.', data: null }, { 'retry-after': '7' }),
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const client = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'vx_live_k', fetch: fetcher });
    const refused = await client.balance().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VoxworkApiError);
    expect(refused).toMatchObject({ code: 9101, status: 401, message: 'API key missing or invalid.', isRetryable: false });
    await expect(client.getJob('job-1')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });
    await expect(client.listJobs()).rejects.toMatchObject({ code: -1, status: 502, message: expect.stringContaining('Bad gateway') });
  });

  it('waitForJob polls with a growing pause, reports progress, rides out a 429, and answers the settled job', async () => {
    const { fetcher, requests } = scripted(
      () => envelope(200, { code: 0, message: '', data: job('queued', 0) }),
      () => envelope(200, { code: 0, message: '', data: job('running', 40) }),
      () => envelope(429, { code: 1005, message: 'Too many requests.', data: null }, { 'retry-after': '2' }),
      () => envelope(200, { code: 0, message: '', data: job('running', 80) }),
      () => envelope(200, { code: 0, message: '', data: job('completed', 100) }),
    );
    const pauses: number[] = [];
    const seen: string[] = [];
    const client = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'vx_live_k', fetch: fetcher });
    const settled = await client.waitForJob('job-1', { intervalMs: 100, maxIntervalMs: 300, sleep: async (ms) => void pauses.push(ms), onProgress: (polled) => seen.push(`${polled.status} ${polled.progress}`) });
    expect(settled.status).toBe('completed');
    expect(seen).toEqual(['queued 0', 'running 40', 'running 80', 'completed 100']);
    expect(pauses).toEqual([100, 150, 2000, 225]);
    expect(requests.every((request) => request.url === 'http://api.test/api/v1/jobs/job-1')).toBe(true);
  });

  it('waitForJob answers a failed job (no throw), throws other errors, and gives up with VoxworkWaitTimeout', async () => {
    const failed = { ...job('failed', 30), error: { code: 3001, message: 'engine down' } };
    const client = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: scripted(() => envelope(200, { code: 0, message: '', data: failed })).fetcher });
    expect(await client.waitForJob('job-1', { sleep: async () => {} })).toMatchObject({ status: 'failed', error: { message: 'engine down' } });

    const missing = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: scripted(() => envelope(404, { code: 3003, message: 'Job not found.', data: null })).fetcher });
    await expect(missing.waitForJob('job-1', { sleep: async () => {} })).rejects.toMatchObject({ name: 'VoxworkApiError', status: 404 });

    const slow = createVoxworkClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: scripted(() => envelope(200, { code: 0, message: '', data: job('running', 10) })).fetcher });
    await expect(slow.waitForJob('job-1', { timeoutMs: 0, sleep: async () => {} })).rejects.toBeInstanceOf(VoxworkWaitTimeout);
  });
});

describe('codes the client knows by number', () => {
  it('are the catalogue’s', async () => {
    const { ErrorCode } = await import('@voxwork/contract');
    const { JOB_QUEUE_FULL } = await import('./cli/batch-text-to-speech.ts');
    expect(JOB_QUEUE_FULL).toBe(ErrorCode.JOB_QUEUE_FULL);
  });
});
