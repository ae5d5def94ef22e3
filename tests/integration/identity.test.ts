import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, signPath } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { readOutbox } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { freshPglite } from '../support/test-database.ts';

const SECRET = 'identity-test-secret';
const OPERATOR = 'identity-test-operator-token';
let app: App;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-identity-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ROLE: 'api',
    API_SIGN_SECRET: SECRET,
    OPERATOR_TOKEN: OPERATOR,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '8',
  });
  app = await createApp(config, { database: await freshPglite() });
  await app.listen();
});
afterAll(async () => {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function auth(pathName: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/auth${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...headers }, body: JSON.stringify(body) });
}

async function call(pathName: string, body: unknown, headers: Record<string, string> = {}) {
  const timestamp = Date.now();
  const response = await fetch(`${base}${pathName}?timestamp=${timestamp}&signature=${signPath(pathName, SECRET, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', channel: '100', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: Record<string, unknown> | null };
}

const outbox = (to: string) => readOutbox(dataDir, to);

describe('identity and the account calls', () => {
  const email = 'ada@example.com';
  const password = 'correct horse 42';
  let token = '';
  let userId = '';

  it('signs up, mails a verification link, and refuses sign-in until it is used', async () => {
    const signUp = await auth('/sign-up/email', { email, password, name: 'Ada' });
    expect(signUp.status).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your email for Voxwork');
    const early = await auth('/sign-in/email', { email, password });
    expect(early.status).toBe(403);
    const verify = await fetch(mails[0]!.link, { redirect: 'manual' });
    expect([200, 302]).toContain(verify.status);
  });

  it('signs in and uses the session token as the call token', async () => {
    const signIn = await auth('/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    const body = (await signIn.json()) as { token: string; user: { id: string } };
    token = body.token;
    userId = body.user.id;
    expect(token).toMatch(/\S{20,}/);
    const account = await call('/bill/userAccount/getUserAccount', { userId }, { authorization: `Bearer ${token}`, 'user-id': userId });
    expect(account).toMatchObject({ code: 0, data: { userId, planId: 'free', vipLevel: 0, availablePoint: 300, freezePoint: 0, totalPoint: 300, vtUseLimit: 3 } });
  });

  // Checked tokens are remembered for a few seconds (SESSION_CACHE_SECONDS, decision 072): a
  // sign-out or a revocation must still end the token's calls at once.
  it('a signed-out or revoked session is refused on the very next call, though its token was just used', async () => {
    const account = (headers: Record<string, string>) => call('/bill/userAccount/getUserAccount', { userId }, headers);
    const second = (await (await auth('/sign-in/email', { email, password })).json()) as { token: string };
    const headers = { authorization: `Bearer ${second.token}` };
    expect((await account(headers)).code).toBe(0);
    expect((await auth('/sign-out', {}, headers)).status).toBe(200);
    expect((await account(headers)).code).toBe(ErrorCode.AUTH_REQUIRED);

    const third = (await (await auth('/sign-in/email', { email, password })).json()) as { token: string };
    const revoked = { authorization: `Bearer ${third.token}` };
    expect((await account(revoked)).code).toBe(0);
    expect((await auth('/revoke-other-sessions', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await account(revoked)).code).toBe(ErrorCode.AUTH_REQUIRED);
    // The session that revoked the others goes on.
    expect((await account({ authorization: `Bearer ${token}` })).code).toBe(0);
  });

  it('rejects a wrong password, an unknown token and a mismatched user id with catalogue codes', async () => {
    expect((await auth('/sign-in/email', { email, password: 'wrong password' })).status).toBe(401);
    expect((await call('/bill/userAccount/getUserAccount', { userId }, { authorization: 'Bearer not-a-token' })).code).toBe(ErrorCode.AUTH_REQUIRED);
    expect((await call('/bill/userAccount/getUserAccount', { userId }, {})).code).toBe(ErrorCode.AUTH_REQUIRED);
    expect((await call('/bill/userAccount/getUserAccount', { userId }, { authorization: `Bearer ${token}`, 'user-id': 'guest_123' })).code).toBe(ErrorCode.USER_MISMATCH);
    expect((await call('/bill/userAccount/getUserAccount', { userId: 'someone-else' }, { authorization: `Bearer ${token}` })).code).toBe(ErrorCode.USER_MISMATCH);
  });

  it('redeems a gift code made by the operator; the history shows it; a second redemption is refused raw', async () => {
    const created = await call('/api/operator/giftCodes/create', { count: 1, points: 500 }, { authorization: `Bearer ${OPERATOR}` });
    expect(created.code).toBe(0);
    const code = (created.data!.codes as { code: string }[])[0]!.code;
    const headers = { authorization: `Bearer ${token}`, 'user-id': userId };
    const redeemed = await call('/bill/userAccount/redeemCode', { redeemCode: code.toLowerCase() }, headers);
    expect(redeemed).toMatchObject({ code: 0, data: { points: 500 } });
    expect((await call('/bill/userAccount/redeemCode', { redeemCode: code }, headers)).code).toBe(ErrorCode.REDEEM_CODE_USED);
    expect((await call('/bill/userAccount/redeemCode', { redeemCode: '<script>' }, headers)).code).toBe(ErrorCode.REDEEM_CODE_UNKNOWN);
    const history = await call('/bill/point/consume/pageList', { pageNum: 1, pageSize: 10 }, headers);
    expect(history).toMatchObject({ code: 0, data: { total: 2, pageNum: 1, pageSize: 10 } });
    expect((history.data!.list as { type: string; availableDelta: number }[]).map((entry) => [entry.type, entry.availableDelta])).toEqual([
      ['redeem', 500],
      ['grant', 300],
    ]);
    const account = await call('/bill/userAccount/getUserAccount', { userId }, headers);
    expect(account.data).toMatchObject({ availablePoint: 800, totalPoint: 800 });
  });

  it('forgot-password answers the same for known and unknown emails, and mails only the known one', async () => {
    const known = await auth('/request-password-reset', { email, redirectTo: `${base}/reset-password` });
    const unknown = await auth('/request-password-reset', { email: 'nobody@example.com', redirectTo: `${base}/reset-password` });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await outbox(email)).filter((mail) => mail.subject === 'Reset your Voxwork password')).toHaveLength(1);
    expect(await outbox('nobody@example.com')).toHaveLength(0);
  });

  it('serves the password policy and enforces it on sign-up', async () => {
    const policy = await call('/api/account/passwordPolicy', {});
    expect(policy.data).toEqual({ minLength: 6, maxLength: 128, requireLowercase: false, requireUppercase: false, requireNumeric: false, requireNonAlphanumeric: false, enforced: true });
    const short = await auth('/sign-up/email', { email: 'short@example.com', password: '12345', name: 'Short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_POLICY', rules: ['minLength'] });
    expect(await outbox('short@example.com')).toHaveLength(0);
    const providers = await call('/api/account/providers', {});
    expect(providers.data).toEqual({ providers: [] });
  });

  it('deletes the account with a fresh sign-in and the password; its data goes with it', async () => {
    const signIn = await auth('/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    const fresh = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${fresh.token}` };
    const wrong = await auth('/delete-user', { password: 'not it' }, headers);
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await call('/bill/userAccount/getUserAccount', { userId }, headers)).code).toBe(0);
    const deleted = await auth('/delete-user', { password }, headers);
    expect(deleted.status).toBe(200);
    expect((await call('/bill/userAccount/getUserAccount', { userId }, headers)).code).toBe(ErrorCode.AUTH_REQUIRED);
    expect((await auth('/sign-in/email', { email, password })).status).toBe(401);
  });

  it('refuses markup and SQL in a nickname with a catalogue message, and creates nothing', async () => {
    for (const name of ['<img src=x onerror=alert(1)>', "x'; DROP TABLE auth_user; --"]) {
      const response = await auth('/sign-up/email', { email: 'nick@example.com', password, name }, { 'accept-language': 'zh-CN' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'INVALID_NICKNAME', message: '昵称需为 1–40 个字符，且不能包含 <、>、{、}、;、反斜杠或代码。' });
    }
    expect(await outbox('nick@example.com')).toHaveLength(0);
    const fine = await auth('/sign-up/email', { email: 'nick@example.com', password, name: "Seán O'Brien" });
    expect(fine.status).toBe(200);
  });

  it('rate-limits repeated sign-in attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await auth('/sign-in/email', { email, password: `guess-${i}` })).status);
    expect(statuses).toContain(429);
  });

});
