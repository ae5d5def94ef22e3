import { request } from 'node:http';
import { signPath } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { freshPglite } from '../support/test-database.ts';

const SECRET = 'limits-test-secret';
let app: App;
let base: string;

beforeAll(async () => {
  app = await createApp(loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }), { database: await freshPglite() });
  await app.listen();
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => app.stop());

function signedUrl(path: string) {
  const timestamp = Date.now();
  return `${base}${path}?timestamp=${timestamp}&signature=${signPath(path, SECRET, timestamp)}`;
}

/** Streams a JSON body of the given size over a real socket, as a client would. */
function postLarge(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', channel: '100', 'content-length': bytes } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    req.write('{"blob":"');
    let sent = 10;
    const pump = () => {
      while (sent + chunk.length < bytes - 2) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(Buffer.alloc(bytes - sent - 2 + 1, 'a').toString() + '"}');
    };
    pump();
  });
}

describe('oversized and malformed bodies over a real socket', () => {
  it('a 20 MB JSON body gets 413 with a catalogue error, and the server keeps serving', async () => {
    const response = await postLarge(signedUrl('/api/system/time'), 20 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 1005, message: 'The request is too large (limit 1 MB).' });

    const after = await fetch(signedUrl('/api/system/time'), { method: 'POST', headers: { 'content-type': 'application/json', channel: '100' }, body: '{}' });
    expect((await after.json()).code).toBe(0);
  });

  it('malformed JSON gets 400 with a catalogue error, and the server keeps serving', async () => {
    const bad = await fetch(signedUrl('/api/system/time'), { method: 'POST', headers: { 'content-type': 'application/json', channel: '100' }, body: '{"a":' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe(1004);
    const after = await fetch(signedUrl('/api/system/time'), { method: 'POST', headers: { 'content-type': 'application/json', channel: '100' }, body: '{}' });
    expect((await after.json()).code).toBe(0);
  });
});
