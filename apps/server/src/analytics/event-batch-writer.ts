import type { EventSink } from '@voxwork/core';
import type { EventRepository, NewAnalyticsEventRow } from '@voxwork/db';
import type { Logger } from 'pino';

export interface EventBatchWriterOptions {
  repository: Pick<EventRepository, 'insertMany'>;
  /** Write as soon as this many rows are waiting. */
  batchSize: number;
  /** Write whatever is waiting at least this often. */
  flushIntervalMs: number;
  /** Refuse new rows beyond this many waiting (the database is not keeping up). */
  maxBuffered: number;
  log?: Pick<Logger, 'warn' | 'error'>;
}

/**
 * The in-process event buffer: requests push rows and return at once; one writer at a time appends
 * them with multi-row INSERTs, when `batchSize` rows wait or every `flushIntervalMs`. A failed write
 * keeps its rows at the head of the buffer and is retried on the next tick. `close()` (from the
 * app's stop) writes what is left.
 */
export function createEventBatchWriter(options: EventBatchWriterOptions): EventSink & { close(): Promise<void> } {
  let buffer: NewAnalyticsEventRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let closed = false;
  const counters = { stored: 0, flushes: 0, failedFlushes: 0 };

  function schedule(delayMs: number) {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, delayMs);
    timer.unref();
  }

  /** Writes until the buffer is empty or a write fails. One drain at a time. */
  function drain(): Promise<void> {
    draining ??= writeAll().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, Math.max(options.batchSize, 1) * 4);
      try {
        await options.repository.insertMany(batch);
      } catch (error) {
        counters.failedFlushes++;
        options.log?.warn({ err: error, rows: batch.length, buffered: buffer.length }, 'analytics events: write failed, will retry');
        if (!closed) schedule(options.flushIntervalMs);
        return;
      }
      buffer = buffer.slice(batch.length);
      counters.stored += batch.length;
      counters.flushes++;
    }
  }

  return {
    push(row) {
      if (closed || buffer.length >= options.maxBuffered) return false;
      buffer.push(row);
      if (buffer.length >= options.batchSize) void drain();
      else schedule(options.flushIntervalMs);
      return true;
    },
    async flush() {
      // A drain in progress may have taken its batch before the latest rows arrived: drain again after it.
      if (draining) await draining;
      await drain();
    },
    stats() {
      return { buffered: buffer.length, ...counters };
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      for (let attempt = 0; attempt < 3 && buffer.length > 0; attempt++) {
        if (draining) await draining;
        await drain();
      }
      if (buffer.length > 0) options.log?.error({ rows: buffer.length }, 'analytics events: could not be written before stopping; they are lost');
    },
  };
}
