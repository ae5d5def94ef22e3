import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, LOG_PATH, signPath } from '@voxwork/contract';
import { createRateLimiter, leaseSize, type RateLimitRule } from '@voxwork/core';
import { createFeedbackRepository, createRateLimitRepository, openDatabase, type DatabaseHandle } from '@voxwork/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { authRateLimitStorage } from '../../apps/server/src/auth/auth.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { freePort, TEST_OPERATOR_TOKEN } from '../support/server-process.ts';
import { createPostgresDatabase, freshPglite, TEST_DATABASE_URL, testDatabases } from '../support/test-database.ts';

const SECRET = 'rate-limits-test-secret';
const MINUTE = 60_000;

describe.each(testDatabases({ poolMax: 20 }))('the database rate limiter on %s', (_name, open) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, cleanup } = await open());
  });
  afterAll(() => cleanup());

  const limiterAt = (clock: { now: number }) => createRateLimiter({ store: createRateLimitRepository(handle.db), now: () => clock.now });
  const rule = (limit: number): RateLimitRule => ({ name: `test-${crypto.randomUUID()}`, limit, windowSeconds: 60 });

  it('200 parallel hits against a limit of 20: exactly 20 allowed (one atomic statement per hit)', async () => {
    const limiter = createRateLimiter({ store: createRateLimitRepository(handle.db) });
    const limit = rule(20);
    const decisions = await Promise.all(Array.from({ length: 200 }, () => limiter.consume(limit, '203.0.113.7')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
    const refused = decisions.filter((decision) => !decision.allowed);
    expect(refused).toHaveLength(180);
    expect(refused.every((decision) => decision.retryAfterSeconds >= 1 && decision.retryAfterSeconds <= 120)).toBe(true);
    // Another subject has its own budget.
    expect((await limiter.consume(limit, '203.0.113.8')).allowed).toBe(true);
  });

  it('a busy key takes leases: two replicas share a limit of 500 in a few dozen round trips, never letting more through', async () => {
    const repository = createRateLimitRepository(handle.db);
    let roundTrips = 0;
    const store = { hitMany: (hits: Parameters<typeof repository.hitMany>[0]) => (roundTrips++, repository.hitMany(hits)), deleteExpired: repository.deleteExpired };
    const replicas = [createRateLimiter({ store }), createRateLimiter({ store })];
    const limit = rule(500);
    expect(leaseSize(limit)).toBe(25);
    const decisions = await Promise.all(Array.from({ length: 1000 }, (_, index) => replicas[index % 2]!.consume(limit, '198.51.100.99')));
    const allowed = decisions.filter((decision) => decision.allowed).length;
    // Each replica may hold up to one lease it has not handed out: refused early, never let through late.
    expect(allowed).toBeLessThanOrEqual(500);
    expect(allowed).toBeGreaterThanOrEqual(500 - 2 * leaseSize(limit));
    expect(roundTrips).toBeLessThan(200);
  });

  it('hits on many keys share statements: 200 addresses × 3 hits against a limit of 2 allow exactly 2 each', async () => {
    const repository = createRateLimitRepository(handle.db);
    let statements = 0;
    const limiter = createRateLimiter({ store: { hitMany: (hits) => (statements++, repository.hitMany(hits)), deleteExpired: repository.deleteExpired } });
    const limit = rule(2);
    const subjects = Array.from({ length: 200 }, (_, index) => `192.0.2.${index}`);
    const decisions = await Promise.all(subjects.flatMap((subject) => [0, 1, 2].map(async () => ({ subject, allowed: (await limiter.consume(limit, subject)).allowed }))));
    for (const subject of subjects) expect(decisions.filter((decision) => decision.subject === subject && decision.allowed)).toHaveLength(2);
    expect(statements).toBeLessThan(60);
  });

  it('slides: the previous window counts by its overlap, refused hits are not counted, Retry-After is exact', async () => {
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    const clock = { now: start + 30_000 };
    const limiter = limiterAt(clock);
    const limit = rule(10);
    for (let index = 0; index < 10; index++) expect((await limiter.consume(limit, 'u1')).allowed).toBe(true);
    const refused = await limiter.consume(limit, 'u1');
    // 10 hits in this window: the next window must pass until 10 × (1 − t/60 s) + 1 ≤ 10, i.e. t ≥ 6 s → 30 s + 6 s.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 36 });

    // A fresh limiter (another replica: no local memory of the refusal) at the start of the next window: still full.
    clock.now = start + MINUTE;
    expect((await limiterAt(clock).consume(limit, 'u1')).allowed).toBe(false);
    // 6 s in, the previous window weighs 0.9: 9 + 1 ≤ 10. The refused hits did not count.
    clock.now = start + MINUTE + 6_000;
    const other = limiterAt(clock);
    expect(await other.consume(limit, 'u1')).toMatchObject({ allowed: true });
    expect(await other.consume(limit, 'u1')).toMatchObject({ allowed: false });
    // Half way, the previous window weighs 0.5: 5 + 1 (this window) + 4 more = 10.
    clock.now = start + MINUTE + 30_000;
    const later = limiterAt(clock);
    const allowed = [];
    for (let index = 0; index < 6; index++) allowed.push((await later.consume(limit, 'u1')).allowed);
    expect(allowed).toEqual([true, true, true, true, false, false]);
    // Two windows later nothing is left of it.
    clock.now = start + 3 * MINUTE;
    expect(await limiterAt(clock).consume(limit, 'u1')).toMatchObject({ allowed: true });
  });

  it('sign-ins (Better Auth on this limiter): steady traffic from one address is never refused, a burst is, and the count restarts as the window slides', async () => {
    const clock = { now: 1_000 * MINUTE };
    const storage = authRateLimitStorage(limiterAt(clock));
    const key = `203.0.113.50|/sign-up/email|${crypto.randomUUID()}`;
    const signUps = { window: 60, max: 8 };
    // Half an hour of one sign-up every 10 s (6 a minute against 8): Better Auth's own storages kept
    // counting while no pause of a whole window came, and refused from the ninth on.
    for (let index = 0; index < 180; index++) {
      expect(await storage.consume(key, signUps), `hit ${index}`).toEqual({ allowed: true, retryAfter: null });
      clock.now += 10_000;
    }
    // A burst of 20 two minutes later: 8 through, then refused with the seconds to wait.
    clock.now += 2 * MINUTE;
    const burst = [];
    for (let index = 0; index < 20; index++) burst.push(await storage.consume(key, signUps));
    expect(burst.filter((decision) => decision.allowed)).toHaveLength(8);
    expect(burst.slice(8).every((decision) => !decision.allowed && decision.retryAfter! >= 1 && decision.retryAfter! <= 120)).toBe(true);
    // Two windows later the address may sign up again.
    clock.now += 2 * MINUTE;
    expect(await storage.consume(key, signUps)).toEqual({ allowed: true, retryAfter: null });
  });

  it('a refused subject is answered from memory until its Retry-After, and expired counters are swept', async () => {
    const clock = { now: Date.now() };
    const limiter = limiterAt(clock);
    const limit = rule(1);
    expect((await limiter.consume(limit, 'flood')).allowed).toBe(true);
    expect((await limiter.consume(limit, 'flood')).allowed).toBe(false);
    const count = async () =>
      ((await handle.db.execute(sql`select count from rate_limit_counters where key = ${`${limit.name}:flood`}`)) as unknown as { rows: { count: number }[] }).rows[0]?.count;
    // Remove the row: a refusal remembered in this process does not need it.
    await handle.db.execute(sql`delete from rate_limit_counters where key = ${`${limit.name}:flood`}`);
    expect((await limiter.consume(limit, 'flood')).allowed).toBe(false);
    expect(await count()).toBeUndefined();

    await limiter.consume(rule(5), 'sweep-me');
    const expiredAt = async (at: number) =>
      Number(((await handle.db.execute(sql`select count(*)::int as n from rate_limit_counters where expires_at < ${new Date(at).toISOString()}::timestamptz`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    clock.now += 3 * MINUTE;
    const expired = await expiredAt(clock.now);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await limiter.sweep()).toBe(expired);
    expect(await expiredAt(clock.now)).toBe(0);
  });
});

type Reply = { status: number; retryAfter: string | null; code: number; message: string; data: Record<string, unknown> | null };

async function call(base: string, pathName: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const timestamp = Date.now();
  const response = await fetch(`${base}${pathName}?timestamp=${timestamp}&signature=${signPath(pathName, SECRET, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', channel: '100', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ...((await response.json()) as Omit<Reply, 'status' | 'retryAfter'>) };
}

async function startApp(database: DatabaseHandle, dataDir: string, env: Record<string, string> = {}): Promise<{ app: App; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await createApp(
    loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, ...env }),
    { database },
  );
  await app.listen();
  return { app, base };
}

describe('public writes are rate-limited (HTTP 429, code 1010, Retry-After)', () => {
  let app: App;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-rate-limits-'));
    // The loopback peer is a trusted proxy, so each test can be a different client address.
    ({ app, base } = await startApp(await freshPglite(), dataDir, { TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_EVENTS_PER_IP: '50/1m' }));
  });
  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('feedback without login: 100 parallel messages from one address, 10 stored, the rest refused with Retry-After', async () => {
    const from = { 'x-forwarded-for': '198.51.100.10', 'accept-language': 'zh-CN' };
    // Malformed messages are refused by validation and do not use up the budget.
    for (let index = 0; index < 12; index++) expect((await call(base, '/api/feedback/create', { message: ' ', page: '/' }, from)).code).toBe(ErrorCode.INVALID_PARAMETER);
    const replies = await Promise.all(Array.from({ length: 100 }, (_, index) => call(base, '/api/feedback/create', { message: `spam ${index}`, page: '/workbench/home' }, from)));
    expect(replies.filter((reply) => reply.code === 0)).toHaveLength(10);
    const refused = replies.filter((reply) => reply.code !== 0);
    expect(refused).toHaveLength(90);
    for (const reply of refused) {
      expect(reply).toMatchObject({ status: 429, code: ErrorCode.TOO_MANY_REQUESTS, data: { errorCode: ErrorCode.TOO_MANY_REQUESTS, seconds: expect.any(Number) } });
      expect(Number(reply.retryAfter)).toBe(reply.data!.seconds);
      expect(reply.message).toBe(`请求过于频繁，请 ${reply.data!.seconds} 秒后再试。`);
    }
    const stored = await createFeedbackRepository(app.database.db).latest(200);
    expect(stored.filter((row) => row.message.startsWith('spam '))).toHaveLength(10);
    // Another address is not affected.
    expect((await call(base, '/api/feedback/create', { message: 'hello', page: '/' }, { 'x-forwarded-for': '198.51.100.11' })).code).toBe(0);
  });

  it('a signed-in user is limited across addresses (5 per 10 minutes)', async () => {
    const user = await createVerifiedUser(base, dataDir, `limits-${Date.now()}@example.com`);
    const codes = [];
    for (let index = 0; index < 8; index++) {
      const reply = await call(base, '/api/feedback/create', { message: `from ${index}`, page: '/' }, { authorization: `Bearer ${user.token}`, 'x-forwarded-for': `192.0.2.${index + 1}` });
      codes.push(reply.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 1010, 1010, 1010]);
  });

  it('one signed /log request replayed 200 times: its address gets its 50 a minute, nothing more is stored', async () => {
    const timestamp = Date.now();
    const url = `${base}${LOG_PATH}?pid=voxwork-web&tag=test&timestamp=${timestamp}&signature=${signPath(LOG_PATH, SECRET, timestamp)}`;
    const body = JSON.stringify({ source: 'web', event_name: 'replayed_event', timestamp, platform: 'WEB', properties: {} });
    const headers = { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '198.51.100.20' };
    const replies = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(url, { method: 'POST', headers, body });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), code: ((await response.json()) as { code: number }).code };
      }),
    );
    expect(replies.filter((reply) => reply.status === 200 && reply.code === 0)).toHaveLength(50);
    const refused = replies.filter((reply) => reply.code === ErrorCode.TOO_MANY_REQUESTS);
    expect(refused).toHaveLength(150);
    expect(refused.every((reply) => reply.status === 429 && Number(reply.retryAfter) >= 1)).toBe(true);
    // /api/log/create draws on the same budget.
    expect((await call(base, '/api/log/create', { event_name: 'payment_args_x', timestamp: Date.now() }, { 'x-forwarded-for': '198.51.100.20' })).status).toBe(429);
    await call(base, '/api/log/recent', { limit: 1 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }); // flushes the buffer
    const flushed = await app.database.db.execute(sql`select count(*)::int as n from analytics_events where event_name = 'replayed_event'`);
    expect(Number((flushed as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(50);
  });

  it('text-to-speech previews: 30 a minute per user, then 1010 with the time to wait', async () => {
    const user = await createVerifiedUser(base, dataDir, `previews-${Date.now()}@example.com`);
    const asUser = { authorization: `Bearer ${user.token}`, 'x-forwarded-for': '198.51.100.30' };
    const preview = () => call(base, '/api/text-to-speech/preview', { text: 'Hi.', voiceKey: 'espeak:espeak-ng/en-us+f3' }, asUser);
    const codes: number[] = [];
    for (let index = 0; index < 30; index++) codes.push((await preview()).code);
    expect(codes).toEqual(Array<number>(30).fill(0));
    const last = await preview();
    expect(last).toMatchObject({ status: 429, code: ErrorCode.TOO_MANY_REQUESTS });
    expect(last.message).toMatch(/^Too many requests\. Please wait \d+ s and try again\.$/);
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('rate limits shared by two replicas on PostgreSQL', () => {
  const apps: App[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const app of apps) await app.stop();
    for (const cleanup of cleanups) await cleanup();
  });

  it('feedback sent alternately to two api processes on one database: 10 accepted in total', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-rate-replicas-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handles = await Promise.all([openDatabase({ url: database.url }), openDatabase({ url: database.url })]);
    const replicas: string[] = [];
    for (const handle of handles) {
      const started = await startApp(handle, dataDir);
      apps.push(started.app);
      replicas.push(started.base);
    }
    const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => call(replicas[index % 2]!, '/api/feedback/create', { message: `replica ${index}`, page: '/' })));
    expect(replies.filter((reply) => reply.code === 0)).toHaveLength(10);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(30);
  });
});
