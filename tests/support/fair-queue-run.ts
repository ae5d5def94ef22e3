import { createNotifier, migrateDatabase, type DatabaseHandle } from '@voxwork/db';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createServices } from '../../apps/server/src/services.ts';
import { startPgBoss } from '../../apps/server/src/jobs/pg-boss-queue.ts';
import { loadConfig, resolveAuthSecret } from '../../apps/server/src/config.ts';

export interface FairQueueOutcome {
  /** Owner (`a` or `b`) of each job, in the order the worker started them. */
  startOrder: ('a' | 'b')[];
  /** How many of A's jobs started before B's. */
  aheadOfB: number;
  /** From B's job being queued to its start, and from the worker starting to A's last job's end, in ms. */
  bWaitMs: number;
  drainMs: number;
}

/**
 * Owner A queues `queuedOfA` short jobs (`system.ping`), then owner B queues one; then one worker
 * (concurrency 1) starts and drains the queue. Returns who started when: with fair queueing B's job
 * is among the first two; without it, B's job waits for all of A's.
 */
export async function runFairQueue(database: DatabaseHandle, options: { queuedOfA: number; dataDir: string }): Promise<FairQueueOutcome> {
  await migrateDatabase(database);
  const log = pino({ level: 'silent' });
  const notifier = createNotifier(database);
  const queue = await startPgBoss({ handle: database, notifier, log, pollIntervalSeconds: 0.5, heartbeatSeconds: 10, concurrency: 1 });
  let services: ReturnType<typeof createServices> | undefined;
  try {
    services = createServices({ database, queue: queue.queue, events: queue.events, config: resolveAuthSecret(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: options.dataDir })), log });
    const owners = { a: `fair-a-${Date.now()}`, b: `fair-b-${Date.now()}` };
    for (let index = 0; index < options.queuedOfA; index++) await services.jobs.enqueue('system.ping', { sentAt: Date.now() }, { ownerId: owners.a, priority: 0 });
    const b = await services.jobs.enqueue('system.ping', { sentAt: Date.now() }, { ownerId: owners.b, priority: 0 });
    const workStarted = Date.now();
    await queue.work(services.jobs);
    const total = options.queuedOfA + 1;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const result = await database.db.execute(sql`select count(*)::int as done from jobs where owner_id in (${owners.a}, ${owners.b}) and status = 'completed'`);
      if ((result as unknown as { rows: { done: number }[] }).rows[0]!.done === total) break;
      if (Date.now() > deadline) throw new Error('the queue did not drain in two minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await database.db.execute(
      sql`select owner_id, started_at, finished_at from jobs where owner_id in (${owners.a}, ${owners.b}) order by started_at, id`,
    );
    const rows = (result as unknown as { rows: { owner_id: string; started_at: string | Date; finished_at: string | Date }[] }).rows;
    const startOrder = rows.map((row) => (row.owner_id === owners.b ? 'b' : 'a'));
    const bRow = rows.find((row) => row.owner_id === owners.b)!;
    return {
      startOrder,
      aheadOfB: startOrder.indexOf('b'),
      bWaitMs: new Date(bRow.started_at).getTime() - Math.max(b.createdAt.getTime(), workStarted),
      drainMs: Math.max(...rows.map((row) => new Date(row.finished_at).getTime())) - workStarted,
    };
  } finally {
    await queue.stop(2000);
    await services?.closeEngines();
    await notifier.close();
  }
}
