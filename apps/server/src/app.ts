import { ErrorCode, REST_V1_ROUTES, allCalls, buildOpenApiDocument, pickLocale } from '@voxwork/contract';
import type { JobQueue } from '@voxwork/core';
import { createNotifier, migrateDatabase, openDatabase, type DatabaseHandle } from '@voxwork/db';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { resolveAuthSecret, type Config, type LoadedConfig } from './config.ts';
import { areas } from './areas/index.ts';
import type { AreaContext } from './areas/area.ts';
import { clientClosedRequest, replyClientClosedRequest } from './http/client-abort.ts';
import { contractPlugin } from './http/contract.plugin.ts';
import { sendError } from './http/envelope-reply.ts';
import { healthPlugin, type HealthCheck } from './http/health.plugin.ts';
import { contractRateLimit } from './http/public-write-limits.ts';
import { createSecurityHeaders, securitySettingsFromConfig } from './http/security-headers.ts';
import { webPlugin } from './http/web.plugin.ts';
import { startPgBoss, type RunningQueue } from './jobs/pg-boss-queue.ts';
import { AccessLogController, createLogger, requestId, requestLoggerFactory } from './logger.ts';
import { createServices } from './services.ts';

/** Paths that belong to the API: an unknown one answers with an envelope, never with a web page. */
const API_PREFIXES = ['/api/', '/bill/'];

export interface App {
  config: Config;
  http: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>;
  database: DatabaseHandle;
  log: Logger;
  /** Listens on the configured port; resolves with the address. */
  listen(): Promise<string>;
  /** Graceful stop: no new connections, running jobs finish or go back to the queue, database closed. */
  stop(): Promise<void>;
}

/** Builds the app for `config`; a config without AUTH_SECRET is resolved first (`resolveAuthSecret`). */
export async function createApp(loaded: LoadedConfig, options: { database?: DatabaseHandle } = {}): Promise<App> {
  const config = resolveAuthSecret(loaded);
  const log = createLogger(config.LOG_LEVEL);
  const has = (role: Config['roles'][number]) => config.roles.includes(role);
  const started = Date.now();

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: `${config.dataDir}/db`,
      poolMax: config.DATABASE_POOL_MAX,
      applicationName: `voxwork-${config.roles.join('+')}`,
    }));
  await migrateDatabase(database);
  log.info({ database: database.kind, ms: Date.now() - started }, 'database ready');

  const notifier = createNotifier(database, (error) => log.warn({ err: error }, 'notification channel error'));
  let queue: RunningQueue | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let webhookLoop: NodeJS.Timeout | undefined;
  /** The worker's round of webhook deliveries in flight (a stop lets it record its attempts first). */
  let delivering: Promise<unknown> | undefined;
  if (has('api') || has('worker')) {
    queue = await startPgBoss({
      handle: database,
      notifier,
      log,
      pollIntervalSeconds: config.JOB_POLL_INTERVAL_SECONDS,
      heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
      concurrency: config.WORKER_CONCURRENCY,
      concurrencyByType: config.JOB_CONCURRENCY,
    });
  }
  const jobQueue: JobQueue = queue?.queue ?? {
    send: () => Promise.reject(new Error('this process has no queue')),
  };
  const services = createServices({ database, queue: jobQueue, ...(queue ? { events: queue.events } : {}), config, log });
  const areaContext: AreaContext = { config, database, notifier, services, log };

  if (queue && has('worker')) {
    if (database.kind === 'pglite') await queue.requeueOrphans(await services.jobRepository.findRunning());
    await queue.work(services.jobs);
    log.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker started');
    // Points never stay frozen for jobs that ended or were abandoned.
    sweeper = setInterval(() => {
      services.jobs
        .sweep(new Date(Date.now() - config.JOB_STALE_HOURS * 3600_000), { pausedBefore: new Date(Date.now() - config.JOB_REVIEW_DAYS * 86_400_000) })
        .then((result) => (result.released || result.abandoned || result.expired) && log.warn(result, 'job sweeper released points'))
        .catch((error: unknown) => log.error({ err: error }, 'job sweeper failed'));
      services.apiKeys.sweepIdempotencyKeys().catch((error: unknown) => log.error({ err: error }, 'idempotency key sweep failed'));
      services.webhooks.sweepDeliveries().catch((error: unknown) => log.error({ err: error }, 'webhook delivery log sweep failed'));
      services.dubbing.sweepEditBatches().catch((error: unknown) => log.error({ err: error }, 'dubbing edit batch sweep failed'));
    }, 60_000);
    sweeper.unref();
    // Webhook deliveries due now (decision 038): claimed with FOR UPDATE SKIP LOCKED, so any number of workers share them.
    webhookLoop = setInterval(() => {
      if (delivering) return;
      delivering = services.webhooks
        .deliverDue()
        .catch((error: unknown) => log.error({ err: error }, 'webhook deliveries failed'))
        .finally(() => (delivering = undefined));
    }, config.WEBHOOKS_POLL_SECONDS * 1000);
    webhookLoop.unref();
  }

  let shuttingDown = false;
  const security = createSecurityHeaders(securitySettingsFromConfig(config));
  const http = Fastify({
    loggerInstance: log,
    logController: new AccessLogController(),
    // The request's pino child is made when the request logs something besides its access line (decision 093).
    childLoggerFactory: requestLoggerFactory,
    genReqId: requestId,
    bodyLimit: config.API_BODY_LIMIT_BYTES,
    // Off on purpose: request.ip/protocol/host come from the socket; TRUSTED_PROXIES is read where it matters (analytics, HSTS).
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  // A request its client abandoned (an upload closed mid-body) is the client's doing: a warning with 499, not a 500 with a stack; anything else goes to Fastify's default handler.
  http.setErrorHandler((error, request, reply) => {
    if (clientClosedRequest(request)) return replyClientClosedRequest(request, reply, error);
    throw error;
  });
  // Hooks run on every request: synchronous ones (no promise per request), headers set once up front.
  const everyResponse = Object.entries(security.everyResponse);
  http.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of everyResponse) reply.header(name, value);
    done();
  });
  // HTML answered outside the web app (the payment sandbox's checkout page, Better Auth's pages)
  // gets the document headers, and a policy that allows no script unless it sent its own. Pages of
  // the web app bring all of them.
  http.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('x-frame-options')) {
      security.applyDocumentHeaders(request, reply);
      // Better Auth's OAuth popup page sends its own (hash-based) policy.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', security.scriptlessPolicy);
    }
    done(null, payload);
  });

  const checks: HealthCheck[] = [{ name: 'database', check: async () => void (await database.db.execute(sql`select 1`)) }];
  await http.register(healthPlugin, { checks: () => checks, isShuttingDown: () => shuttingDown });

  if (has('api')) {
    const openApi = buildOpenApiDocument(allCalls, { title: 'Voxwork API', version: '0.1.0' }, REST_V1_ROUTES, { serverUrl: config.PUBLIC_URL });
    // The JSON stays at /api/docs for programs (any Accept but HTML); a browser is sent to the readable reference of the web app.
    http.get('/api/docs', async (request, reply) => {
      if (prefersHtml(request.headers.accept)) return reply.redirect(pickLocale(request.headers['accept-language']) === 'zh' ? '/zh/developers/api/reference' : '/developers/api/reference', 302);
      return openApi;
    });
    http.get('/api/docs/openapi.json', async () => openApi);
    await http.register(contractPlugin, {
      signSecret: config.API_SIGN_SECRET,
      signWindowMs: config.API_SIGN_WINDOW_SECONDS * 1000,
      bodyLimit: config.API_BODY_LIMIT_BYTES,
      operatorToken: config.OPERATOR_TOKEN,
      authenticate: services.authenticate,
      calls: areas.flatMap((area) => area.calls?.(areaContext) ?? []),
      rateLimitFor: contractRateLimit(config, services),
    });
    for (const area of areas) await area.routes?.(http, areaContext);
  }

  http.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix)) || request.method !== 'GET') {
      return sendError(request, reply, ErrorCode.CALL_NOT_FOUND, { status: 404, params: { path } });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${path}`);
  });

  if (has('web')) {
    // API-looking paths never reach the web renderer (checked in its catch-all route).
    await http.register(webPlugin, { buildDir: config.WEB_BUILD_DIR, security, apiPrefixes: API_PREFIXES });
  }

  return {
    config,
    http,
    database,
    log,
    async listen() {
      const address = await http.listen({ host: config.HOST, port: config.PORT });
      log.info({ roles: config.roles, ms: Date.now() - started }, `Voxwork is up: ${config.publicUrl}`);
      // The voice library (each synthesizer's catalogue, read from its program or files) is read
      // now rather than by the first page that needs a voice: on a busy machine that first read
      // took seconds, and pages showed "no voice chosen" meanwhile. A failure is left to that page.
      void services.speechEngines.libraryVoices().catch(() => undefined);
      return address;
    },
    async stop() {
      if (shuttingDown) return;
      shuttingDown = true;
      const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
      log.info({ graceMs }, 'shutting down');
      clearInterval(sweeper);
      clearInterval(webhookLoop);
      await delivering;
      await http.close();
      if (queue) await queue.stop(graceMs);
      await services.closeEngines();
      await notifier.close();
      await database.close();
      log.info('stopped');
    },
  };
}

/** A browser asking for a page (`text/html` before any JSON in `Accept`); programs (any type, JSON) are not. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}
