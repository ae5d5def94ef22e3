import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';

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
