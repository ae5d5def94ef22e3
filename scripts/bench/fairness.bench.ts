/**
 * bench:fairness — how long one user's single job waits behind another user's queue: owner A
 * queues N short jobs (`system.ping`), owner B one, then one worker drains the queue. Prints B's
 * place in the start order, B's wait and the time to drain A's queue, with the machine's load, on
 * PGlite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL. Figures, not assertions.
 *   npm run bench:fairness [-- --jobs 40]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '@voxwork/db';
import { createPostgresDatabase } from '../../tests/support/test-database.ts';
import { runFairQueue } from '../../tests/support/fair-queue-run.ts';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '40' } } });
const queuedOfA = Number(values.jobs);

async function bench(label: string, database: DatabaseHandle) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voxwork-bench-fairness-'));
  try {
    const outcome = await runFairQueue(database, { queuedOfA, dataDir });
    console.log(
      `${label}: ${queuedOfA} jobs of A queued, then 1 of B, one worker — B started ${outcome.aheadOfB === 0 ? 'first' : `after ${outcome.aheadOfB} of A's`}; ` +
        `B waited ${outcome.bWaitMs} ms; A's queue drained in ${outcome.drainMs} ms (${Math.round(outcome.drainMs / (queuedOfA + 1))} ms a job); load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`,
    );
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await bench('PGlite', await openDatabase({ memory: {} }));
if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) {
  const created = process.env.BENCH_DATABASE_URL ? undefined : await createPostgresDatabase();
  await bench('PostgreSQL', await openDatabase({ url: process.env.BENCH_DATABASE_URL ?? created!.url }));
  await created?.drop();
}
