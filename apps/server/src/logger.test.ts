import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isoTime, LineBatchWriter, loggerOptions } from './logger.ts';

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
