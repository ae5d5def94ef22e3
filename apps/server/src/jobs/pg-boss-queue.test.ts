import { JOB_NAMES, type JobService } from '@voxwork/core';
import { createNotifier, openDatabase } from '@voxwork/db';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFY_BACKSTOP_SECONDS, startPgBoss, type RunningQueue } from './pg-boss-queue.ts';

/** The queue on an in-memory PGlite, as the embedded default runs it (NOTIFY within the one instance). */
describe('the job queue: NOTIFY wakes workers, polling is only the backstop (decision 096)', () => {
  let queue: RunningQueue;
  const ran: string[] = [];
  let release: () => void = () => undefined;
  beforeAll(async () => {
    const handle = await openDatabase({ memory: {} });
    queue = await startPgBoss({ handle, notifier: createNotifier(handle), log: pino({ level: 'silent' }), pollIntervalSeconds: 0.5, heartbeatSeconds: 10, concurrency: 2 });
    // A job service that records each run; the first run waits until the test lets it end.
    let first = true;
    const jobs = {
      run: async (_type: string, jobId: string) => {
        ran.push(jobId);
        if (first) {
          first = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return { status: 'succeeded' };
      },
    } as unknown as JobService;
    await queue.work(jobs);
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(1000);
  });

  it('an idle worker fetches once per backstop, not once per poll interval, while its queue has NOTIFY', () => {
    const workers = queue.boss.getWipData();
    expect(new Set(workers.map((worker) => worker.name))).toEqual(new Set(JOB_NAMES));
    for (const worker of workers) {
      const options = worker.options as { pollingInterval?: number; notifyPollingInterval?: number };
      expect(options.notifyPollingInterval).toBe(NOTIFY_BACKSTOP_SECONDS * 1000);
      expect(options.pollingInterval).toBe(500);
    }
  });

  it("a job's end wakes its queue's workers, so what waits behind it does not wait for the backstop", async () => {
    const notified = vi.spyOn(queue.boss, 'notifyWorker');
    const jobId = randomUUID();
    await queue.queue.send('system.ping', jobId);
    await vi.waitFor(() => expect(ran).toEqual([jobId]), { timeout: 30_000, interval: 50 });
    expect(notified).not.toHaveBeenCalled();
    release();
    const ids = queue.boss.getWipData().filter((worker) => worker.name === 'system.ping').map((worker) => worker.id);
    await vi.waitFor(() => expect(notified.mock.calls.map(([id]) => id).sort()).toEqual([...ids].sort()), { timeout: 30_000, interval: 50 });
    notified.mockRestore();
  });
});
