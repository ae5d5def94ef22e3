import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type ApiKeyView, type JobView } from '@voxwork/contract';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { openDatabase } from '@voxwork/db';
import { createPostgresDatabase, TEST_DATABASE_URL, testDatabases } from '../support/test-database.ts';

const SECRET = 'public-api-secret';
const VOICE = 'espeak:espeak-ng/en-us+f3';
/** Calls one key may make per minute here: low enough to reach in a test, high enough for the polling. */
const PER_KEY_LIMIT = 150;

/**
 * Issue 19's first slice over HTTP against the running app: API keys made in the account calls,
 * `Authorization: Bearer vx_live_…` on `/api/v1/…`, a text-to-speech job created twice with one
 * Idempotency-Key (one job, one charge in the points ledger, also when the two race), polled to
 * success, its audio downloaded and probed; scopes, read-only keys, the per-key rate limit, and a
 * revoke that refuses the very next call.
 */
describe.each(testDatabases())('public API on %s', (_name, open) => {
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-public-api-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await open();
    cleanup = opened.cleanup;
    app = await createApp(
      loadConfig({
        ROLE: 'api,worker',
        API_SIGN_SECRET: SECRET,
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        JOB_POLL_INTERVAL_SECONDS: '0.5',
        // A day's window: the limiter's sliding window weights the previous window by its overlap,
        // so a burst that crosses a window's end counts for less than it sent: with a minute's
        // window, this file's 151 calls were all let through once on a busy machine (CI-style run,
        // load 4.5). A day's windows end at midnight UTC.
        RATE_LIMIT_API_PER_KEY: `${PER_KEY_LIMIT}/24h`,
      }),
      { database: opened.handle },
    );
    await app.listen();
    user = await createVerifiedUser(base, dataDir, `public-api-${Date.now()}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await cleanup?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A signed call of the web app, as the signed-in user. */
  const call = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  /** A REST call with an API key. */
  const rest = async (secret: string | undefined, method: 'GET' | 'POST', pathName: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${base}${pathName}`, {
      method,
      headers: {
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as { code: number; message: string; data: unknown } };
  };
  const createKey = (body: Record<string, unknown>) => call<{ key: ApiKeyView; secret: string }>('/api/apiKeys/create', body);
  const ledgerOf = async (jobId: string) =>
    (await call<{ list: Array<{ type: string; jobId: string | null; availableDelta: number; freezeDelta: number }> }>('/bill/point/consume/pageList', { pageSize: 100 })).list.filter((entry) => entry.jobId === jobId);
  const createTts = (secret: string, body: unknown, idempotencyKey?: string) =>
    rest(secret, 'POST', '/api/v1/tools/text-to-speech/jobs', { body, ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}) });

  let writer: { key: ApiKeyView; secret: string };
  let job: JobView;

  it('an API key is created with its scopes, its secret shown once and only its prefix listed', async () => {
    writer = await createKey({ name: 'Spreadsheet robot', scopes: ['text-to-speech', 'voices'] });
    expect(writer.secret).toMatch(/^vx_live_[A-Za-z0-9_-]{43}$/);
    expect(writer.key).toMatchObject({ name: 'Spreadsheet robot', prefix: writer.secret.slice(0, 12), scopes: ['text-to-speech', 'voices'], readOnly: false, status: 'active', lastUsedAt: null, expiresAt: null });
    const listed = await call<{ list: ApiKeyView[] }>('/api/apiKeys/list', {});
    expect(listed.list.map((key) => key.id)).toEqual([writer.key.id]);
    expect(JSON.stringify(listed)).not.toContain(writer.secret.slice(12));

    const balance = await rest(writer.secret, 'GET', '/api/v1/account/balance');
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ code: 0, data: { planId: 'free', availablePoints: expect.any(Number), frozenPoints: 0 } });
    const used = (await call<{ list: ApiKeyView[] }>('/api/apiKeys/list', {})).list[0]!;
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('without a key, with a malformed or unknown one, the answer is 401 in the envelope, in the caller’s language', async () => {
    const none = await rest(undefined, 'GET', '/api/v1/account/balance');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: ErrorCode.API_KEY_INVALID, data: null });
    const session = await rest(user.token, 'GET', '/api/v1/account/balance');
    expect(session.body.code).toBe(ErrorCode.API_KEY_INVALID);
    const unknown = await rest(`vx_live_${'A'.repeat(43)}`, 'GET', '/api/v1/account/balance', { headers: { 'accept-language': 'zh-CN' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('API 密钥缺失或无效。请以“Authorization: Bearer vx_live_…”的形式发送。');
  });

  it('a text-to-speech job created twice with one Idempotency-Key is one job and one charge', async () => {
    const before = (await rest(writer.secret, 'GET', '/api/v1/account/balance')).body.data as { availablePoints: number; frozenPoints: number };
    const body = { text: 'Our new kettle boils water in ninety seconds.', voiceKey: VOICE, format: 'mp3' };
    const first = await createTts(writer.secret, body, 'sheet-1/line-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const created = first.body.data as { job: JobView; replayed: boolean };
    expect(created.replayed).toBe(false);
    expect(created.job).toMatchObject({ type: 'text-to-speech.synthesize', cost: { frozen: 1 } });

    // The same body with its keys in another order is the same request.
    const again = await createTts(writer.secret, { format: 'mp3', voiceKey: VOICE, text: body.text }, 'sheet-1/line-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toMatchObject({ replayed: true, job: { id: created.job.id } });

    const jobs = (await rest(writer.secret, 'GET', '/api/v1/jobs?tool=text-to-speech')).body.data as { total: number; list: JobView[] };
    expect(jobs.list.map((listed) => listed.id)).toEqual([created.job.id]);
    expect((await rest(writer.secret, 'GET', '/api/v1/jobs?tool=voices')).body.data).toMatchObject({ total: 0, list: [] });
    expect((await rest(writer.secret, 'GET', '/api/v1/jobs?status=cancelled')).body.data).toMatchObject({ total: 0 });
    const badQuery = await rest(writer.secret, 'GET', '/api/v1/jobs?tool=nope');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'tool' } });
    const ledger = await ledgerOf(created.job.id);
    expect(ledger.filter((entry) => entry.type === 'freeze')).toHaveLength(1);
    const during = (await rest(writer.secret, 'GET', '/api/v1/account/balance')).body.data as { availablePoints: number; frozenPoints: number };
    expect(during.frozenPoints).toBe(before.frozenPoints + 1);

    const conflict = await createTts(writer.secret, { ...body, text: 'Another line.' }, 'sheet-1/line-1');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: ErrorCode.IDEMPOTENCY_KEY_CONFLICT });
    const badKey = await createTts(writer.secret, body, 'line one');
    expect(badKey.status).toBe(400);
    expect(badKey.body.code).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);

    job = created.job;
  });

  it('two requests racing with one new Idempotency-Key make one job', async () => {
    const body = { text: 'Two scripts sent at the same moment.', voiceKey: VOICE, format: 'wav' };
    const answers = await Promise.all([createTts(writer.secret, body, 'race-1'), createTts(writer.secret, body, 'race-1'), createTts(writer.secret, body, 'race-1')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((answer) => (answer.body.data as { job: JobView }).job.id));
    expect(ids.size).toBe(1);
    const [raced] = [...ids];
    expect((await ledgerOf(raced!)).filter((entry) => entry.type === 'freeze')).toHaveLength(1);
    const jobs = (await rest(writer.secret, 'GET', '/api/v1/jobs?tool=text-to-speech&pageSize=50')).body.data as { total: number };
    expect(jobs.total).toBe(2);
  });

  it('the job is polled to success, charged once, and its audio downloads as real audio', async () => {
    const deadline = Date.now() + 120_000;
    let view: JobView;
    for (;;) {
      const answer = await rest(writer.secret, 'GET', `/api/v1/jobs/${job.id}`);
      expect(answer.status).toBe(200);
      view = answer.body.data as JobView;
      if (['completed', 'failed', 'cancelled'].includes(view.status)) break;
      if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(view).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(view.status, JSON.stringify(view.error)).toBe('completed');
    expect(view.cost).toEqual({ estimated: 1, frozen: 1, settled: 1 });
    const ledger = await ledgerOf(job.id);
    expect(ledger.map((entry) => entry.type).sort()).toEqual(['freeze', 'settle']);
    expect(ledger.reduce((sum, entry) => sum + entry.availableDelta, 0)).toBe(-1);

    const audio = view.media.find((file) => file.role === 'audio')!;
    expect(audio.name).toBe('speech.mp3');
    const download = await fetch(`${base}/api/v1/jobs/${job.id}/files/${audio.name}`, { headers: { authorization: `Bearer ${writer.secret}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('audio/mpeg');
    const file = path.join(dataDir, 'downloaded.mp3');
    await writeFile(file, new Uint8Array(await download.arrayBuffer()));
    const probed = await probeMedia(file);
    expect(probed.durationSeconds).toBeGreaterThan(1);

    const missing = await rest(writer.secret, 'GET', `/api/v1/jobs/${job.id}/files/nope.mp3`);
    expect(missing.status).toBe(404);
    const strangerless = await fetch(`${base}/api/v1/jobs/${job.id}/files/${audio.name}`);
    expect(strangerless.status).toBe(401);
  });

  it('an avatar video is created through the same route family with one charge, and cancelled through the API with its points released', async () => {
    const options = await call<{ avatars: Array<{ id: string }> }>('/api/avatar/options', {});
    const avatarKey = await createKey({ name: 'Avatars', scopes: ['avatar'] });
    const body = { scenes: [{ subject: { kind: 'illustrated', avatarId: options.avatars[0]!.id }, speech: { kind: 'script', text: 'Ten percent off today.', voice: VOICE } }], layout: '9:16', resolution: 512 };
    // The text-to-speech key has no avatar scope; the avatar key has no text-to-speech scope.
    expect((await rest(writer.secret, 'POST', '/api/v1/tools/avatar/jobs', { body })).body.code).toBe(ErrorCode.API_KEY_SCOPE_MISSING);
    expect((await createTts(avatarKey.secret, { text: 'Hi.', voiceKey: VOICE })).body.code).toBe(ErrorCode.API_KEY_SCOPE_MISSING);
    const first = await rest(avatarKey.secret, 'POST', '/api/v1/tools/avatar/jobs', { body, headers: { 'idempotency-key': 'avatar-1' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const avatarJob = (first.body.data as { job: JobView }).job;
    expect(avatarJob).toMatchObject({ type: 'avatar.render', cost: { frozen: expect.any(Number) } });
    expect(avatarJob.cost.frozen).toBeGreaterThan(0);
    const again = await rest(avatarKey.secret, 'POST', '/api/v1/tools/avatar/jobs', { body, headers: { 'idempotency-key': 'avatar-1' } });
    expect(again.body.data).toMatchObject({ replayed: true, job: { id: avatarJob.id } });

    const cancelled = await rest(avatarKey.secret, 'POST', `/api/v1/jobs/${avatarJob.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const deadline = Date.now() + 60_000;
    let view = cancelled.body.data as JobView;
    while (view.status !== 'cancelled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      view = (await rest(avatarKey.secret, 'GET', `/api/v1/jobs/${avatarJob.id}`)).body.data as JobView;
    }
    expect(view.status).toBe('cancelled');
    await expect.poll(async () => (await ledgerOf(avatarJob.id)).map((entry) => entry.type).sort(), { timeout: 30_000 }).toEqual(['freeze', 'release']);
    const ledger = await ledgerOf(avatarJob.id);
    expect(ledger.reduce((sum, entry) => sum + entry.availableDelta, 0)).toBe(0);
  });

  it('a read-only key reads but cannot create or cancel; a key without the tool’s scope cannot create', async () => {
    const reader = await createKey({ name: 'Dashboard', scopes: ['text-to-speech'], readOnly: true });
    expect(reader.key.readOnly).toBe(true);
    expect((await rest(reader.secret, 'GET', `/api/v1/jobs/${job.id}`)).status).toBe(200);
    const voices = await rest(reader.secret, 'GET', '/api/v1/voices?language=en&pageSize=5');
    expect(voices.status).toBe(200);
    expect((voices.body.data as { list: Array<{ key: string }> }).list.length).toBe(5);
    const refused = await createTts(reader.secret, { text: 'Hello.', voiceKey: VOICE }, 'reader-1');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: ErrorCode.API_KEY_READ_ONLY });
    expect((await rest(reader.secret, 'POST', `/api/v1/jobs/${job.id}/cancel`)).body.code).toBe(ErrorCode.API_KEY_READ_ONLY);

    const voicesOnly = await createKey({ name: 'Voices only', scopes: ['voices'] });
    const noScope = await rest(voicesOnly.secret, 'POST', '/api/v1/tools/text-to-speech/jobs', { body: { text: 'Hello.', voiceKey: VOICE }, headers: { 'accept-language': 'zh' } });
    expect(noScope.status).toBe(403);
    expect(noScope.body).toMatchObject({ code: ErrorCode.API_KEY_SCOPE_MISSING, message: '此 API 密钥无权使用“text-to-speech”。请创建一个权限范围包含该工具的密钥。' });
    // Nothing was created by the refused calls.
    expect(((await rest(writer.secret, 'GET', '/api/v1/jobs?tool=text-to-speech')).body.data as { total: number }).total).toBe(2);
  });

  it('a bad body is refused with INVALID_PARAMETER naming the field, as the workbench call does', async () => {
    const answer = await createTts(writer.secret, { text: 'Hello.', voiceKey: VOICE, speed: 9 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'speed', reason: 'too_big' } });
    const unknownVoice = await createTts(writer.secret, { text: 'Hello.', voiceKey: 'espeak:espeak-ng/xx-nope' });
    expect(unknownVoice.status).toBe(422);
    expect(unknownVoice.body.code).toBe(ErrorCode.VOICE_NOT_FOUND);
  });

  it('bodies and paths no client should send get an envelope with the right status', async () => {
    const post = (body: string, contentType = 'application/json') =>
      fetch(`${base}/api/v1/tools/text-to-speech/jobs`, { method: 'POST', headers: { authorization: `Bearer ${writer.secret}`, 'content-type': contentType }, body });
    const malformed = await post('{"text":');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe(ErrorCode.MALFORMED_JSON);
    const text = await post('text=hello', 'text/plain');
    expect(text.status).toBe(415);
    expect((await text.json()).code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const huge = await post(JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10), voiceKey: VOICE }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe(ErrorCode.BODY_TOO_LARGE);
    const deep = await post(`{"text":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { reason: 'too_deep' } });
    const unknown = await rest(writer.secret, 'GET', '/api/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.CALL_NOT_FOUND);
    const badJobId = await rest(writer.secret, 'GET', '/api/v1/jobs/not-a-uuid');
    expect(badJobId.status).toBe(400);
    expect(badJobId.body).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'jobId' } });
    // A bare POST with a JSON content type and no body is an empty body, as in the calls.
    const cancelled = await fetch(`${base}/api/v1/jobs/00000000-0000-4000-8000-000000000000/cancel`, { method: 'POST', headers: { authorization: `Bearer ${writer.secret}`, 'content-type': 'application/json' } });
    expect(cancelled.status).toBe(404);
    expect((await cancelled.json()).code).toBe(ErrorCode.JOB_NOT_FOUND);
  });

  it('each key has its own rate limit', async () => {
    const busy = await createKey({ name: 'Busy', scopes: ['voices'], readOnly: true });
    let refused: Awaited<ReturnType<typeof rest>> | undefined;
    for (let index = 0; index <= PER_KEY_LIMIT && !refused; index++) {
      const answer = await rest(busy.secret, 'GET', '/api/v1/account/balance');
      if (answer.status !== 200) refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await rest(writer.secret, 'GET', '/api/v1/account/balance')).status).toBe(200);
  });

  it('a revoked key is refused on its very next call', async () => {
    expect((await rest(writer.secret, 'GET', `/api/v1/jobs/${job.id}`)).status).toBe(200);
    await call('/api/apiKeys/revoke', { id: writer.key.id });
    const after = await rest(writer.secret, 'GET', `/api/v1/jobs/${job.id}`);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ErrorCode.API_KEY_REVOKED);
    const listed = (await call<{ list: ApiKeyView[] }>('/api/apiKeys/list', {})).list.find((key) => key.id === writer.key.id)!;
    expect(listed).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const twice = await signedCall(base, SECRET, '/api/apiKeys/revoke', { id: writer.key.id }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(twice.code).toBe(ErrorCode.API_KEY_NOT_FOUND);
  });

  it('an expired key is refused; an expiry in the past cannot be set', async () => {
    const past = await signedCall(base, SECRET, '/api/apiKeys/create', { name: 'Old', scopes: ['voices'], expiresAt: '2020-01-01T00:00:00Z' }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(past).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'expiresAt' } });
    const soon = await createKey({ name: 'Soon', scopes: ['voices'], expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect((await rest(soon.secret, 'GET', '/api/v1/account/balance')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await rest(soon.secret, 'GET', '/api/v1/account/balance');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(ErrorCode.API_KEY_EXPIRED);
  });

  it('the OpenAPI document at /api/docs describes the v1 routes with examples', async () => {
    const document = (await (await fetch(`${base}/api/docs`)).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> }; parameters: Array<{ name: string }>; security?: unknown }>> };
    const create = document.paths['/api/v1/tools/text-to-speech/jobs']!.post!;
    expect(create.security).toEqual([{ apiKey: [] }]);
    expect(create.parameters.map((parameter) => parameter.name)).toContain('Idempotency-Key');
    expect(create.requestBody!.content['application/json']!.example).toMatchObject({ voiceKey: expect.any(String) });
    for (const route of ['/api/v1/jobs/{jobId}', '/api/v1/jobs', '/api/v1/jobs/{jobId}/cancel', '/api/v1/jobs/{jobId}/files/{name}', '/api/v1/voices', '/api/v1/account/balance']) {
      expect(document.paths[route], route).toBeDefined();
    }
  });
});

/**
 * Two API replicas on one PostgreSQL database: a key revoked through one is refused by the other
 * on its very next call (no cache to outlive it), and one Idempotency-Key sent to both at once
 * makes one job and one freeze.
 */
describe.skipIf(!TEST_DATABASE_URL)('public API across two replicas on PostgreSQL', () => {
  const replicas: { app: App; base: string; dataDir: string }[] = [];
  let drop: () => Promise<void>;
  let user: { token: string; userId: string };

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `voxwork-public-api-replica-${index}-`));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        ROLE: 'api',
        DATABASE_URL: database.url,
        AUTH_SECRET: 'public-api-replicas-auth-secret-0123456789-abcdef',
        API_SIGN_SECRET: SECRET,
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
      };
      const app = await createApp(loadConfig(env), { database: await openDatabase({ url: database.url, poolMax: 5 }) });
      await app.listen();
      replicas.push({ app, base, dataDir });
    }
    user = await createVerifiedUser(replicas[0]!.base, replicas[0]!.dataDir, `public-api-replicas-${Date.now()}@example.com`);
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas) {
      await replica.app.stop();
      await rm(replica.dataDir, { recursive: true, force: true });
    }
    await drop?.();
  });

  const callOn = (index: number, pathName: string, body: unknown) =>
    signedCall(replicas[index]!.base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  const restOn = async (index: number, secret: string, method: 'GET' | 'POST', pathName: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${replicas[index]!.base}${pathName}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as { code: number; data: unknown } };
  };

  it('one Idempotency-Key sent to both replicas at once is one job and one freeze', async () => {
    const created = await callOn(0, '/api/apiKeys/create', { name: 'Replicas', scopes: ['text-to-speech'] });
    const secret = (created.data as { secret: string }).secret;
    const body = { text: 'Sent to two servers at once.', voiceKey: VOICE };
    const answers = await Promise.all([0, 1, 0, 1].map((index) => restOn(index, secret, 'POST', '/api/v1/tools/text-to-speech/jobs', { body, headers: { 'idempotency-key': 'both-replicas' } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => (answer.body.data as { job: JobView }).job.id));
    expect(ids.size).toBe(1);
    const ledger = (await callOn(1, '/bill/point/consume/pageList', { pageSize: 100 })).data as { list: Array<{ type: string; jobId: string | null }> };
    expect(ledger.list.filter((entry) => entry.type === 'freeze')).toHaveLength(1);
  });

  it('a key revoked through one replica is refused by the other on its next call', async () => {
    const created = await callOn(0, '/api/apiKeys/create', { name: 'Revoked elsewhere', scopes: ['voices'], readOnly: true });
    const { secret, key } = created.data as { secret: string; key: ApiKeyView };
    expect((await restOn(1, secret, 'GET', '/api/v1/account/balance')).status).toBe(200);
    expect((await callOn(0, '/api/apiKeys/revoke', { id: key.id })).code).toBe(0);
    const refused = await restOn(1, secret, 'GET', '/api/v1/account/balance');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(ErrorCode.API_KEY_REVOKED);
  });
});
