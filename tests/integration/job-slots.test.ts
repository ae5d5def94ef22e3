import { ErrorCode, PLANS, type JobView } from '@voxwork/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../apps/server/src/app.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';

const SECRET = 'job-slots-secret';
const OPERATOR = 'job-slots-operator-token';
const FREE = PLANS.find((plan) => plan.id === 'free')!.comboDetail;

describe.each(testDatabases({ poolMax: 20 }))("a plan's concurrent jobs on %s", (_name, open) => {
  let server: TestApp;
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    // Workers enough to run many jobs of one user at once: only the plan may hold them back.
    server = await startTestApp({
      name: 'job-slots',
      env: { ROLE: 'api,worker', API_SIGN_SECRET: SECRET, OPERATOR_TOKEN: OPERATOR, JOB_POLL_INTERVAL_SECONDS: '0.5', WORKER_CONCURRENCY: '4' },
      database: opened.handle,
    });
    ({ app, base, dataDir } = server);
  });
  afterAll(async () => {
    await server.stop();
    await cleanup();
  });

  async function rows(ownerId: string) {
    const result = await app.database.db.execute(sql`select id, status, admitted_at, started_at, finished_at from jobs where owner_id = ${ownerId} order by created_at`);
    return (result as unknown as { rows: { id: string; status: string; admitted_at: unknown; started_at: unknown; finished_at: unknown }[] }).rows.map((row) => ({
      ...row,
      startedAt: row.started_at ? new Date(row.started_at as string).getTime() : null,
      finishedAt: row.finished_at ? new Date(row.finished_at as string).getTime() : null,
    }));
  }

  it('50 parallel submissions by a free user: 1 runs at a time, 4 wait their turn, the rest are refused with 2004', async () => {
    const user = await createVerifiedUser(base, dataDir, `slots-${Date.now()}@example.com`);
    const headers = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signedCall(base, SECRET, '/api/text-to-speech/create', { text: `Job number ${index + 1}.`, voiceKey: 'espeak:espeak-ng/en-us+f3', format: 'wav' }, headers),
      ),
    );
    const accepted = replies.filter((reply) => reply.code === 0).map((reply) => (reply.data as { jobId: string }).jobId);
    const refused = replies.filter((reply) => reply.code !== 0);
    const burstEnded = Date.now();
    // A job that ends while the 50 arrive frees its place, so a slow machine may accept one more
    // (checked below against the jobs that had finished by then).
    expect(accepted.length).toBeGreaterThanOrEqual(FREE.concurrentJobs + FREE.waitingJobs);
    expect(refused).toHaveLength(50 - accepted.length);
    expect(refused[0]).toMatchObject({
      code: ErrorCode.JOB_QUEUE_FULL,
      message: 'You already have 1 job(s) running and 4 waiting, the most your plan allows. Wait for one to finish or upgrade your plan.',
    });
    expect(new Set(refused.map((reply) => reply.code))).toEqual(new Set([ErrorCode.JOB_QUEUE_FULL]));
    // Points are frozen for the accepted jobs only.
    const account = (await signedCall(base, SECRET, '/bill/userAccount/getUserAccount', { userId: user.userId }, headers)).data as { freezePoint: number };
    expect(account.freezePoint).toBeLessThanOrEqual(accepted.length);

    // While the first runs, the others say they wait for a free slot.
    const views = await Promise.all(accepted.map(async (jobId) => (await signedCall(base, SECRET, '/api/jobs/get', { jobId }, headers)).data as unknown as JobView));
    expect(views.filter((view) => view.waitingForSlot).length).toBeGreaterThanOrEqual(FREE.waitingJobs - 1);

    // Every accepted job finishes, one after the other.
    const deadline = Date.now() + 120_000;
    let finished = await rows(user.userId);
    let mostAtOnce = 0;
    while (finished.some((row) => row.status === 'queued' || row.status === 'running')) {
      mostAtOnce = Math.max(mostAtOnce, finished.filter((row) => row.status === 'running').length);
      if (Date.now() > deadline) throw new Error(`jobs stuck: ${JSON.stringify(finished.map((row) => row.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = await rows(user.userId);
    }
    expect(finished.map((row) => row.status)).toEqual(Array<string>(accepted.length).fill('completed'));
    // Beyond the plan's places, only as many were accepted as had finished by the time the last answer came.
    expect(accepted.length).toBeLessThanOrEqual(FREE.concurrentJobs + FREE.waitingJobs + finished.filter((row) => row.finishedAt !== null && row.finishedAt <= burstEnded).length);
    expect(mostAtOnce).toBeLessThanOrEqual(FREE.concurrentJobs);
    // From the database's own clock: each job started after the one before it had finished.
    const runs = finished.map((row) => [row.startedAt!, row.finishedAt!] as const).sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < runs.length; index++) expect(runs[index]![0]).toBeGreaterThanOrEqual(runs[index - 1]![1]);
  }, 180_000);

  it('a cancelled waiting job frees its place; operator system jobs never wait for a user’s slots', async () => {
    const user = await createVerifiedUser(base, dataDir, `slots-cancel-${Date.now()}@example.com`);
    const headers = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
    const create = (index: number) => signedCall(base, SECRET, '/api/text-to-speech/create', { text: `Cancel test ${index}. ${'A few more words to speak here. '.repeat(30)}`, voiceKey: 'espeak:espeak-ng/en-us+f3' }, headers);
    const jobIds: string[] = [];
    for (let index = 0; index < FREE.concurrentJobs + FREE.waitingJobs; index++) jobIds.push(((await create(index)).data as { jobId: string }).jobId);
    expect((await create(99)).code).toBe(ErrorCode.JOB_QUEUE_FULL);
    const cancelled = (await signedCall(base, SECRET, '/api/jobs/cancel', { jobId: jobIds.at(-1)! }, headers)).data as unknown as JobView;
    expect(cancelled).toMatchObject({ status: 'cancelled', waitingForSlot: false, cost: { settled: 0 } });
    const again = await create(100);
    expect(again.code).toBe(0);
    jobIds.push((again.data as { jobId: string }).jobId);

    // A self-check owned by the same user is handed to the queue at once, although the user's jobs wait.
    const waiting = (await rows(user.userId)).filter((row) => row.status === 'queued' && row.admitted_at === null);
    expect(waiting.length).toBeGreaterThan(0);
    const check = await signedCall(base, SECRET, '/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 440, ownerId: user.userId }, { authorization: `Bearer ${OPERATOR}` });
    const checkId = (check.data as { jobId: string }).jobId;
    expect((await rows(user.userId)).find((row) => row.id === checkId)?.admitted_at).not.toBeNull();
    expect(((await signedCall(base, SECRET, '/api/jobs/get', { jobId: checkId }, headers)).data as unknown as JobView).waitingForSlot).toBe(false);
    for (const jobId of jobIds) await signedCall(base, SECRET, '/api/jobs/cancel', { jobId }, headers);
    const deadline = Date.now() + 60_000;
    while (((await signedCall(base, SECRET, '/api/jobs/get', { jobId: checkId }, headers)).data as unknown as JobView).status !== 'completed') {
      if (Date.now() > deadline) throw new Error('self-check stuck');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
});
