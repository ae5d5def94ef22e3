import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobView, WebhookDeliveryView } from '@voxwork/contract';
import { verifyWebhookSignature } from '@voxwork/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const SECRET = 'webhooks-crash-secret';
const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * Deliveries live in the database (decision 038): the embedded default (one process, PGlite in
 * DATA_DIR) killed with SIGKILL after a failed attempt, started again on the same data, sends the
 * delivery again and it completes; the log holds both attempts.
 */
describe('embedded default: webhook deliveries survive kill -9', () => {
  it('a failed attempt, kill -9, restart: the delivery is retried and delivered', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-webhooks-crash-'));
    const receiver = await startWebhookReceiver((count) => (count === 1 ? 503 : 200));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }), () => receiver.close());
    // Retries 3 s after a failure: long enough to kill the process before the second attempt.
    const env = { ROLE: 'api,worker', DATA_DIR: dataDir, API_SIGN_SECRET: SECRET, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_BASE_SECONDS: '3', WEBHOOKS_POLL_SECONDS: '0.2' };
    const first = await startServer(env);
    running.push(first);
    const user = await createVerifiedUser(first.baseUrl, dataDir, `webhooks-crash-${Date.now()}@example.com`);
    const call = async <T>(base: string, pathName: string, body: unknown): Promise<T> => {
      const envelope = await signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
      expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
      return envelope.data as T;
    };
    const { endpoint, secret } = await call<{ endpoint: { id: string }; secret: string }>(first.baseUrl, '/api/webhooks/create', { url: receiver.url, events: ['job.succeeded'] });
    const { jobId } = await call<{ jobId: string }>(first.baseUrl, '/api/text-to-speech/create', { text: 'Delivered after a crash.', voiceKey: 'espeak:espeak-ng/en-us+f3' });

    // The first attempt is answered 503 and recorded; then the process dies before the retry.
    await receiver.waitFor((all) => all.length === 1, 120_000);
    let log: WebhookDeliveryView[] = [];
    await expect
      .poll(async () => {
        log = (await call<{ list: WebhookDeliveryView[] }>(first.baseUrl, '/api/webhooks/deliveries', { id: endpoint.id })).list;
        return log[0]?.attempts;
      }, { timeout: 60_000, interval: 200 })
      .toBe(1);
    expect(log[0]).toMatchObject({ status: 'pending', attemptLog: [{ number: 1, responseStatus: 503 }] });
    await first.kill('SIGKILL');
    running.splice(running.indexOf(first), 1);

    const second = await startServer(env);
    running.push(second);
    await receiver.waitFor((all) => all.length === 2, 60_000);
    expect(receiver.received.map((hook) => hook.answered)).toEqual([503, 200]);
    const [attempt1, attempt2] = receiver.received;
    expect(JSON.parse(attempt2!.body).id).toBe(JSON.parse(attempt1!.body).id);
    expect(JSON.parse(attempt2!.body).data.job).toMatchObject({ id: jobId, status: 'succeeded' });
    expect(verifyWebhookSignature(attempt2!.headers['voxwork-signature'] as string, attempt2!.body, secret)).toBe(true);
    await expect
      .poll(async () => {
        log = (await call<{ list: WebhookDeliveryView[] }>(second.baseUrl, '/api/webhooks/deliveries', { id: endpoint.id })).list;
        return log[0]?.status;
      }, { timeout: 60_000, interval: 200 })
      .toBe('delivered');
    expect(log).toHaveLength(1);
    expect(log[0]!.attemptLog.map((attempt) => [attempt.number, attempt.responseStatus])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    const job = await call<JobView>(second.baseUrl, '/api/jobs/get', { jobId });
    expect(job).toMatchObject({ status: 'completed', completions: 1 });
  }, 240_000);
});
