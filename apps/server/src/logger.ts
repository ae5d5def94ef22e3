import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
