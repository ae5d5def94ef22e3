import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { allCalls, ErrorCode, jsonNestingExceeds, MAX_BODY_DEPTH, signPath, type CallDefinition } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { malformedBodies, sampleValue, type MalformedBody } from '../support/malformed-bodies.ts';
import { freePort, startServer, TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../support/test-database.ts';

// Issue 20: 20 malformed bodies for every call, generated from the call's own schema, sent to a
// real server (api role) as a signed-in user or the operator, so they reach validation and the
// handlers, not only the access check. No answer may be a 5xx, every answer is an envelope, and
// the server still answers afterwards.

const BODIES_PER_CALL = 20;
const BODY_LIMIT = 1024 * 1024;
const PARALLEL = 6;

/** Codes a body the contract refuses may get: the edge's own, and a rate limit on public writes. */
const REFUSAL_CODES: number[] = [ErrorCode.INVALID_PARAMETER, ErrorCode.MALFORMED_JSON, ErrorCode.BODY_TOO_LARGE, ErrorCode.TOO_MANY_REQUESTS];

const backends: [string, () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>][] = [
  ['PGlite', async () => ({ env: {}, cleanup: async () => {} })],
];
if (TEST_DATABASE_URL) {
  backends.push([
    'PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      return { env: { DATABASE_URL: database.url }, cleanup: () => database.drop() };
    },
  ]);
}

/** What the contract says about a body: refused at the edge, or valid (then a handler answers). */
function contractVerdict(call: CallDefinition, raw: string): 'refused' | 'valid' {
  if (Buffer.byteLength(raw) > BODY_LIMIT || jsonNestingExceeds(raw, MAX_BODY_DEPTH)) return 'refused';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'refused';
  }
  return call.body.safeParse(parsed ?? {}).success ? 'valid' : 'refused';
}

describe.each(backends)('malformed bodies for every call on %s', (_name, openDatabase) => {
  let server: ServerProcess;
  let dataDir: string;
  let cleanupDatabase: () => Promise<void>;
  let user: { token: string; userId: string };
  let voiceKey = 'espeak:espeak-ng/en';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-fuzz-'));
    const database = await openDatabase();
    cleanupDatabase = database.cleanup;
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    server = await startServer({
      ROLE: 'api',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      // Set explicitly: a server on PostgreSQL may refuse to start on the built-in development secret.
      AUTH_SECRET: 'contract-fuzz-auth-secret-0123456789abcdef',
      API_BODY_LIMIT_BYTES: String(BODY_LIMIT),
      ...database.env,
    });
    user = await createVerifiedUser(base, dataDir, `fuzz-${randomUUID().slice(0, 8)}@example.com`);
    const voices = await signedCall(base, TEST_SIGN_SECRET, '/api/voices/list', { pageSize: 1 }, asUser());
    const first = (voices.data as { list?: { key: string }[] } | null)?.list?.[0];
    if (first) voiceKey = first.key;
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await cleanupDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const asUser = () => ({ authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  const identityFor = (call: CallDefinition): Record<string, string> =>
    call.access === 'user' ? asUser() : call.access === 'operator' ? { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } : {};

  /** Values only the running server knows, by field name; and whole bases for calls whose fields depend on each other. */
  const hints = () => ({ voiceKey, voice: voiceKey, 'speakers.value': voiceKey, 'voices.value': voiceKey, 'voices.key': 'es', 'translations.key': 'es', 'speakerVoices.key': 'es', 'speakerVoices.value.value': voiceKey, language: 'en', sourceLanguage: 'en', targetLanguages: ['es'], productId: 'pro:month', userId: user.userId, ownerId: user.userId, ip: '8.8.8.8', requestId: `fuzz-${randomUUID()}` });
  const baseFor = (call: CallDefinition): unknown => {
    if (call.path === '/api/log/create') return { event_name: 'fuzz_event', timestamp: Date.now(), path: '/fuzz' };
    if (call.path === '/api/operator/giftCodes/disable') return { codes: ['FUZZCODE'] };
    if (call.path === '/api/operator/giftCodes/create') return { count: 1, points: 10, note: 'fuzz', expiresAt: '2030-01-01T00:00:00Z' };
    if (call.path === '/api/system/selfCheck/create') return { durationSeconds: 1, frequencyHz: 440, ownerId: user.userId, cost: 0 };
    return sampleValue(call.body, '', hints());
  };

  async function send(call: CallDefinition, body: MalformedBody) {
    const timestamp = Date.now();
    const url = `${server.baseUrl}${call.path}?timestamp=${timestamp}&signature=${signPath(call.path, TEST_SIGN_SECRET, timestamp)}`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', channel: '100', ...identityFor(call) }, body: body.raw });
    } catch (error) {
      // A body over the limit is refused from its Content-Length; under load the server may answer and close before the
      // client has finished writing it, and the client then sees the write fail (EPIPE/ECONNRESET) instead of the 413.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (Buffer.byteLength(body.raw) > BODY_LIMIT && (code === 'EPIPE' || code === 'ECONNRESET')) return { status: 413, contentType: '', text: '', envelope: undefined, closedEarly: true };
      throw error;
    }
    const text = await response.text();
    let envelope: { code?: unknown; message?: unknown } | undefined;
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, envelope };
  }

  it(`answers ${BODIES_PER_CALL} malformed bodies for each of the ${allCalls.length} calls without a 5xx, each with an envelope`, async () => {
    const problems: string[] = [];
    const codes = new Map<number, number>();
    let sent = 0;
    let reachedHandlers = 0;
    for (const call of allCalls) {
      const base = baseFor(call);
      expect(contractVerdict(call, JSON.stringify(base)), `the sampled base body of ${call.path} should be valid: ${JSON.stringify(base)}`).toBe('valid');
      const bodies = malformedBodies(call, base, { count: BODIES_PER_CALL, bodyLimit: BODY_LIMIT });
      expect(bodies, call.path).toHaveLength(BODIES_PER_CALL);
      for (let start = 0; start < bodies.length; start += PARALLEL) {
        const batch = bodies.slice(start, start + PARALLEL);
        const answers = await Promise.all(batch.map((body) => send(call, body)));
        answers.forEach((answer, index) => {
          const body = batch[index]!;
          sent++;
          const where = `${call.path} [${body.label}] → HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
          if ('closedEarly' in answer) return;
          const code = typeof answer.envelope?.code === 'number' ? answer.envelope.code : undefined;
          if (answer.status >= 500) problems.push(`5xx: ${where}`);
          if (!answer.contentType.startsWith('application/json') || code === undefined || typeof answer.envelope?.message !== 'string' || !('data' in answer.envelope)) {
            problems.push(`not an envelope: ${where}`);
            return;
          }
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (contractVerdict(call, body.raw) === 'refused') {
            if (!REFUSAL_CODES.includes(code)) problems.push(`refused by the contract but answered ${code}: ${where}`);
          } else {
            reachedHandlers++;
            if (process.env.FUZZ_VERBOSE) console.info(`valid: ${where}`);
          }
        });
      }
    }
    console.info(
      `[contract-fuzz] ${_name}: sent ${sent} malformed bodies to ${allCalls.length} calls; ${reachedHandlers} were valid for the contract and reached a handler; ` +
        `answers by code: ${[...codes].sort((a, b) => b[1] - a[1]).map(([code, count]) => `${code}×${count}`).join(', ')}`,
    );
    expect(sent).toBe(allCalls.length * BODIES_PER_CALL);
    expect(problems).toEqual([]);
  }, 300_000);

  it('is still healthy afterwards: health checks, a public call, a user call and the analytics writer', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    expect(await signedCall(server.baseUrl, TEST_SIGN_SECRET, '/api/system/time', {})).toMatchObject({ code: 0, data: { serverTime: expect.any(Number) } });
    expect(await signedCall(server.baseUrl, TEST_SIGN_SECRET, '/bill/userAccount/getUserAccount', { userId: user.userId }, asUser())).toMatchObject({
      code: 0,
      data: { userId: user.userId },
    });
    // No event that the fuzz got accepted poisoned a batch write (PostgreSQL refuses NUL in JSON).
    const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    expect((await signedCall(server.baseUrl, TEST_SIGN_SECRET, '/api/log/report', { days: 1 }, operator)).code).toBe(0);
    const stats = await signedCall(server.baseUrl, TEST_SIGN_SECRET, '/api/log/stats', {}, operator);
    expect(stats).toMatchObject({ code: 0, data: { failedFlushes: 0, buffered: 0 } });
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
