import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfCheckCreateCall, type JobEvent } from '@voxwork/contract';
import { streamJobs } from '@voxwork/contract/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { operatorClient, waitForJob } from '../support/api.ts';
import { freePort, startServer, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../support/test-database.ts';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const server of running.splice(0)) await server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.skipIf(!TEST_DATABASE_URL)('scale-out roles on PostgreSQL', () => {
  let env: Record<string, string>;
  let api: ServerProcess;
  let apiDataDir: string;

  // Workers share one DATA_DIR, as they share a volume in compose.yaml: job checkpoints live there.
  let workerDataDir: string;
  const worker = async () => {
    const started = await startServer({ ...env, ROLE: 'worker', DATA_DIR: workerDataDir });
    running.push(started);
    return started;
  };

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    // With DATABASE_URL every process must be given the same AUTH_SECRET (it refuses to start without one).
    env = { DATABASE_URL: database.url, AUTH_SECRET: 'scale-out-test-auth-secret-0123456789-abcdef', JOB_POLL_INTERVAL_SECONDS: '0.5', WORKER_CONCURRENCY: '2' };
    apiDataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-api-'));
    workerDataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-workers-'));
    cleanups.push(() => rm(apiDataDir, { recursive: true, force: true }), () => rm(workerDataDir, { recursive: true, force: true }));
    const port = await freePort();
    // Started together: both migrate, serialised by the advisory lock.
    const [startedApi] = await Promise.all([
      startServer({ ...env, ROLE: 'api', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: apiDataDir }),
      worker(),
    ]);
    api = startedApi;
    running.push(api);
  });

  it('an api process and a separate worker process push a job through, and progress streams across processes', async () => {
    const [workerProcess] = running.filter((server) => server !== api);
    expect(api.output()).not.toMatch(/worker started/);
    expect(workerProcess!.output()).toMatch(/worker started/);

    const user = await createVerifiedUser(api.baseUrl, apiDataDir, 'scale@example.com');
    const events: JobEvent[] = [];
    const stream = streamJobs({ baseUrl: api.baseUrl, token: user.token, onEvent: (event) => events.push(event) });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const client = operatorClient(api.baseUrl);
    const { jobId } = await client.call(selfCheckCreateCall, { durationSeconds: 2, frequencyHz: 1000, ownerId: user.userId, cost: 10 });
    const done = await waitForJob(client, jobId, (job) => job.status === 'completed', 60_000);
    expect(done).toMatchObject({ completions: 1, attempts: 1, output: { durationSeconds: 2, frequencyHz: 1000 }, cost: { frozen: 10, settled: 10 } });
    // The database says completed before the worker's log line is flushed to our pipe: wait for it.
    await workerProcess!.waitForLog(new RegExp(jobId), 15_000);
    expect(api.output()).not.toMatch(/"msg":"job attempt ended"/);

    await new Promise((resolve) => setTimeout(resolve, 500));
    stream.close();
    // The worker's NOTIFY reached the api process's stream.
    expect(events.filter((event) => event.jobId === jobId).at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect(new Set(events.map((event) => event.stage).filter(Boolean))).toEqual(new Set(['render', 'encode', 'measure']));

    // The worker answers health checks on its own port; its web and api routes are absent.
    expect(await (await fetch(`${workerProcess!.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${workerProcess!.baseUrl}/api/system/time`, { method: 'POST' })).status).toBe(404);
  });

  it('kill -9 of the worker during stage 2: another worker resumes at stage 2 and finishes once', async () => {
    const client = operatorClient(api.baseUrl);
    const { jobId } = await client.call(selfCheckCreateCall, { durationSeconds: 5, frequencyHz: 500 });
    await waitForJob(client, jobId, (job) => job.currentStage === 'encode' && job.stages[1]!.progress > 10);
    for (const server of running.filter((candidate) => candidate !== api)) await server.kill('SIGKILL');
    const replacement = await worker();
    // The heartbeat lapses (JOB_HEARTBEAT_SECONDS) and pg-boss hands the job to the new worker.
    const done = await waitForJob(client, jobId, (job) => job.status === 'completed', 90_000);
    expect(done.completions).toBe(1);
    expect(done.stages.map((stage) => [stage.name, stage.attempts])).toEqual([
      ['render', 1],
      ['encode', 2],
      ['measure', 1],
    ]);
    await replacement.waitForLog(new RegExp(jobId), 15_000);
  }, 150_000);

  it('two workers share 40 jobs: none runs twice, none is lost', async () => {
    const second = await worker();
    const workers = running.filter((server) => server !== api && server.child.exitCode === null && server.child.signalCode === null);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    const client = operatorClient(api.baseUrl);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, index) => client.call(selfCheckCreateCall, { durationSeconds: 1, frequencyHz: 200 + index }).then((result) => result.jobId)));
    const finished = await Promise.all(ids.map((jobId) => waitForJob(client, jobId, (job) => job.status === 'completed', 180_000)));
    expect(finished.every((job) => job.completions === 1 && job.attempts === 1)).toBe(true);
    const ranBy = () => workers.map((server) => ids.filter((jobId) => server.output().includes(`"jobId":"${jobId}","type":"system.selfCheck","outcome":"completed"`)).length);
    // Each worker logs the attempt's end after the database has it: wait for all 40 lines.
    await expect.poll(() => ranBy().reduce((sum, count) => sum + count, 0), { timeout: 15_000 }).toBe(40);
    expect(ranBy().filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
    expect(second.output()).toMatch(/job attempt ended/);

    const client2 = new pg.Client({ connectionString: env.DATABASE_URL });
    await client2.connect();
    const { rows } = await client2.query("select count(*)::int as n from jobs where id = any($1::uuid[]) and (completions <> 1 or status <> 'completed')", [ids]);
    await client2.end();
    expect(rows[0].n).toBe(0);
  }, 240_000);
});
