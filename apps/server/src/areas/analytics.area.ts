import {
  addressInfoCall,
  addressIpCall,
  ErrorCode,
  LOG_PATH,
  logCreateCall,
  logQuerySchema,
  logRecentCall,
  logReportCall,
  logStatsCall,
  verifySignature,
} from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import type { FastifyError, FastifyRequest } from 'fastify';
import { resolveClientAddress } from '../analytics/client-address.ts';
import { bearerToken, createCachedTokenUsers } from '../auth/request-user.ts';
import { clientClosedRequest, replyClientClosedRequest } from '../http/client-abort.ts';
import { bindCall, nodeMd5 } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { createPublicWriteGuard, publicWriteLimits } from '../http/public-write-limits.ts';
import type { Area } from './area.ts';
import type { Services } from '../services.ts';

const contentLength = (request: FastifyRequest) => {
  const value = Number(request.headers['content-length']);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** One token cache per app, shared by `/log` and `/api/log/create`. */
const tokenUsersOf = new WeakMap<Services, ReturnType<typeof createCachedTokenUsers>>();
const tokenUsers = (services: Services) => {
  let found = tokenUsersOf.get(services);
  if (!found) tokenUsersOf.set(services, (found = createCachedTokenUsers(services.authenticate)));
  return found;
};

/**
 * Analytics and IP info (issue 5): the address calls, `/api/log/*`, and the `/log` beacon endpoint.
 * Events are validated and counted by the ingest service and written in batches by the writer,
 * which the app's stop flushes (Fastify `onClose`, before the database closes).
 */
export const analyticsArea: Area = {
  name: 'analytics',
  calls: ({ services }) => {
    const { analytics } = services;
    const clientIp = (request: FastifyRequest) =>
      resolveClientAddress(analytics.trustedProxies, request.socket.remoteAddress, request.headers['x-forwarded-for']);
    return [
      bindCall(addressIpCall, async (body, { request }) => {
        const address = clientIp(request);
        return body.isDebug
          ? { ip: address.ip, debug: { remoteAddress: address.remoteAddress, forwardedFor: address.forwardedFor, trustedProxy: address.trustedProxy } }
          : { ip: address.ip };
      }),
      bindCall(addressInfoCall, async (body) => analytics.ipLocation.info(body.ip)),
      bindCall(logCreateCall, async (body, { request, identity }) => {
        const verifiedUserId = await tokenUsers(services)(identity.token);
        const result = analytics.ingest.ingest(body, { ingest: 'create', remoteIp: clientIp(request).ip, bytes: contentLength(request), verifiedUserId });
        return { accepted: true as const, event_name: result.event_name };
      }),
      bindCall(logStatsCall, async () => {
        const counters = analytics.ingest.counters();
        const writer = analytics.writer.stats();
        return {
          received: counters.received,
          accepted: counters.accepted,
          stored: writer.stored,
          rejected: counters.rejected,
          buffered: writer.buffered,
          flushes: writer.flushes,
          failedFlushes: writer.failedFlushes,
          totalInTable: await analytics.events.count(),
        };
      }),
      bindCall(logReportCall, async (body) => {
        await analytics.writer.flush();
        return analytics.report.report(body.days);
      }),
      bindCall(logRecentCall, async (body) => {
        await analytics.writer.flush();
        const rows = await analytics.events.recent(body.limit, body.eventName);
        return {
          events: rows.map((row) => ({
            id: row.id,
            receivedAt: row.receivedAt.toISOString(),
            eventName: row.eventName,
            pid: row.pid,
            tag: row.tag,
            event: row.payload,
          })),
        };
      }),
    ];
  },

  routes: async (http, { services, config }) => {
    const { analytics } = services;
    // POST /log shares the events budget of /api/log/create (per address, and per user when a signed-in browser sends its token).
    const eventsLimit = publicWriteLimits(config).events;
    const guard = createPublicWriteGuard({ limiter: services.rateLimiter, services });
    http.addHook('onClose', async () => {
      await analytics.writer.close();
    });

    // POST /log takes beacons: `navigator.sendBeacon` cannot set headers, so no `channel` header and
    // any content type (text/plain avoids a CORS preflight when LOG_BASE_URL is another host).
    await http.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: analytics.maxEventBytes }, (_request, body, done) => done(null, body));
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
      });
      scope.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
        if (clientClosedRequest(request)) return replyClientClosedRequest(request, reply, error);
        if (error instanceof DomainError) return sendError(request, reply, error.code, { params: error.params });
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          analytics.ingest.countEdgeRejection('tooLarge');
          return sendError(request, reply, ErrorCode.EVENT_TOO_LARGE, { status: 413, params: { limit: `${Math.round(analytics.maxEventBytes / 1024)} KB` } });
        }
        if (error.statusCode && error.statusCode < 500) {
          analytics.ingest.countEdgeRejection('invalid');
          return sendError(request, reply, ErrorCode.EVENT_INVALID, { status: error.statusCode, params: { reason: error.code ?? 'bad request' } });
        }
        request.log.error({ err: error }, 'log ingest failed');
        return sendError(request, reply, ErrorCode.INTERNAL_ERROR, { status: 500 });
      });

      scope.options(LOG_PATH, async (_request, reply) =>
        reply.header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type, authorization').header('access-control-max-age', '86400').code(204).send(),
      );

      scope.post(LOG_PATH, async (request, reply) => {
        const query = logQuerySchema.safeParse(request.query);
        const check = verifySignature({
          path: LOG_PATH,
          secret: config.API_SIGN_SECRET,
          timestamp: query.data?.timestamp,
          signature: query.data?.signature,
          now: Date.now(),
          windowMs: config.API_SIGN_WINDOW_SECONDS * 1000,
          md5: nodeMd5,
        });
        if (!check.ok) {
          analytics.ingest.countSignatureRejection();
          const code = { missing: ErrorCode.SIGNATURE_MISSING, invalid: ErrorCode.SIGNATURE_INVALID, stale: ErrorCode.TIMESTAMP_OUT_OF_WINDOW }[check.reason];
          return sendError(request, reply, code, { data: code === ErrorCode.TIMESTAMP_OUT_OF_WINDOW ? { serverTime: Date.now() } : undefined });
        }
        await guard(eventsLimit, request, { token: bearerToken(request.headers) });
        if (!query.success) {
          analytics.ingest.countEdgeRejection('invalid');
          return sendError(request, reply, ErrorCode.EVENT_INVALID, { params: { reason: 'pid and tag: letters, digits, _ . : - only' } });
        }
        const text = typeof request.body === 'string' ? request.body : '';
        let event: unknown;
        try {
          event = JSON.parse(text);
        } catch {
          analytics.ingest.countEdgeRejection('invalid');
          return sendError(request, reply, ErrorCode.EVENT_INVALID, { params: { reason: 'the body is not JSON' } });
        }
        const result = analytics.ingest.ingest(event, {
          ingest: 'log',
          pid: query.data.pid,
          tag: query.data.tag,
          remoteIp: resolveClientAddress(analytics.trustedProxies, request.socket.remoteAddress, request.headers['x-forwarded-for']).ip,
          bytes: Buffer.byteLength(text),
          // A signed-in browser sends its token (fetch; a beacon cannot), the only proof of who it is.
          verifiedUserId: await tokenUsers(services)(bearerToken(request.headers)),
        });
        return reply.send({ code: ErrorCode.OK, message: 'success', data: { accepted: true, event_name: result.event_name } });
      });
    });
  },
};
