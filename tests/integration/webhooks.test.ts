import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type JobView, type WebhookDeliveryView, type WebhookEndpointView } from '@voxwork/contract';
import { verifyWebhookSignature } from '@voxwork/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookRepository, type DatabaseHandle } from '@voxwork/db';
import { WEBHOOK_LOG_DAYS } from '@voxwork/core';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { freshPglite, testDatabases } from '../support/test-database.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const SECRET = 'webhooks-secret';
const VOICE = 'espeak:espeak-ng/en-us+f3';

interface Event {
  id: string;
  type: string;
  created: number;
  data: { job: { id: string; tool: string; status: string; cost: { charged: number }; files: Array<{ name: string; url: string }> } } & Record<string, unknown>;
}

async function startTestApp(open: () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-webhooks-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const opened = await open();
  const app = await createApp(
    loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5', ...env }),
    { database: opened.handle },
  );
  await app.listen();
  const user = await createVerifiedUser(base, dataDir, `webhooks-${Date.now()}@example.com`);
  const call = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  const rawCall = (pathName: string, body: unknown) => signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  const rest = async (secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', pathName: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${base}${pathName}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) as { code: number; message: string; data: unknown } };
  };
  return {
    app,
    base,
    user,
    call,
    rawCall,
    rest,
    async stop() {
      await app.stop();
      await opened.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Issue 19's webhooks against the running app (decision 038): endpoints made through
 * `/api/v1/webhooks` and the account page's calls, `job.succeeded` signed and delivered to a
 * receiver on loopback (allowed here by WEBHOOKS_ALLOW_PRIVATE), `points.low` once per crossing,
 * retries with back-off and a log of every attempt, send again, test events, and a revoked key.
 */
describe.each(testDatabases())('webhooks on %s', (_name, open) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let flaky: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let apiKey: string;
  let keyId: string;
  let endpoint: { endpoint: WebhookEndpointView; secret: string };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Down for the first three attempts.
    flaky = await startWebhookReceiver((count) => (count <= 3 ? 500 : 200));
    t = await startTestApp(open, {
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // Back-off in tenths of a second so the retries of a test do not wait minutes.
      WEBHOOKS_RETRY_BASE_SECONDS: '0.05',
      WEBHOOKS_RETRY_MAX_SECONDS: '0.2',
      WEBHOOKS_POLL_SECONDS: '0.1',
      // A new free account has 300 points: its first charge crosses this.
      WEBHOOKS_POINTS_LOW_THRESHOLD: '300',
    });
    const key = await t.call<{ key: { id: string }; secret: string }>('/api/apiKeys/create', { name: 'Pipeline', scopes: ['text-to-speech'] });
    apiKey = key.secret;
    keyId = key.key.id;
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
    await flaky?.close();
  });

  const waitForJob = async (jobId: string) => {
    for (const deadline = Date.now() + 200_000; ; await new Promise((resolve) => setTimeout(resolve, 300))) {
      const view = (await t.rest(apiKey, 'GET', `/api/v1/jobs/${jobId}`)).body.data as JobView;
      if (['completed', 'failed', 'cancelled'].includes(view.status)) return view;
      if (Date.now() > deadline) throw new Error(`job stuck: ${view.status}`);
    }
  };

  it('an endpoint is created through /api/v1/webhooks, its whsec_ secret shown once', async () => {
    const created = await t.rest(apiKey, 'POST', '/api/v1/webhooks', { body: { url: receiver.url, events: ['job.succeeded', 'job.failed', 'points.low'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    endpoint = created.body.data as typeof endpoint;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint.endpoint).toMatchObject({ url: receiver.url, events: ['job.succeeded', 'job.failed', 'points.low'], enabled: true });
    const listed = await t.rest(apiKey, 'GET', '/api/v1/webhooks');
    expect((listed.body.data as { list: WebhookEndpointView[] }).list.map((item) => item.id)).toEqual([endpoint.endpoint.id]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
    const bad = await t.rest(apiKey, 'POST', '/api/v1/webhooks', { body: { url: 'ftp://example.com/x', events: ['job.succeeded'] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'url' } });
    const noEvent = await t.rest(apiKey, 'POST', '/api/v1/webhooks', { body: { url: receiver.url, events: ['job.progress'] } });
    expect(noEvent.status).toBe(400);
  });

  it('a TTS job created twice with one Idempotency-Key is one job and one charge; the receiver gets job.succeeded, signed, and the file downloads', async () => {
    const body = { text: 'Our new kettle boils water in ninety seconds.', voiceKey: VOICE, format: 'mp3' };
    const first = await t.rest(apiKey, 'POST', '/api/v1/tools/text-to-speech/jobs', { body, headers: { 'idempotency-key': 'line-1' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await t.rest(apiKey, 'POST', '/api/v1/tools/text-to-speech/jobs', { body, headers: { 'idempotency-key': 'line-1' } });
    expect(again.status).toBe(200);
    const jobId = (first.body.data as { job: JobView }).job.id;
    expect((again.body.data as { job: JobView }).job.id).toBe(jobId);
    const view = await waitForJob(jobId);
    expect(view.status).toBe('completed');
    expect(view.cost.settled).toBe(1);
    const ledger = (await t.call<{ list: Array<{ type: string; jobId: string | null }> }>('/bill/point/consume/pageList', { pageSize: 100 })).list.filter((entry) => entry.jobId === jobId);
    expect(ledger.map((entry) => entry.type).sort()).toEqual(['freeze', 'settle']);

    const received = await receiver.waitFor((all) => all.some((hook) => hook.headers['voxwork-event'] === 'job.succeeded') && all.some((hook) => hook.headers['voxwork-event'] === 'points.low'), 120_000);
    const hook = received.find((item) => item.headers['voxwork-event'] === 'job.succeeded')!;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['voxwork-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifyWebhookSignature(hook.headers['voxwork-signature'] as string, hook.body, endpoint.secret)).toBe(true);
    // The signature covers the timestamp and the raw body: any change breaks it.
    const [, timestamp, hex] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.headers['voxwork-signature'] as string)!;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    expect(hex).toHaveLength(64);
    expect(verifyWebhookSignature(hook.headers['voxwork-signature'] as string, hook.body.replace('succeeded', 'failed'), endpoint.secret)).toBe(false);
    expect(verifyWebhookSignature(hook.headers['voxwork-signature'] as string, hook.body, endpoint.secret, { now: Number(timestamp) + 301 })).toBe(false);
    expect(verifyWebhookSignature(hook.headers['voxwork-signature'] as string, hook.body, 'whsec_wrong')).toBe(false);

    const event = JSON.parse(hook.body) as Event;
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{24}$/), type: 'job.succeeded', created: expect.any(Number) });
    expect(event.data.job).toMatchObject({ id: jobId, tool: 'text-to-speech', status: 'succeeded', cost: { charged: 1 } });
    const file = event.data.job.files.find((item) => item.name === 'speech.mp3')!;
    const download = await fetch(file.url, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('audio/mpeg');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const low = JSON.parse(received.find((item) => item.headers['voxwork-event'] === 'points.low')!.body) as Event;
    expect(low.data).toMatchObject({ points: { total: 299, threshold: 300 }, job: { id: jobId, charged: 1 } });
    // One event, one delivery: nothing was sent twice.
    expect(receiver.received.filter((item) => item.headers['voxwork-event'] === 'job.succeeded')).toHaveLength(1);
  }, 240_000);

  it('a receiver down for three attempts gets the fourth; the log shows all four; points.low does not fire again below the threshold', async () => {
    const flakyEndpoint = (await t.rest(apiKey, 'POST', '/api/v1/webhooks', { body: { url: flaky.url, events: ['job.succeeded'] } })).body.data as typeof endpoint;
    const created = await t.rest(apiKey, 'POST', '/api/v1/tools/text-to-speech/jobs', { body: { text: 'A second line.', voiceKey: VOICE } });
    const jobId = (created.body.data as { job: JobView }).job.id;
    expect((await waitForJob(jobId)).status).toBe('completed');
    await flaky.waitFor((all) => all.length >= 4);
    expect(flaky.received.map((item) => item.answered)).toEqual([500, 500, 500, 200]);
    // Four attempts of one delivery: the same event id and delivery id each time, each signed.
    expect(new Set(flaky.received.map((item) => JSON.parse(item.body).id)).size).toBe(1);
    expect(new Set(flaky.received.map((item) => item.headers['voxwork-delivery'])).size).toBe(1);
    expect(flaky.received.every((item) => verifyWebhookSignature(item.headers['voxwork-signature'] as string, item.body, flakyEndpoint.secret))).toBe(true);

    let log: WebhookDeliveryView[] = [];
    await expect
      .poll(async () => {
        log = ((await t.rest(apiKey, 'GET', `/api/v1/webhooks/${flakyEndpoint.endpoint.id}/deliveries`)).body.data as { list: WebhookDeliveryView[] }).list;
        return log[0]?.status;
      }, { timeout: 60_000, interval: 200 })
      .toBe('delivered');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 'job.succeeded', attempts: 4, nextAttemptAt: null });
    expect(log[0]!.attemptLog.map((attempt) => [attempt.number, attempt.responseStatus, attempt.error])).toEqual([
      [1, 500, null],
      [2, 500, null],
      [3, 500, null],
      [4, 200, null],
    ]);
    expect(log[0]!.attemptLog.every((attempt) => attempt.durationMs >= 0 && !Number.isNaN(Date.parse(attempt.at)))).toBe(true);

    // The first endpoint got this job too, and no second points.low (the balance was already below 300).
    await receiver.waitFor((all) => all.filter((item) => item.headers['voxwork-event'] === 'job.succeeded').length === 2);
    expect(receiver.received.filter((item) => item.headers['voxwork-event'] === 'points.low')).toHaveLength(1);
    await t.rest(apiKey, 'DELETE', `/api/v1/webhooks/${flakyEndpoint.endpoint.id}`);
  }, 240_000);

  it('the account page’s calls: test event, send again, disable, delete, at most five endpoints', async () => {
    const { list } = await t.call<{ list: WebhookEndpointView[] }>('/api/webhooks/list', {});
    expect(list.map((item) => item.id)).toEqual([endpoint.endpoint.id]);
    const before = receiver.received.length;
    const test = await t.call<WebhookDeliveryView>('/api/webhooks/test', { id: endpoint.endpoint.id });
    expect(test).toMatchObject({ type: 'test', status: 'delivered', attempts: 1, attemptLog: [{ number: 1, responseStatus: 200, error: null }] });
    expect(receiver.received).toHaveLength(before + 1);
    const testHook = receiver.received.at(-1)!;
    expect(testHook.headers['voxwork-event']).toBe('test');
    expect(verifyWebhookSignature(testHook.headers['voxwork-signature'] as string, testHook.body, endpoint.secret)).toBe(true);

    const again = await t.call<WebhookDeliveryView>('/api/webhooks/redeliver', { deliveryId: test.id });
    expect(again).toMatchObject({ id: test.id, status: 'delivered', attempts: 2 });
    expect(again.attemptLog.map((attempt) => attempt.number)).toEqual([1, 2]);
    expect(JSON.parse(receiver.received.at(-1)!.body).id).toBe(JSON.parse(testHook.body).id);

    const log = await t.call<{ list: WebhookDeliveryView[] }>('/api/webhooks/deliveries', { id: endpoint.endpoint.id });
    expect(log.list.map((item) => item.type)).toEqual(expect.arrayContaining(['test', 'job.succeeded', 'points.low']));

    const disabled = await t.call<WebhookEndpointView>('/api/webhooks/setEnabled', { id: endpoint.endpoint.id, enabled: false });
    expect(disabled.enabled).toBe(false);
    const created = await t.rest(apiKey, 'POST', '/api/v1/tools/text-to-speech/jobs', { body: { text: 'Nobody hears of this one.', voiceKey: VOICE } });
    const jobId = (created.body.data as { job: JobView }).job.id;
    await waitForJob(jobId);
    const after = await t.call<{ list: WebhookDeliveryView[] }>('/api/webhooks/deliveries', { id: endpoint.endpoint.id });
    expect(after.list.map((item) => item.id)).toEqual(log.list.map((item) => item.id));
    expect((await t.rest(apiKey, 'PATCH', `/api/v1/webhooks/${endpoint.endpoint.id}`, { body: { enabled: true } })).body.data).toMatchObject({ enabled: true });

    for (let index = 0; index < 4; index++) await t.call('/api/webhooks/create', { url: `${receiver.url}?n=${index}`, events: ['job.failed'] });
    const sixth = await t.rawCall('/api/webhooks/create', { url: receiver.url, events: ['job.failed'] });
    expect(sixth).toMatchObject({ code: ErrorCode.WEBHOOK_LIMIT });
    const all = await t.call<{ list: WebhookEndpointView[] }>('/api/webhooks/list', {});
    for (const item of all.list.filter((candidate) => candidate.id !== endpoint.endpoint.id)) await t.call('/api/webhooks/delete', { id: item.id });
    expect((await t.call<{ list: WebhookEndpointView[] }>('/api/webhooks/list', {})).list).toHaveLength(1);
    const gone = await t.rest(apiKey, 'DELETE', `/api/v1/webhooks/${all.list.find((candidate) => candidate.id !== endpoint.endpoint.id)!.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ErrorCode.WEBHOOK_NOT_FOUND);
  }, 240_000);

  it('the delivery log forgets deliveries a month after they ended, never a pending one', async () => {
    const deliveries = createWebhookRepository(t.app.database.db);
    const endpoints = (await t.rest(apiKey, 'GET', '/api/v1/webhooks')).body.data as { list: WebhookEndpointView[] };
    const logOf = async (id: string) => ((await t.rest(apiKey, 'GET', `/api/v1/webhooks/${id}/deliveries`)).body.data as { list: WebhookDeliveryView[] }).list;
    const before = (await Promise.all(endpoints.list.map((listed) => logOf(listed.id)))).flat();
    expect(before.some((delivery) => delivery.status === 'delivered')).toBe(true);
    // Nothing here ended a month ago; everything that has ended by now goes once "now" is a month on.
    expect(await deliveries.deleteFinishedBefore(new Date(Date.now() - WEBHOOK_LOG_DAYS * 86_400_000))).toBe(0);
    const ended = before.filter((delivery) => delivery.status !== 'pending').length;
    expect(await deliveries.deleteFinishedBefore(new Date(Date.now() + 1000))).toBe(ended);
    const after = (await Promise.all(endpoints.list.map((listed) => logOf(listed.id)))).flat();
    expect(after.map((delivery) => delivery.id).sort()).toEqual(before.filter((delivery) => delivery.status === 'pending').map((delivery) => delivery.id).sort());
  });

  it('a revoked key is refused on the next call', async () => {
    await t.call('/api/apiKeys/revoke', { id: keyId });
    const refused = await t.rest(apiKey, 'GET', '/api/v1/webhooks');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(ErrorCode.API_KEY_REVOKED);
  });
});

describe('webhooks in production mode (NODE_ENV=production, WEBHOOKS_ALLOW_PRIVATE unset)', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    t = await startTestApp(async () => {
      const handle = await freshPglite();
      return { handle, cleanup: () => handle.close() };
    }, { NODE_ENV: 'production', AUTH_SECRET: 'a-production-auth-secret-of-enough-length-0123456789' });
  }, 60_000);
  afterAll(async () => t?.stop());

  it('refuses URLs that resolve to loopback, private and link-local addresses', async () => {
    const { secret } = await t.call<{ secret: string }>('/api/apiKeys/create', { name: 'Prod', scopes: ['text-to-speech'] });
    for (const [url, address] of [
      ['http://127.0.0.1:8080/hook', '127.0.0.1'],
      ['http://10.1.2.3/hook', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://[::1]:8080/hook', '::1'],
      ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ] as const) {
      const refused = await t.rest(secret, 'POST', '/api/v1/webhooks', { body: { url, events: ['job.succeeded'] } });
      expect(refused.status, url).toBe(422);
      expect(refused.body, url).toMatchObject({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN });
      expect(refused.body.message, url).toContain(address);
    }
    // A name that resolves to loopback is refused the same way.
    const named = await t.rest(secret, 'POST', '/api/v1/webhooks', { body: { url: 'http://localhost:8080/hook', events: ['job.succeeded'] }, headers: { 'accept-language': 'zh' } });
    expect(named.body.code).toBe(ErrorCode.WEBHOOK_URL_FORBIDDEN);
    expect(named.body.message).toMatch(/^不能向 .+ 发送 Webhook/);
    // The account page's call too.
    expect(await t.rawCall('/api/webhooks/create', { url: 'http://192.168.1.10/hook', events: ['job.failed'] })).toMatchObject({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN });
    expect((await t.call<{ list: unknown[] }>('/api/webhooks/list', {})).list).toEqual([]);
  });

  it("refuses every address of this machine's own interfaces, as read when the URL is checked (here eth0's 192.0.2.2: a test delivery once POSTed to the app itself)", async () => {
    const { secret } = await t.call<{ secret: string }>('/api/apiKeys/create', { name: 'Own', scopes: ['text-to-speech'] });
    const port = new URL(t.base).port;
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      // A link-local address needs a zone, which a URL cannot carry.
      .filter((entry) => !entry.internal && !entry.address.startsWith('fe80:'))
      .map((entry) => entry.address);
    expect(own.length, 'this machine has an interface besides loopback').toBeGreaterThan(0);
    for (const address of own) {
      const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/api/health`;
      const refused = await t.rest(secret, 'POST', '/api/v1/webhooks', { body: { url, events: ['job.succeeded'] } });
      expect(refused.status, url).toBe(422);
      expect(refused.body, url).toMatchObject({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN });
    }
    expect((await t.call<{ list: unknown[] }>('/api/webhooks/list', {})).list).toEqual([]);
  });
});
