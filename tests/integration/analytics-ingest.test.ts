import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addressInfoCall, addressIpCall, ErrorCode, LOG_PATH, logCreateCall, logRecentCall, logStatsCall, signPath } from '@voxwork/contract';
import { createApiClient } from '@voxwork/contract/client';
import { createEventRepository, openDatabase, type DatabaseHandle } from '@voxwork/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startServer, TEST_OPERATOR_TOKEN } from '../support/server-process.ts';
import { createPostgresDatabase, freshPglite, TEST_DATABASE_URL } from '../support/test-database.ts';

const SECRET = 'analytics-test-secret';
const BURST_EVENTS = 5000;
const BURST_CLIENTS = 50;

function logUrl(base: string, secret = SECRET, query = 'pid=voxwork-web&tag=test') {
  const timestamp = Date.now();
  return `${base}${LOG_PATH}?${query}&timestamp=${timestamp}&signature=${signPath(LOG_PATH, secret, timestamp)}`;
}

function event(client: number, index: number) {
  return {
    source: 'web',
    event_type: 'view',
    event_name: 'page_visit',
    timestamp: Date.now(),
    language: index % 2 ? 'zh' : 'en',
    platform: 'WEB',
    path: `/page-${index % 7}`,
    properties: { ctime: Date.now(), is_mainland: false, sequence: index + 1, session_seq: 1, client, traffic_source: 'direct' },
  };
}

async function postEvent(base: string, body: unknown, contentType = 'text/plain;charset=UTF-8'): Promise<{ status: number; code: number }> {
  const response = await fetch(logUrl(base), { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, code: ((await response.json()) as { code: number }).code };
}

/** 5,000 events from 50 concurrent clients, each sending its 100 events one request at a time. */
async function burst(base: string): Promise<{ ok: number; failures: string[] }> {
  let ok = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: BURST_CLIENTS }, async (_, client) => {
      for (let index = 0; index < BURST_EVENTS / BURST_CLIENTS; index++) {
        const result = await postEvent(base, event(client, index));
        if (result.status === 200 && result.code === 0) ok++;
        else failures.push(`${result.status}/${result.code}`);
      }
    }),
  );
  return { ok, failures };
}

function describeIngest(name: string, openHandle: () => Promise<{ handle: DatabaseHandle; cleanup?: () => Promise<void> }>) {
  describe(name, () => {
    let app: App;
    let base: string;
    let cleanup: (() => Promise<void>) | undefined;
    const operator = () => createApiClient({ baseUrl: base, secret: SECRET, getIdentity: () => ({ token: TEST_OPERATOR_TOKEN }), timeoutMs: 30_000 });

    beforeAll(async () => {
      const opened = await openHandle();
      cleanup = opened.cleanup;
      app = await createApp(
        // The burst comes from one address: the per-address limit (rate-limits.test.ts) is raised above it, still counted.
        loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, LOG_EVENT_MAX_BYTES: '4096', RATE_LIMIT_EVENTS_PER_IP: '100000/1m' }),
        { database: opened.handle },
      );
      await app.listen();
      const address = app.http.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      base = `http://127.0.0.1:${address.port}`;
    });
    afterAll(async () => {
      await app?.stop();
      await cleanup?.();
    });

    it(`holds a burst of ${BURST_EVENTS} events from ${BURST_CLIENTS} concurrent clients: no error, count in = count stored`, async () => {
      const before = await operator().call(logStatsCall, {});
      const { ok, failures } = await burst(base);
      expect(failures).toEqual([]);
      expect(ok).toBe(BURST_EVENTS);
      await operator().call(logRecentCall, { limit: 1 }); // flushes the buffer
      const after = await operator().call(logStatsCall, {});
      expect(after.totalInTable - before.totalInTable).toBe(BURST_EVENTS);
      expect(after.accepted - before.accepted).toBe(BURST_EVENTS);
      expect(after.buffered).toBe(0);
      expect(after.failedFlushes).toBe(0);
    });

    it('refuses bad, oversized and unsigned events with catalogue errors, counts them, and keeps serving', async () => {
      const before = await operator().call(logStatsCall, {});
      expect(await postEvent(base, '{"event_name":')).toEqual({ status: 200, code: ErrorCode.EVENT_INVALID });
      expect(await postEvent(base, { event_name: 'has spaces', timestamp: 1 })).toEqual({ status: 200, code: ErrorCode.EVENT_INVALID });
      expect(await postEvent(base, { event_name: 'x', timestamp: 1, blob: 'x'.repeat(10_000) })).toEqual({ status: 413, code: ErrorCode.EVENT_TOO_LARGE });
      const unsigned = await fetch(`${base}${LOG_PATH}`, { method: 'POST', body: '{}' });
      expect(((await unsigned.json()) as { code: number }).code).toBe(ErrorCode.SIGNATURE_MISSING);
      const wrongSecret = await fetch(logUrl(base, 'another-secret'), { method: 'POST', body: '{}' });
      expect(((await wrongSecret.json()) as { code: number }).code).toBe(ErrorCode.SIGNATURE_INVALID);
      expect(await postEvent(base, { event_name: 'still_fine', timestamp: Date.now() }, 'application/json')).toEqual({ status: 200, code: 0 });

      const after = await operator().call(logStatsCall, {});
      expect(after.rejected.invalid - before.rejected.invalid).toBe(2);
      expect(after.rejected.tooLarge - before.rejected.tooLarge).toBe(1);
      expect(after.rejected.signature - before.rejected.signature).toBe(2);
    });

    it('stores payment_args_ events from /api/log/create as pay_args_node_', async () => {
      const client = createApiClient({ baseUrl: base, secret: SECRET });
      expect(await client.call(logCreateCall, { event_name: 'payment_args_checkout', timestamp: Date.now(), amount: 9.9 })).toEqual({
        accepted: true,
        event_name: 'pay_args_node_checkout',
      });
      const { events } = await operator().call(logRecentCall, { limit: 1, eventName: 'pay_args_node_checkout' });
      expect(events[0]!.event).toMatchObject({ event_name: 'pay_args_node_checkout', platform: 'WEB', properties: { amount: 9.9 } });
    });

    it('answers the address calls: own IP, public, private and malformed lookups', async () => {
      const client = createApiClient({ baseUrl: base, secret: SECRET });
      expect(await client.call(addressIpCall, {})).toEqual({ ip: '127.0.0.1' });
      expect(await client.call(addressIpCall, { isDebug: true })).toMatchObject({ ip: '127.0.0.1', debug: { trustedProxy: false } });
      expect(await client.call(addressInfoCall, { ip: '223.5.5.5' })).toMatchObject({ found: true, country_code: 'CN', province_code: '330000' });
      expect(await client.call(addressInfoCall, { ip: '192.168.0.1' })).toMatchObject({ found: false, reason: 'private' });
      const malformed = await client.call(addressInfoCall, { ip: 'not-an-ip' }, { raw: true }).catch((error: { code: number }) => error);
      expect(malformed).toMatchObject({ code: ErrorCode.IP_INVALID });
    });
  });
}

describeIngest('analytics ingest on PGlite', async () => ({ handle: await freshPglite() }));

describe.skipIf(!TEST_DATABASE_URL)('on PostgreSQL', () => {
  describeIngest('analytics ingest on PostgreSQL', async () => {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({ url: database.url });
    const { migrateDatabase } = await import('@voxwork/db');
    await migrateDatabase(handle);
    return { handle, cleanup: () => database.drop() };
  });
});

describe('graceful stop', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxwork-analytics-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes buffered events before the process exits on SIGTERM', async () => {
    // A long flush interval and a large batch keep every event in the buffer until the stop.
    const server = await startServer({ ROLE: 'api', DATA_DIR: dataDir, API_SIGN_SECRET: SECRET, LOG_FLUSH_INTERVAL_MS: '60000', LOG_BATCH_SIZE: '10000' });
    const sent = 300;
    for (let index = 0; index < sent; index++) expect((await postEvent(server.baseUrl, event(0, index))).code).toBe(0);
    expect(await server.kill('SIGTERM')).toBe(0);

    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      expect(await createEventRepository(handle.db).count()).toBe(sent);
    } finally {
      await handle.close();
    }
  });
});
