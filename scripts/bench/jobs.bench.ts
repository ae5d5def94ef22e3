/**
 * bench:jobs — job scheduling overhead and throughput, on PGlite and (when TEST_DATABASE_URL or
 * BENCH_DATABASE_URL is set) PostgreSQL: enqueue → stage start latency (median, p99) for jobs sent
 * one at a time, throughput of no-op jobs sent in a burst, and the time from a cancel request to
 * the end of a running ffmpeg stage. Figures, not assertions.
 *   npm run bench:jobs [-- --jobs 200 --burst 500]
 */
import { parseArgs } from 'node:util';
import { createJobRepository, createNotifier, migrateDatabase, openDatabase, type DatabaseHandle } from '@voxwork/db';
import pino from 'pino';
import { createServices } from '../../apps/server/src/services.ts';
import { startPgBoss } from '../../apps/server/src/jobs/pg-boss-queue.ts';
import { loadConfig, resolveAuthSecret } from '../../apps/server/src/config.ts';
import pg from 'pg';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '200' }, burst: { type: 'string', default: '500' } } });
const sequential = Number(values.jobs);
const burst = Number(values.burst);
const log = pino({ level: 'silent' });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function bench(label: string, database: DatabaseHandle) {
  await migrateDatabase(database);
  const notifier = createNotifier(database);
  const queue = await startPgBoss({ handle: database, notifier, log, pollIntervalSeconds: 0.5, heartbeatSeconds: 10, concurrency: 8 });
  const services = createServices({ database, queue: queue.queue, events: queue.events, config: resolveAuthSecret(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/voxwork-bench-jobs' })), log });
  await queue.work(services.jobs);
  const jobs = createJobRepository(database.db);

  const waitDone = async (id: string) => {
    for (;;) {
      const row = await jobs.findById(id);
      if (row && (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled')) return row;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  // Warm-up.
  for (let i = 0; i < 10; i++) await waitDone((await services.jobs.enqueue('system.ping', { sentAt: Date.now() })).id);

  const latencies: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const row = await services.jobs.enqueue('system.ping', { sentAt: Date.now() });
    const done = await waitDone(row.id);
    const output = done.output as { sentAt: number; startedAt: number };
    latencies.push(output.startedAt - output.sentAt);
  }
  latencies.sort((a, b) => a - b);

  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: burst }, () => services.jobs.enqueue('system.ping', { sentAt: Date.now() }).then((row) => row.id)));
  for (const id of ids) await waitDone(id);
  const throughput = burst / ((performance.now() - started) / 1000);

  // Cancel latency: a running ffmpeg stage, cancelled; time until the job has ended.
  const long = await services.jobs.enqueue('system.selfCheck', { durationSeconds: 60, frequencyHz: 440 });
  for (;;) {
    const row = await jobs.findById(long.id);
    if (row?.currentStage === 'encode') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cancelAt = performance.now();
  await services.jobs.cancel(long.id, null);
  await waitDone(long.id);
  const cancelMs = performance.now() - cancelAt;

  console.log(`bench:jobs  ${label}`);
  console.log(`  enqueue → stage start   median ${quantile(latencies, 0.5)} ms   p99 ${quantile(latencies, 0.99)} ms   (${sequential} jobs, one at a time)`);
  console.log(`  no-op throughput        ${throughput.toFixed(0)} jobs/s   (${burst} jobs in a burst, worker concurrency 8)`);
  console.log(`  cancel → job ended      ${cancelMs.toFixed(0)} ms   (running ffmpeg stage)`);
  await queue.stop(5000);
  await notifier.close();
  await database.close();
}

await bench('PGlite (embedded)', await openDatabase({ memory: {} }));
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const name = `voxwork_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await bench('PostgreSQL', await openDatabase({ url: target.toString() }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('bench:jobs  PostgreSQL skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}
