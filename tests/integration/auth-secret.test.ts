import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, PUBLIC_DEFAULT_AUTH_SECRET } from '../../apps/server/src/config.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { freePort, REPO_ROOT, SERVER_ENTRY, startServer, type ServerProcess } from '../support/server-process.ts';

/**
 * Issue 20, defect 2: AUTH_SECRET keys sessions, media links, share links and sandbox payments.
 * The embedded default generates its own into DATA_DIR; a deployment (DATABASE_URL or an explicit
 * NODE_ENV=production) must set one; the old public default is refused everywhere.
 */
const running: ServerProcess[] = [];
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  for (const server of running.splice(0)) await server.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The README's way: no AUTH_SECRET, no DATABASE_URL, no NODE_ENV (PUBLIC_URL only so sign-up's origin matches on any version). */
async function startEmbedded(dataDir: string) {
  const port = await freePort();
  const server = await startServer({ ROLE: 'api', DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  running.push(server);
  return server;
}

/** A media link for `key`, signed as the server signs them (media-url-signer.ts), with any secret. */
function forgeMediaLink(secret: string, key: string, expires: number): string {
  const sig = createHmac('sha256', secret).update(`media\n${key}\n${expires}`).digest('base64url');
  return `/api/media/${key.split('/').map(encodeURIComponent).join('/')}?${new URLSearchParams({ expires: String(expires), sig })}`;
}

function startAndExpectRefusal(env: Record<string, string>) {
  return spawnSync(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', VOXWORK_ENV_FILE: '', ROLE: 'api', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

describe('AUTH_SECRET on the embedded default', () => {
  it('is generated into DATA_DIR (mode 0600), refuses links re-signed with the old public default, and survives a restart', async () => {
    const dataDir = tempDir('voxwork-auth-secret-');
    const first = await startEmbedded(dataDir);
    const secretFile = path.join(dataDir, AUTH_SECRET_FILE);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(64);
    expect(secret).not.toBe(PUBLIC_DEFAULT_AUTH_SECRET);

    // A user's own file and the link the server gives for it.
    const owner = await createVerifiedUser(first.baseUrl, dataDir, 'owner@example.com');
    const wav = path.join(tempDir('voxwork-auth-secret-fixture-'), 'tone.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
    const uploaded = await fetch(`${first.baseUrl}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'tone.wav' },
      body: new Uint8Array(readFileSync(wav)),
    });
    const envelope = (await uploaded.json()) as { code: number; data: { url: string } };
    expect(envelope.code).toBe(0);
    const link = envelope.data.url;
    expect((await fetch(`${first.baseUrl}${link}`)).status).toBe(200);

    // Anyone re-signing that file's key for ten years: with the public default it is refused;
    // with the generated secret (which only DATA_DIR's owner can read) the same forgery works,
    // so the refusal is the secret's doing, not a broken forgery.
    const key = decodeURIComponent(link.split('?')[0]!.slice('/api/media/'.length));
    const tenYears = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
    expect((await fetch(`${first.baseUrl}${forgeMediaLink(PUBLIC_DEFAULT_AUTH_SECRET, key, tenYears)}`)).status).toBe(403);
    expect((await fetch(`${first.baseUrl}${forgeMediaLink(secret, key, tenYears)}`)).status).toBe(200);

    // Restarted on the same DATA_DIR: the same secret, so the link handed out before still plays.
    expect(await first.kill('SIGTERM')).toBe(0);
    const second = await startEmbedded(dataDir);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(secret);
    expect((await fetch(`${second.baseUrl}${link}`)).status).toBe(200);
    expect((await fetch(`${second.baseUrl}${forgeMediaLink(PUBLIC_DEFAULT_AUTH_SECRET, key, tenYears)}`)).status).toBe(403);
  }, 300_000);
});

describe('AUTH_SECRET in a deployment', () => {
  it.each([
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/never-reached' }, /required because DATABASE_URL is set/],
    [{ NODE_ENV: 'production' }, /required because NODE_ENV=production/],
  ])('%j without AUTH_SECRET: refuses to start and says what to set and how to make it', (env, reason) => {
    const dataDir = tempDir('voxwork-auth-secret-required-');
    const result = startAndExpectRefusal({ ...env, DATA_DIR: dataDir });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/AUTH_SECRET is not set/);
    expect(result.stderr).toMatch(reason);
    expect(result.stderr).toMatch(/openssl rand -base64 48/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dataDir, AUTH_SECRET_FILE))).toBe(false);
  }, 120_000);

  it('refuses the old public default value, whatever else is set', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }] as Record<string, string>[]) {
      const result = startAndExpectRefusal({ ...env, DATA_DIR: tempDir('voxwork-auth-secret-public-'), AUTH_SECRET: PUBLIC_DEFAULT_AUTH_SECRET });
      expect(result.status).toBe(78);
      expect(result.stderr).toMatch(/AUTH_SECRET: is the old public default/);
      expect(result.stderr).toMatch(/openssl rand -base64 48/);
    }
  }, 300_000);
});
