import { selfCheckCreateCall } from '@voxwork/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorClient, waitForJob } from '../support/api.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../support/test-database.ts';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const server of running.splice(0)) await server.kill('SIGTERM');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.skipIf(!TEST_DATABASE_URL)('scale-out roles on PostgreSQL', () => {
  it('an api process and a separate worker process push a job through end to end', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url, JOB_POLL_INTERVAL_SECONDS: '0.5' };

    // Started together: both migrate, serialised by the advisory lock.
    const [api, worker] = await Promise.all([startServer({ ...env, ROLE: 'api' }), startServer({ ...env, ROLE: 'worker' })]);
    running.push(api, worker);
    expect(api.output()).not.toMatch(/worker started/);
    expect(worker.output()).toMatch(/worker started/);

    const client = operatorClient(api.baseUrl);
    const { jobId } = await client.call(selfCheckCreateCall, { durationSeconds: 2, frequencyHz: 1000 });
    const done = await waitForJob(client, jobId, (job) => job.status === 'completed', 60_000);
    expect(done).toMatchObject({ completions: 1, attempts: 1, output: { durationSeconds: 2, frequencyHz: 1000 } });
    expect(worker.output()).toContain(jobId);
    expect(api.output()).not.toMatch(/"msg":"job attempt ended"/);

    // The worker answers health checks on its own port; its web and api routes are absent.
    expect(await (await fetch(`${worker.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${worker.baseUrl}/api/system/time`, { method: 'POST' })).status).toBe(404);

    const client2 = new pg.Client({ connectionString: database.url });
    await client2.connect();
    const { rows } = await client2.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client2.end();
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
