import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { readOutbox } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { freshPglite } from '../support/test-database.ts';

/**
 * Issue 20, defect 8: with PUBLIC_URL unset, sign-up and sign-in work from the addresses the server
 * answers at (http://127.0.0.1:PORT, http://localhost:PORT), a foreign origin is still refused, and
 * the refusal says which address to use.
 */
let app: App;
let port: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-origins-'));
  port = await freePort();
  const config = loadConfig({ ROLE: 'api', LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '200' });
  expect(config.PUBLIC_URL).toBeUndefined();
  app = await createApp(config, { database: await freshPglite() });
  await app.listen();
});
afterAll(async () => {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function auth(pathName: string, body: unknown, origin: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}/api/auth${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });
}

describe('sign-in origins without PUBLIC_URL', () => {
  it.each(['127.0.0.1', 'localhost'])('signs up and signs in from http://%s:PORT', async (host) => {
    const origin = `http://${host}:${port}`;
    const email = `origin-${host.replace(/\W/g, '-')}@example.com`;
    const password = 'correct horse 42';
    const signUp = await auth('/sign-up/email', { email, password, name: 'Origin', callbackURL: '/login-loading' }, origin);
    expect(signUp.status).toBe(200);
    const [mail] = await readOutbox(dataDir, email);
    expect(mail).toBeDefined();
    await fetch(mail!.link, { redirect: 'manual' });
    const signIn = await auth('/sign-in/email', { email, password }, origin);
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { token: string }).token).toEqual(expect.any(String));
  });

  it.each(['http://evil.example', `http://127.0.0.1:1`, 'null'])('refuses %s and says where sign-in is accepted', async (origin) => {
    for (const [pathName, body] of [
      ['/sign-up/email', { email: 'evil@example.com', password: 'correct horse 42', name: 'Evil' }],
      ['/sign-in/email', { email: 'origin-127-0-0-1@example.com', password: 'correct horse 42' }],
    ] as const) {
      const response = await auth(pathName, body, origin, { cookie: 'better-auth.session_token=x' });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: origin === 'null' ? 'MISSING_OR_NULL_ORIGIN' : 'INVALID_ORIGIN',
        origin: origin === 'null' ? null : origin,
        acceptedOrigin: `http://localhost:${port}`,
        message: expect.stringContaining(`accepts it at http://localhost:${port}`),
      });
    }
    expect(await readOutbox(dataDir, 'evil@example.com')).toHaveLength(0);
  });
});
