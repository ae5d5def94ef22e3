import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@voxwork/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { QUIET_ROUTE } from '../logger.ts';
import { sendError } from './envelope-reply.ts';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { createNonce, HSTS_VALUE, inlineScriptHashes, type SecurityHeaders } from './security-headers.ts';
import { loadClientBuild, sendStaticFile, type StaticFile } from './static-files.ts';

export interface WebOptions {
  buildDir: string;
  security: SecurityHeaders;
  /** Paths of the API: an unknown one answers with an envelope, never with a web page. */
  apiPrefixes: readonly string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_PAGE = 'public, max-age=0, must-revalidate';
const REVALIDATE_FILE = 'public, max-age=0';

/**
 * The web role (decision 024): the client build from memory — prerendered marketing pages and
 * every other file, each precompressed (brotli, gzip) with a strong ETag; hashed assets cached
 * immutably — and every other page rendered by React Router (SSR) through the Fetch API, with a
 * per-request CSP nonce.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions): Promise<void> {
  const { security } = options;
  const clientDir = path.join(options.buildDir, 'client');
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const nonceContext = (build.entry.module as { cspNonceContext?: RouterContext<string> }).cspNonceContext;
  if (!nonceContext) throw new Error(`${serverEntry} does not export cspNonceContext (an older web build?): run npm run build`);
  const handle = createRequestHandler(build, 'production');

  // The build manifest (`builds/latest.json`, `builds/meta/{id}.json`) is the new-deployment signal
  // the browser polls: read from disk on every request, never kept in memory.
  await app.register(fastifyStatic, { root: path.join(clientDir, 'builds'), prefix: '/builds/', wildcard: true, index: false, preCompressed: true, logLevel: 'warn' });
  const { pages, files } = await loadClientBuild(clientDir, {
    skip: (file) => file.startsWith('builds/'),
    cacheControl: (file) => (file.startsWith('assets/') ? IMMUTABLE : file.endsWith('index.html') ? REVALIDATE_PAGE : REVALIDATE_FILE),
    // A prerendered page is static: its inline scripts are allowed by their hashes, computed once here.
    extraHeaders: (file, body) =>
      file.endsWith('index.html') ? { ...security.document, 'content-security-policy': security.policyWithHashes(inlineScriptHashes(body.toString('utf8'))) } : {},
  });
  for (const [url, file] of files) app.get(url, QUIET_ROUTE, (request, reply) => sendStaticFile(request, reply, file));
  for (const [url, page] of pages) app.get(url, QUIET_ROUTE, security.hstsPerRequest ? sendPageWithHsts(security, page) : (request, reply) => sendStaticFile(request, reply, page));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (options.apiPrefixes.some((prefix) => pathname.startsWith(prefix))) {
        return sendError(request, reply, ErrorCode.CALL_NOT_FOUND, { status: 404, params: { path: pathname } });
      }
      const nonce = createNonce();
      const context = new RouterContextProvider();
      context.set(nonceContext, nonce);
      const response = await handle(toFetchRequest(request, reply), context);
      if (response.status === 404) request.log.info({ path: request.url }, `Page not found: ${pathname}`);
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        security.applyDocumentHeaders(request, reply);
        reply.header('content-security-policy', security.policyWithNonce(nonce));
      }
      return sendFetchResponse(reply, response);
    },
  });
}

function sendPageWithHsts(security: SecurityHeaders, page: StaticFile) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (security.servedOverHttps(request)) reply.header('strict-transport-security', HSTS_VALUE);
    return sendStaticFile(request, reply, page);
  };
}
