import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger, type LoggerOptions } from 'pino';

/** Structured JSON logs (pino). One line per event; request logs carry the request id as `reqId`. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'voxwork', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

/** Honour a caller's `x-request-id` when it is a sane token, otherwise make one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's request logging, one line per request instead of two: no "incoming request" line, and
 * "request completed" with method, path, status and duration (and `reqId`, from the request's
 * child logger). Routes registered with `logLevel: 'warn'` (the prerendered pages and build files)
 * log only problems. Error lines stay Fastify's own.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    // The request's logger is pino's (createApp passes a pino instance); skip building the line when info is off.
    if (!(request.log as unknown as Logger).isLevelEnabled('info')) return;
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  }
}
