import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTransport } from './webhook-transport.ts';

describe('webhook transport', () => {
  let port: number;
  const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ headers: request.headers, body });
      response.writeHead(request.url === '/slow' ? 200 : 204).end();
    });
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const codeOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    return error instanceof DomainError ? { code: error.code, params: error.params } : error;
  };

  it('refuses a host that resolves to a forbidden address, when any of its addresses is one', async () => {
    const transport = createWebhookTransport({
      allowPrivate: false,
      timeoutMs: 2000,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(await codeOf(transport.check('https://hooks.example.test/x'))).toEqual({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN, params: { address: '10.0.0.7' } });
    expect(await codeOf(transport.post('https://hooks.example.test/x', '{}', {}))).toMatchObject({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN });
    expect(await codeOf(createWebhookTransport({ allowPrivate: false, timeoutMs: 2000 }).check('http://[::1]:80/'))).toMatchObject({ code: ErrorCode.WEBHOOK_URL_FORBIDDEN });
  });

  it('a host that does not resolve is WEBHOOK_URL_UNRESOLVABLE', async () => {
    const transport = createWebhookTransport({ allowPrivate: true, timeoutMs: 2000, resolve: async () => Promise.reject(new Error('ENOTFOUND')) });
    expect(await codeOf(transport.check('https://nowhere.invalid/'))).toEqual({ code: ErrorCode.WEBHOOK_URL_UNRESOLVABLE, params: { host: 'nowhere.invalid' } });
  });

  it('connects to the address it checked, not to a second answer of the resolver (no rebinding), with the host name kept', async () => {
    let lookups = 0;
    // The first answer is the receiver; any later one would point elsewhere.
    const transport = createWebhookTransport({ allowPrivate: true, timeoutMs: 2000, resolve: async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '192.0.2.1', family: 4 }]) });
    const answer = await transport.post(`http://hooks.example.test:${port}/in`, '{"a":1}', { 'voxwork-event': 'test' });
    expect(answer).toEqual({ status: 204 });
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ body: '{"a":1}', headers: { host: `hooks.example.test:${port}`, 'voxwork-event': 'test', 'content-length': '7' } });
  });

  it('a refused connection rejects with the network error', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createWebhookTransport({ allowPrivate: true, timeoutMs: 2000 });
    await expect(transport.post(`http://127.0.0.1:${closedPort}/`, '{}', {})).rejects.toThrow(/ECONNREFUSED/);
  });
});
