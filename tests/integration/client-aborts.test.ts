import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signPath } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { startServer, TEST_SIGN_SECRET, type ServerProcess } from '../support/server-process.ts';

interface LogLine {
  level: number;
  msg?: string;
  statusCode?: number;
  res?: { statusCode?: number };
  err?: { stack?: string };
  url?: string;
  req?: { url?: string };
}

/**
 * Sends `sent` bytes of a body announced as `total` bytes, then destroys the connection: the client
 * abandons the request mid-body. Resolves once the connection is gone (or an answer came).
 */
function abandonMidBody(url: string, method: string, headers: Record<string, string>, total: number, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method, headers: { ...headers, 'content-length': String(total) } }, (response) => {
      response.resume();
      response.on('close', () => resolve());
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(Buffer.alloc(sent, 7), () => setImmediate(() => request.destroy()));
  });
}

/**
 * Issue 30, point 7: a request the client gives up on is the client's doing. Uploads abandoned
 * mid-body on every channel (one-request uploads raw and multipart, tus, the same through the
 * REST API, a signed call's JSON body) and a sign-in from a foreign origin, against a real server
 * process logging at info: no line at level 50 or above, no status 500, and each abandoned request
 * is a warning with status 499.
 */
describe('client aborts and refusals are not server errors', () => {
  let server: ServerProcess;
  let dataDir: string;
  let lines: () => LogLine[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-client-aborts-'));
    server = await startServer({ ROLE: 'api', DATA_DIR: dataDir, API_SIGN_SECRET: TEST_SIGN_SECRET, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    lines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('logs abandoned uploads as warnings with 499 and a refused sign-in origin as a warning with 403', async () => {
    const base = server.baseUrl;
    const user = await createVerifiedUser(base, dataDir, 'aborts@example.com');
    const auth = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
    const created = await signedCall(base, TEST_SIGN_SECRET, '/api/apiKeys/create', { name: 'Aborts', scopes: ['text-to-speech'] }, auth);
    expect(created.code).toBe(0);
    const key = { authorization: `Bearer ${(created.data as { secret: string }).secret}` };
    const before = lines().length;

    const MB = 1024 * 1024;
    // The one-request upload, raw and multipart, on the web app's path and the REST API's.
    for (const [url, headers] of [
      [`${base}/api/upload/file`, auth],
      [`${base}/api/v1/uploads`, key],
    ] as const) {
      await abandonMidBody(url, 'POST', { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': 'voice.wav' }, 4 * MB, 256 * 1024);
      await abandonMidBody(url, 'POST', { ...headers, 'content-type': 'multipart/form-data; boundary=XyZ' }, 4 * MB, 256 * 1024);
    }
    // tus: a PATCH that stops halfway.
    for (const [tusPath, headers] of [
      ['/api/upload/tus', auth],
      ['/api/v1/uploads/tus', key],
    ] as const) {
      const made = await fetch(`${base}${tusPath}`, {
        method: 'POST',
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(4 * MB), 'upload-metadata': `filename ${Buffer.from('voice.wav').toString('base64')}` },
      });
      expect(made.status, tusPath).toBe(201);
      const location = new URL(made.headers.get('location')!, `${base}${tusPath}/`).href;
      await abandonMidBody(location, 'PATCH', { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 4 * MB, 256 * 1024);
    }
    // A signed call whose JSON body stops halfway.
    const timestamp = Date.now();
    await abandonMidBody(
      `${base}/api/apiKeys/list?timestamp=${timestamp}&signature=${signPath('/api/apiKeys/list', TEST_SIGN_SECRET, timestamp)}`,
      'POST',
      { ...auth, 'content-type': 'application/json', channel: '100' },
      64 * 1024,
      1024,
    );
    // A sign-in from a foreign origin is refused (403).
    const refused = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example' }, body: JSON.stringify({ email: 'aborts@example.com', password: 'a good password 1' }) });
    expect(refused.status).toBe(403);

    // The one-request uploads and the signed call are answered (499) once the server notices the closed connection.
    const abandoned = () => lines().slice(before).filter((line) => line.level === 40 && line.statusCode === 499);
    await server.waitForLog(/the client closed the request/);
    for (let waited = 0; abandoned().length < 5 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
    // A request that is still being answered would be missed: health answers after the others.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const seen = lines().slice(before);
    const serverErrors = seen.filter((line) => line.level >= 50 || line.statusCode === 500 || line.res?.statusCode === 500);
    expect(serverErrors, JSON.stringify(serverErrors, null, 1)).toEqual([]);
    expect(abandoned().map((line) => line.url).sort()).toEqual(
      expect.arrayContaining(['/api/upload/file', '/api/upload/file', '/api/v1/uploads', '/api/v1/uploads', expect.stringMatching(/^\/api\/apiKeys\/list\?/)]),
    );
    const origin = seen.find((line) => line.msg === 'Invalid origin: http://evil.example');
    expect(origin).toMatchObject({ level: 40, statusCode: 403 });
  }, 120_000);
});
