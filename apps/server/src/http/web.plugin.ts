import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

export interface WebOptions {
  buildDir: string;
}

/**
 * The web role: prerendered marketing pages from memory, hashed assets with immutable caching,
 * and every other page rendered by React Router (SSR) through the Fetch API.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions): Promise<void> {
  const clientDir = path.join(options.buildDir, 'client');
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    setHeaders: (reply: FastifyReply, filePath: string) => {
      if (filePath.startsWith(path.join(clientDir, 'assets') + path.sep)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const prerendered = await loadPrerenderedPages(clientDir);
  for (const [url, html] of prerendered) {
    app.get(url, (_request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=0, must-revalidate').send(html),
    );
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const response = await handle(toFetchRequest(request, reply));
      if (response.status === 404) request.log.info({ path: request.url }, `Page not found: ${request.url.split('?')[0]}`);
      return sendFetchResponse(reply, response);
    },
  });
}

/** Every `index.html` under the client build is a prerendered page, served at its folder's URL. */
async function loadPrerenderedPages(clientDir: string): Promise<Map<string, Buffer>> {
  const pages = new Map<string, Buffer>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const folder = path.relative(clientDir, entry.parentPath);
    const url = folder ? `/${folder.split(path.sep).join('/')}` : '/';
    const html = await readFile(path.join(entry.parentPath, entry.name));
    pages.set(url, html);
    if (url !== '/') pages.set(`${url}/`, html);
  }
  return pages;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.body !== undefined) {
      init.body = typeof request.body === 'string' ? request.body : Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : JSON.stringify(request.body);
    } else {
      init.body = Readable.toWeb(request.raw) as ReadableStream;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
