import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

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

/**
 * Route options of routes whose successful answers write no access line (prerendered pages, build
 * files): their request logger is at `warn`, so they log only problems (their errors, in Fastify's
 * own error lines). With {@link RequestLogger} a leveled request logger costs nothing until it logs.
 */
export const QUIET_ROUTE = { logLevel: 'warn' } as const;

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = unknown[];
const { chindingsSym, streamSym, timeSym } = pino.symbols;

/**
 * A request's logger, the pino child with the request id made only when something logs (decision
 * 093). Fastify builds one child per request (`logger.child({ reqId })`: bindings serialized, an
 * object made, ≈ 1 µs), yet most requests log nothing but their access line, which
 * {@link RequestLogger.completed} writes without a child. Installed by {@link requestLoggerFactory}.
 */
export class RequestLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  readonly #levelValue: number;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#levelValue = (options.level === undefined ? undefined : parent.levels.values[options.level]) ?? parent.levelVal;
  }

  /** The pino child, made on first use. */
  #logger(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const value = this.#parent.levels.values[level];
    return value !== undefined && value >= this.#levelValue;
  }

  fatal(...args: LogArguments): void {
    this.#log('fatal', args);
  }
  error(...args: LogArguments): void {
    this.#log('error', args);
  }
  warn(...args: LogArguments): void {
    this.#log('warn', args);
  }
  info(...args: LogArguments): void {
    this.#log('info', args);
  }
  debug(...args: LogArguments): void {
    this.#log('debug', args);
  }
  trace(...args: LogArguments): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#logger().child(bindings, options);
  }

  bindings(): Bindings {
    return this.#logger().bindings();
  }

  flush(callback?: (error?: Error) => void): void {
    this.#parent.flush(callback);
  }

  #log(level: LevelName, args: LogArguments): void {
    // A disabled level makes no child (pino's own method would be a no-op).
    if (!this.isLevelEnabled(level)) return;
    const logger = this.#logger();
    (logger[level] as (...values: LogArguments) => void).apply(logger, args);
  }

  /**
   * The access line, `request completed` at info with method, URL, status and duration: the bytes
   * pino writes for `child.info({ method, url, statusCode, responseTime }, 'request completed')`
   * (same time, bindings, key order and escaping; logger.test.ts compares them), put together here
   * without the child and pino's generic serializer. Once a child exists, pino writes it.
   */
  completed(method: string, url: string, statusCode: number, responseTime: number): void {
    if (!this.isLevelEnabled('info')) return;
    if (this.#child) {
      this.#child.info({ method, url, statusCode, responseTime }, 'request completed');
      return;
    }
    // pino's own parts of the line (exported as `pino.symbols` for integrations like this one).
    const parent = this.#parent as unknown as Record<symbol, unknown>;
    const time = parent[timeSym] as () => string;
    let bindings = '';
    for (const key in this.#bindings) bindings += `,${JSON.stringify(key)}:${JSON.stringify(this.#bindings[key])}`;
    (parent[streamSym] as DestinationStream).write(
      `{"level":30${time()}${parent[chindingsSym] as string}${bindings},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"statusCode":${statusCode},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  }
}

/** Fastify's `childLoggerFactory`: a {@link RequestLogger} instead of a pino child per request. */
export function requestLoggerFactory<L extends FastifyBaseLogger>(logger: L, bindings: Bindings, options: ChildLoggerOptions): L {
  // Fastify and the app use the logging methods, `child`, `level` and `isLevelEnabled` of a request's logger;
  // the parent is the pino logger the app gave Fastify (createApp passes a pino instance).
  return new RequestLogger(logger as unknown as Logger, bindings, options) as unknown as L;
}

/**
 * Fastify's request logging, one line per request instead of two: no "incoming request" line, and
 * "request completed" with method, path, status and duration (and `reqId`), written by the
 * request's {@link RequestLogger}. Routes registered with {@link QUIET_ROUTE} (the prerendered
 * pages and build files) log only problems.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const log: unknown = request.log;
    if (log instanceof RequestLogger) return log.completed(request.method, request.url, reply.statusCode, reply.elapsedTime);
    // A logger Fastify made without the factory (a plain pino child): the same line through pino.
    if (!(request.log as unknown as Logger).isLevelEnabled('info')) return;
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  }
}
