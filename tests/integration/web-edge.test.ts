import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { signPath } from '@voxwork/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../../apps/server/src/config.ts';
import { readOutbox } from '../support/accounts.ts';
import { freshPglite } from '../support/test-database.ts';

/**
 * The web role against the built app (decision 024): security headers on every page kind
 * (prerendered marketing, rendered workbench, auth, error), API JSON and the HTML the API answers;
 * precompressed pages and assets with strong ETags and 304s. Needs `npm run build` (the test
 * command builds first).
 */
const CLIENT_DIR = path.join(REPO_ROOT, 'apps/web/build/client');
const SECRET = 'web-edge-test-secret';
const SIGNED_IN = { cookie: `user_info=${encodeURIComponent(JSON.stringify({ token: 'any-token', userId: 'user-1' }))}` };

if (!existsSync(path.join(CLIENT_DIR, 'index.html.br'))) {
  throw new Error('tests/integration/web-edge.test.ts needs a web build with precompressed files: run npm run build');
}

async function startApp(env: Record<string, string>): Promise<{ app: App; dataDir: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-web-edge-'));
  const app = await createApp(
    loadConfig({ ROLE: 'web,api', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', API_SIGN_SECRET: SECRET, DATA_DIR: dataDir, ...env }),
    { database: await freshPglite() },
  );
  return {
    app,
    dataDir,
    async stop() {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `script-src` sources of a policy. */
function scriptSources(policy: string): string[] {
  const directive = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src '));
  if (!directive) throw new Error(`no script-src in ${policy}`);
  return directive.split(/\s+/).slice(1);
}

function directive(policy: string, name: string): string | undefined {
  return policy.split(';').map((part) => part.trim()).find((part) => part === name || part.startsWith(`${name} `));
}

/** Every `<script>` element: its attributes and content. */
function scripts(html: string): { attributes: string; content: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => ({ attributes: match[1]!, content: match[2]! }));
}

const isDataBlock = (attributes: string) => /type="application\/(ld\+)?json"/.test(attributes);

function expectDocumentHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy']);
  expect(permissions).toContain('microphone=(self)');
  for (const feature of ['camera', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  const policy = String(response.headers['content-security-policy']);
  expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  expect(directive(policy, 'default-src')).toBe("default-src 'self'");
  // Scripts: never 'unsafe-inline', 'unsafe-eval' or a scheme wildcard.
  expect(scriptSources(policy)).not.toContain("'unsafe-inline'");
  expect(scriptSources(policy)).not.toContain("'unsafe-eval'");
  expect(scriptSources(policy).filter((source) => /^(https?:|data:|blob:|\*)$/.test(source))).toEqual([]);
}

/** A rendered page: every executable inline script carries the nonce the policy allows, and nothing else is allowed inline. */
function expectNonceDocument(response: LightMyRequestResponse): string {
  expectDocumentHeaders(response);
  const sources = scriptSources(String(response.headers['content-security-policy']));
  const nonces = sources.filter((source) => source.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  expect(sources.filter((source) => source.startsWith("'sha256-"))).toEqual([]);
  const nonce = nonces[0]!.slice("'nonce-".length, -1);
  const inline = scripts(response.body).filter((script) => !/\ssrc=/.test(script.attributes) && !isDataBlock(script.attributes));
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) expect(script.attributes).toContain(`nonce="${nonce}"`);
  return nonce;
}

describe('web role: security headers on every page kind, precompressed build files', () => {
  let started: Awaited<ReturnType<typeof startApp>>;
  const get = (url: string, headers: Record<string, string> = {}) => started.app.http.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    started = await startApp({ PUBLIC_URL: 'http://127.0.0.1:3000' });
  });
  afterAll(() => started.stop());

  it('marketing (prerendered): the policy lists the SHA-256 of exactly the inline scripts the page runs', async () => {
    for (const url of ['/', '/zh', '/pricing', '/share']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectDocumentHeaders(response);
      const html = await readFile(path.join(CLIENT_DIR, url === '/' ? '' : url.slice(1), 'index.html'), 'utf8');
      expect(response.body).toBe(html);
      const expected = scripts(html)
        .filter((script) => !/\ssrc=/.test(script.attributes) && !isDataBlock(script.attributes))
        .map((script) => `'sha256-${createHash('sha256').update(script.content).digest('base64')}'`);
      expect(expected.length, url).toBeGreaterThan(3); // colour mode, language redirect, React Router's context and module
      const sources = scriptSources(String(response.headers['content-security-policy']));
      expect(new Set(sources.filter((source) => source.startsWith("'sha256-")))).toEqual(new Set(expected));
      expect(sources.filter((source) => source.startsWith("'nonce-"))).toEqual([]);
      // Over plain http without a trusted proxy: no HSTS, no upgrade.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      // No analytics configured: no third-party script origin.
      expect(String(response.headers['content-security-policy'])).not.toContain('googletagmanager');
    }
  });

  it('workbench (rendered): a fresh nonce per request on every inline script', async () => {
    const first = await get('/workbench/text-to-speech', SIGNED_IN);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const nonce = expectNonceDocument(first);
    const second = await get('/workbench/text-to-speech', SIGNED_IN);
    expect(expectNonceDocument(second)).not.toBe(nonce);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('auth pages (rendered) and the redirect to them', async () => {
    for (const url of ['/login', '/zh/register', '/forgot-password']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectNonceDocument(response);
    }
    const redirect = await get('/workbench');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['x-content-type-options']).toBe('nosniff');
  });

  it('error pages: 404 and 500 documents have the same headers', async () => {
    const notFound = await get('/this-page-does-not-exist');
    expect(notFound.statusCode).toBe(404);
    expectNonceDocument(notFound);
    const failed = await get('/500');
    expect(failed.statusCode).toBe(500);
    expectNonceDocument(failed);
  });

  it('API JSON: nosniff and the request id; an unknown API path never reaches the renderer', async () => {
    const timestamp = Date.now();
    const call = await started.app.http.inject({
      method: 'POST',
      url: `/api/system/time?timestamp=${timestamp}&signature=${signPath('/api/system/time', SECRET, timestamp)}`,
      headers: { 'content-type': 'application/json', channel: '100', 'x-request-id': 'edge-test-1' },
      payload: '{}',
    });
    expect(call.json()).toMatchObject({ code: 0 });
    expect(call.headers['x-content-type-options']).toBe('nosniff');
    expect(call.headers['x-request-id']).toBe('edge-test-1');
    const unknown = await get('/api/no-such-call');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
  });

  it('prerendered pages are sent precompressed by Accept-Encoding, with Vary and strong ETags, and revalidate with 304', async () => {
    const identity = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    const refusedBr = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 4);
    for (const response of [identity, br, gzip]) {
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-security-policy']).toBe(identity.headers['content-security-policy']);
      expect(String(response.headers.etag)).toMatch(/^"[\w-]+"$/); // strong: no W/
    }
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    const revalidated = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    const changed = await get('/', { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    // The trailing-slash form is the same page.
    expect((await get('/zh/', { 'accept-encoding': 'br' })).headers.etag).toBe((await get('/zh', { 'accept-encoding': 'br' })).headers.etag);
  });

  it('hashed assets keep immutable caching and are precompressed too; route data and other files revalidate', async () => {
    const home = await get('/');
    const asset = /<script type="module"[^>]*>[\s\S]*?import\s*"?[^"]*"?\s*from\s*"(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1] ?? /href="(\/assets\/[^"]+\.css)"/.exec(home.body)![1]!;
    const response = await get(asset, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const file = await readFile(path.join(CLIENT_DIR, asset));
    expect(brotliDecompressSync(response.rawPayload).equals(file)).toBe(true);
    expect((await get(asset, { 'if-none-match': `W/${String(response.headers.etag)}` })).statusCode).toBe(304);

    const data = await get('/pricing.data', { 'accept-encoding': 'gzip' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toBe('text/x-script');
    expect(data.headers['cache-control']).toBe('public, max-age=0');
    expect(gunzipSync(data.rawPayload).equals(await readFile(path.join(CLIENT_DIR, 'pricing.data')))).toBe(true);
    // Build internals and raw HTML files are not served as files.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/index.html.br')).statusCode).toBe(404);
  });

  it('HTML answered by the API (the payment sandbox page) gets a policy that allows no script', async () => {
    const email = 'edge-buyer@example.com';
    const base = 'http://127.0.0.1:3000';
    const auth = (url: string, body: unknown) =>
      started.app.http.inject({ method: 'POST', url: `/api/auth${url}`, headers: { 'content-type': 'application/json', origin: base }, payload: JSON.stringify(body) });
    expect((await auth('/sign-up/email', { email, password: 'a good password 1', name: 'edge' })).statusCode).toBe(200);
    const [mail] = await readOutbox(started.dataDir, email);
    await started.app.http.inject({ method: 'GET', url: new URL(mail!.link).pathname + new URL(mail!.link).search });
    const signIn = (await auth('/sign-in/email', { email, password: 'a good password 1' })).json<{ token: string; user: { id: string } }>();
    const timestamp = Date.now();
    const checkout = await started.app.http.inject({
      method: 'POST',
      url: `/api/payments/checkout/create?timestamp=${timestamp}&signature=${signPath('/api/payments/checkout/create', SECRET, timestamp)}`,
      headers: { 'content-type': 'application/json', channel: '100', authorization: `Bearer ${signIn.token}`, 'user-id': signIn.user.id },
      payload: JSON.stringify({ productId: 'points-1000', currency: 'USD' }),
    });
    const { checkoutUrl } = checkout.json<{ data: { checkoutUrl: string } }>().data;
    const page = await get(new URL(checkoutUrl).pathname + new URL(checkoutUrl).search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const policy = String(page.headers['content-security-policy']);
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'script-src')).toBeUndefined();
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
  });
});

describe('web role over HTTPS', () => {
  it('PUBLIC_URL https: HSTS and upgrade-insecure-requests on every page kind, Secure session cookies', async () => {
    const base = 'https://voxwork.example';
    const started = await startApp({ PUBLIC_URL: base });
    try {
      const get = (url: string, headers: Record<string, string> = {}) => started.app.http.inject({ method: 'GET', url, headers });
      for (const [url, headers] of [['/', {}], ['/login', {}], ['/workbench/home', SIGNED_IN], ['/no-such-page', {}]] as const) {
        const response = await get(url, headers);
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
        expect(String(response.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
      }
      const email = 'secure-cookies@example.com';
      const password = 'a good password 1';
      const auth = (url: string, body: unknown) =>
        started.app.http.inject({ method: 'POST', url: `/api/auth${url}`, headers: { 'content-type': 'application/json', origin: base }, payload: JSON.stringify(body) });
      expect((await auth('/sign-up/email', { email, password, name: 'secure' })).statusCode).toBe(200);
      const [mail] = await readOutbox(started.dataDir, email);
      await started.app.http.inject({ method: 'GET', url: new URL(mail!.link).pathname + new URL(mail!.link).search });
      const signIn = await auth('/sign-in/email', { email, password });
      expect(signIn.statusCode).toBe(200);
      const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
      const session = cookies.find((cookie) => cookie.includes('session_token='));
      expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
    } finally {
      await started.stop();
    }
  });

  it('behind a trusted proxy: HSTS only when the proxy says the visitor used HTTPS; a forged header from anyone else is ignored', async () => {
    const trusted = await startApp({ PUBLIC_URL: 'http://127.0.0.1:3000', TRUSTED_PROXIES: '127.0.0.1' });
    const untrusted = await startApp({ PUBLIC_URL: 'http://127.0.0.1:3000', TRUSTED_PROXIES: '10.0.0.1' });
    try {
      for (const url of ['/', '/login']) {
        const viaProxy = await trusted.app.http.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
        expect(viaProxy.headers['strict-transport-security'], url).toBe('max-age=31536000');
        const plain = await trusted.app.http.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(plain.headers['strict-transport-security'], url).toBeUndefined();
        const forged = await untrusted.app.http.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
        expect(forged.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await trusted.stop();
      await untrusted.stop();
    }
  });
});

describe('web role with an analytics measurement id', () => {
  it('allows exactly the tag origin for scripts, and its collection endpoints, only when configured', async () => {
    const started = await startApp({ PUBLIC_URL: 'http://127.0.0.1:3000', ANALYTICS_MEASUREMENT_ID_DESKTOP: 'G-TEST1234' });
    try {
      for (const [url, headers] of [['/', {}], ['/workbench/home', SIGNED_IN]] as const) {
        const policy = String((await started.app.http.inject({ method: 'GET', url, headers })).headers['content-security-policy']);
        expect(scriptSources(policy).filter((source) => source.startsWith('http'))).toEqual(['https://www.googletagmanager.com']);
        expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
      }
    } finally {
      await started.stop();
    }
  });
});
