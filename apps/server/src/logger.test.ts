import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pino, { type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLogController, isoTime, LineBatchWriter, loggerOptions, QUIET_ROUTE, RequestLogger, requestId, requestLoggerFactory } from './logger.ts';

/** A writer whose writes land in `written` (as the fd would receive them). */
function capture(write?: (fd: number, buffer: Buffer, offset: number) => number) {
  const written: string[] = [];
  const writer = new LineBatchWriter(
    99,
    write ??
      ((_fd, buffer, offset) => {
        written.push(buffer.subarray(offset).toString('utf8'));
        return buffer.length - offset;
      }),
  );
  return { writer, written };
}

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('isoTime', () => {
  it("is pino's isoTime for any millisecond, across second, day and year boundaries", () => {
    for (const at of [0, 7, 42, 999, 1000, 1_795_911_773_079, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1), Date.now()]) {
      expect(isoTime(at)).toBe(`,"time":"${new Date(at).toISOString()}"`);
    }
  });
});

describe('LineBatchWriter', () => {
  it('writes the lines of one turn of the event loop together, in order, when the turn ends', async () => {
    const { writer, written } = capture();
    writer.write('a\n');
    writer.write('b\n');
    writer.write('中文\n');
    expect(written).toEqual([]);
    await endOfTurn();
    expect(written).toEqual(['a\nb\n中文\n']);
    writer.write('c\n');
    await endOfTurn();
    expect(written).toEqual(['a\nb\n中文\n', 'c\n']);
  });

  it('flush() writes at once (at exit), and a partial write is continued', () => {
    const chunks: string[] = [];
    const { writer } = capture((_fd, buffer, offset) => {
      const end = Math.min(buffer.length, offset + 3);
      chunks.push(buffer.subarray(offset, end).toString('latin1'));
      return end - offset;
    });
    writer.write('0123456789\n');
    writer.flush();
    expect(chunks.join('')).toBe('0123456789\n');
    expect(chunks.length).toBe(4);
  });

  it('waits out a full pipe (EAGAIN) and drops what follows a closed one (EPIPE)', () => {
    let calls = 0;
    const busy = capture((_fd, buffer, offset) => {
      calls++;
      if (calls === 1) throw Object.assign(new Error('again'), { code: 'EAGAIN' });
      return buffer.length - offset;
    });
    busy.writer.write('line\n');
    busy.writer.flush();
    expect(calls).toBe(2);

    let writes = 0;
    const closed = capture(() => {
      writes++;
      throw Object.assign(new Error('broken pipe'), { code: 'EPIPE' });
    });
    closed.writer.write('one\n');
    closed.writer.flush();
    closed.writer.write('two\n');
    closed.writer.flush();
    expect(writes).toBe(1);
  });

  it('carries pino lines as pino writes them (JSON, one per line, with the time and the redaction)', async () => {
    const { writer, written } = capture();
    const log = pino(loggerOptions('info'), writer);
    log.child({ reqId: 'r-1' }).info({ req: { headers: { authorization: 'Bearer secret' } }, statusCode: 200 }, 'request completed');
    log.debug('not at info');
    await endOfTurn();
    const lines = written.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, service: 'voxwork', reqId: 'r-1', statusCode: 200, msg: 'request completed', req: { headers: { authorization: '[redacted]' } } });
    expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('createLogger', () => {
  const run = (ending: string) =>
    promisify(execFile)(process.execPath, ['--input-type=module', '-e', `import { createLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).href)}; const log = createLogger('info'); log.info('first'); log.warn('last'); ${ending}`]).then(
      (done) => done.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );

  it('lets no line be lost when the process exits in the same turn, or crashes', async () => {
    for (const ending of ['process.exit(0);', "throw new Error('crash');", '']) {
      const lines = (await run(ending)).trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(lines).toEqual(['first', 'last']);
    }
  });
});

describe('RequestLogger (decision 093)', () => {
  const fields = { method: 'POST', url: '/api/x?a="b"&c=中文\u2028\\', statusCode: 200, responseTime: 1.2345678 };
  const sameTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

  it("writes the access line with pino's bytes (time aside), without making a child", async () => {
    const { writer, written } = capture();
    const log = pino(loggerOptions('info'), writer);
    let children = 0;
    const counted = new Proxy(log, { get: (target, key, receiver) => (key === 'child' ? (...args: Parameters<Logger['child']>) => (children++, target.child(...args)) : Reflect.get(target, key, receiver)) });
    new RequestLogger(counted, { reqId: 'r-1' }, {}).completed(fields.method, fields.url, fields.statusCode, fields.responseTime);
    log.child({ reqId: 'r-1' }).info(fields, 'request completed');
    await endOfTurn();
    const [ours, pinos] = written.join('').trim().split('\n');
    expect(sameTime(ours!)).toBe(sameTime(pinos!));
    expect(children).toBe(0);
  });

  it('logs through a child with the bindings once something logs; honours its level', async () => {
    const { writer, written } = capture();
    const log = pino(loggerOptions('info'), writer);
    const request = new RequestLogger(log, { reqId: 'r-2' }, {});
    expect(request.isLevelEnabled('debug')).toBe(false);
    request.debug('not at info');
    request.warn({ reason: 'x' }, 'rejected');
    request.completed('GET', '/', 200, 1);
    const quiet = new RequestLogger(log, { reqId: 'r-3' }, { level: 'warn' });
    expect(quiet.isLevelEnabled('info')).toBe(false);
    expect(quiet.level).toBe('warn');
    quiet.completed('GET', '/', 200, 1);
    quiet.error('failed');
    await endOfTurn();
    const lines = written.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-2', reason: 'x', msg: 'rejected' },
      { level: 30, reqId: 'r-2', method: 'GET', url: '/', statusCode: 200, msg: 'request completed' },
      { level: 50, reqId: 'r-3', msg: 'failed' },
    ]);
    expect(lines).toHaveLength(3);
  });

  it('in Fastify: one access line per request with its id, none for quiet routes, error lines as before', async () => {
    const { writer, written } = capture();
    const app = Fastify({ loggerInstance: pino(loggerOptions('info'), writer), logController: new AccessLogController(), childLoggerFactory: requestLoggerFactory, genReqId: requestId });
    app.get('/call', () => ({ ok: true }));
    app.get('/page', QUIET_ROUTE, () => 'page');
    app.get('/fails', () => {
      throw new Error('boom');
    });
    for (const url of ['/call', '/page', '/fails']) await app.inject({ url, headers: { 'x-request-id': `id${url.replace('/', '-')}` } });
    await app.close();
    await endOfTurn();
    const lines = written.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const byRequest = (id: string) => lines.filter((line) => line.reqId === id).map((line) => `${String(line.level)} ${String(line.msg)} ${String(line.statusCode ?? '')}`);
    expect(byRequest('id-call')).toEqual(['30 request completed 200']);
    expect(byRequest('id-page')).toEqual([]);
    expect(byRequest('id-fails')).toEqual(['50 boom ', '30 request completed 500']);
  });
});
