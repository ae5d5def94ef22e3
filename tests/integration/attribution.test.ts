import { LOG_PATH, signPath } from '@voxwork/contract';
import { createEventRepository, createFeedbackRepository } from '@voxwork/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../apps/server/src/app.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { TEST_OPERATOR_TOKEN } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 20, defect 3: feedback and analytics events name a user only when that user's token came
 * with them; a guest stays `guest_…`; an id the caller merely claims is stored as nobody.
 */
const SECRET = 'attribution-test-secret';
const GUEST = 'guest_1795000000000abcdef';
let server: TestApp;
let app: App;
let base: string;
let victim: { token: string; userId: string };
let caller: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestApp({ name: 'attribution', env: { API_SIGN_SECRET: SECRET } });
  ({ app, base } = server);
  victim = await createVerifiedUser(base, server.dataDir, 'victim@example.com');
  caller = await createVerifiedUser(base, server.dataDir, 'caller@example.com');
});
afterAll(() => server.stop());

const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

async function feedbackUserId(headers: Record<string, string>): Promise<string | null> {
  const answer = await signedCall(base, SECRET, '/api/feedback/create', { message: 'Who am I?', page: '/workbench/home' }, headers);
  expect(answer.code).toBe(0);
  const [row] = await createFeedbackRepository(app.database.db).latest(1);
  expect(row!.id).toBe((answer.data as { id: string }).id);
  return row!.userId;
}

const visit = (userId: string, eventName: string) => ({ event_name: eventName, timestamp: Date.now(), userId, path: '/pricing' });

/** The stored user of the one event named `eventName`, in its column and in its payload. */
async function storedUser(eventName: string) {
  await signedCall(base, SECRET, '/api/log/recent', { limit: 1 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }); // flushes the writer
  const rows = await createEventRepository(app.database.db).recent(1, eventName);
  expect(rows).toHaveLength(1);
  return { column: rows[0]!.userId, payload: (rows[0]!.payload as { userId?: string }).userId ?? null };
}

async function postLog(body: unknown, headers: Record<string, string> = {}) {
  const timestamp = Date.now();
  const response = await fetch(`${base}${LOG_PATH}?pid=voxwork-web&tag=test&timestamp=${timestamp}&signature=${signPath(LOG_PATH, SECRET, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify(body),
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

describe('feedback', () => {
  it("a user-id header without that user's token is not believed", async () => {
    expect(await feedbackUserId({ 'user-id': victim.userId })).toBeNull();
    expect(await feedbackUserId({ 'user-id': victim.userId, authorization: 'Bearer forged-token' })).toBeNull();
    // Another user's token names that user, whatever the header claims.
    expect(await feedbackUserId({ 'user-id': victim.userId, ...bearer(caller) })).toBe(caller.userId);
  });

  it('a signed-in user and a guest are attributed as themselves', async () => {
    expect(await feedbackUserId({ 'user-id': victim.userId, ...bearer(victim) })).toBe(victim.userId);
    expect(await feedbackUserId({ 'user-id': GUEST })).toBe(GUEST);
  });
});

describe('analytics events', () => {
  it('/api/log/create stores a claimed userId as nobody, a token as its user, a guest as the guest', async () => {
    const create = (eventName: string, headers: Record<string, string> = {}) => signedCall(base, SECRET, '/api/log/create', visit(victim.userId, eventName), headers);
    expect((await create('claimed_create')).code).toBe(0);
    expect(await storedUser('claimed_create')).toEqual({ column: null, payload: null });
    expect((await create('token_create', bearer(caller))).code).toBe(0);
    expect(await storedUser('token_create')).toEqual({ column: caller.userId, payload: caller.userId });
    expect((await signedCall(base, SECRET, '/api/log/create', visit(GUEST, 'guest_create'))).code).toBe(0);
    expect(await storedUser('guest_create')).toEqual({ column: GUEST, payload: GUEST });
  });

  it('/log does the same with the Authorization header of a signed-in browser', async () => {
    await postLog(visit(victim.userId, 'claimed_log'));
    expect(await storedUser('claimed_log')).toEqual({ column: null, payload: null });
    await postLog(visit(victim.userId, 'forged_log'), { authorization: 'Bearer forged-token' });
    expect(await storedUser('forged_log')).toEqual({ column: null, payload: null });
    await postLog(visit(victim.userId, 'own_log'), bearer(victim));
    expect(await storedUser('own_log')).toEqual({ column: victim.userId, payload: victim.userId });
    await postLog(visit(GUEST, 'guest_log'));
    expect(await storedUser('guest_log')).toEqual({ column: GUEST, payload: GUEST });
  });

  it('/log allows the Authorization header across origins (LOG_BASE_URL on another host)', async () => {
    const preflight = await fetch(`${base}${LOG_PATH}`, { method: 'OPTIONS', headers: { origin: 'http://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });
});
