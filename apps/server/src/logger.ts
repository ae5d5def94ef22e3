import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Structured JSON logs (pino). One line per event; request logs carry the request id as `reqId`. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'voxwork', pid: process.pid },
    timestamp: isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}

/** The process's logger, writing to stdout through one {@link LineBatchWriter} (decision 062). */
export function createLogger(level: string, destination: DestinationStream = stdoutLines()): Logger {
  return pino(loggerOptions(level), destination);
}

let stdoutWriter: LineBatchWriter | undefined;
/** One writer for stdout per process (every logger of the process shares it, so lines keep their order). */
function stdoutLines(): LineBatchWriter {
  if (!stdoutWriter) {
    const writer = new LineBatchWriter(1);
    // Lines of the last turn leave before the process does (process.exit, a crash, the loop running dry).
    process.on('exit', () => writer.flush());
    stdoutWriter = writer;
  }
  return stdoutWriter;
}

let timeSecond = Number.NaN;
let timePrefix = '';
/**
 * pino's `isoTime` (`,"time":"2026-11-29T00:02:44.452Z"`) without a Date and its formatting per
 * line: the part up to the seconds is made once per second.
 */
export function isoTime(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== timeSecond) {
    timeSecond = second;
    timePrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = now - second * 1000;
  return `,"time":"${timePrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Where the log lines go: lines written during one turn of the event loop are written together,
 * synchronously, when the turn ends (`setImmediate`), and at exit. Under load, that is one write
 * system call for all the requests a turn answered instead of one per line, and no per-line
 * bookkeeping (pino's default destination, sonic-boom, measures the UTF-8 length of its whole
 * pending buffer on every line). A line is never held longer than the turn that wrote it.
 * A full pipe (EAGAIN) is waited for, a closed one (EPIPE) drops what follows, like pino's own.
 */
export class LineBatchWriter implements DestinationStream {
  readonly #fd: number;
  readonly #write: (fd: number, buffer: Buffer, offset: number) => number;
  #lines: string[] = [];
  #scheduled = false;
  #closed = false;

  constructor(fd: number, write: (fd: number, buffer: Buffer, offset: number) => number = writeSync) {
    this.#fd = fd;
    this.#write = write;
  }

  write(line: string): boolean {
    if (this.#closed) return true;
    this.#lines.push(line);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#endOfTurn);
    }
    return true;
  }

  readonly #endOfTurn = () => {
    this.#scheduled = false;
    this.flush();
  };

  /** Writes every pending line now. */
  flush(): void {
    if (!this.#lines.length) return;
    const data = Buffer.from(this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join(''), 'utf8');
    this.#lines = [];
    let offset = 0;
    while (offset < data.length && !this.#closed) {
      try {
        offset += this.#write(this.#fd, data, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') Atomics.wait(sleepCell, 0, 0, 1);
        else if (code === 'EPIPE') this.#closed = true;
        else throw error;
      }
    }
  }
}

/** Honour a caller's `x-request-id` when it is a sane token, otherwise make one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Route config of routes whose successful answers write no access line (prerendered pages, build files). */
export const QUIET_ROUTE = { config: { accessLog: false } } as const;

/**
 * Fastify's request logging, one line per request instead of two: no "incoming request" line, and
 * "request completed" with method, path, status and duration (and `reqId`, from the request's
 * child logger). Routes registered with {@link QUIET_ROUTE} (the prerendered pages and build files)
 * log only problems: their errors, in Fastify's own error lines. (A route-level `logLevel: 'warn'`
 * did the same, but made Fastify build a pino child logger with its own level on every request.)
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    // The request's logger is pino's (createApp passes a pino instance); skip building the line when info is off.
    if (!(request.log as unknown as Logger).isLevelEnabled('info')) return;
    if ((request.routeOptions.config as { accessLog?: boolean }).accessLog === false) return;
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  }
}
