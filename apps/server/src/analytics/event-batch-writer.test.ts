import type { NewAnalyticsEventRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { createEventBatchWriter } from './event-batch-writer.ts';

const row = (index: number): NewAnalyticsEventRow => ({ eventTime: new Date(), eventName: `e${index}`, ingest: 'log', payload: {} });

function memoryRepository(options: { failTimes?: number } = {}) {
  const stored: NewAnalyticsEventRow[] = [];
  const batches: number[] = [];
  let failures = options.failTimes ?? 0;
  return {
    stored,
    batches,
    async insertMany(rows: readonly NewAnalyticsEventRow[]) {
      await new Promise((resolve) => setImmediate(resolve));
      if (failures-- > 0) throw new Error('database away');
      stored.push(...rows);
      batches.push(rows.length);
    },
  };
}

describe('event batch writer', () => {
  it('writes in batches, in order, without losing a row', async () => {
    const repository = memoryRepository();
    const writer = createEventBatchWriter({ repository, batchSize: 100, flushIntervalMs: 60_000, maxBuffered: 100_000 });
    for (let index = 0; index < 1050; index++) expect(writer.push(row(index))).toBe(true);
    await writer.flush();
    expect(repository.stored.map((entry) => entry.eventName)).toEqual(Array.from({ length: 1050 }, (_, index) => `e${index}`));
    expect(repository.batches.length).toBeLessThan(1050 / 10);
    expect(writer.stats()).toMatchObject({ buffered: 0, stored: 1050 });
  });

  it('flushes a partial batch on its timer', async () => {
    const repository = memoryRepository();
    const writer = createEventBatchWriter({ repository, batchSize: 100, flushIntervalMs: 20, maxBuffered: 1000 });
    writer.push(row(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(repository.stored).toHaveLength(1);
  });

  it('refuses rows beyond the buffer limit instead of growing without bound', () => {
    const writer = createEventBatchWriter({ repository: memoryRepository(), batchSize: 1000, flushIntervalMs: 60_000, maxBuffered: 3 });
    expect([1, 2, 3, 4].map((index) => writer.push(row(index)))).toEqual([true, true, true, false]);
  });

  it('keeps rows after a failed write and writes them on close', async () => {
    const repository = memoryRepository({ failTimes: 2 });
    const warnings: unknown[] = [];
    const writer = createEventBatchWriter({ repository, batchSize: 2, flushIntervalMs: 60_000, maxBuffered: 100, log: { warn: (...args: unknown[]) => warnings.push(args), error: () => {} } });
    writer.push(row(1));
    writer.push(row(2));
    await writer.flush();
    expect(repository.stored).toHaveLength(0);
    expect(writer.stats()).toMatchObject({ buffered: 2, failedFlushes: 2 });
    await writer.close();
    expect(repository.stored).toHaveLength(2);
    expect(writer.push(row(3))).toBe(false);
    expect(warnings).toHaveLength(2);
  });
});
