import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type JobView } from '@voxwork/contract';
import { streamJobs } from '@voxwork/contract/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { testDatabases } from '../support/test-database.ts';

const SECRET = 'job-pipeline-secret';
const OPERATOR = 'job-pipeline-operator-token';

/** ffmpeg processes working on a job's files (their paths contain the job id). */
function ffmpegFor(jobId: string): string {
  try {
    return execFileSync('pgrep', ['-af', `ffmpeg.*${jobId}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

describe.each(testDatabases())('jobs: stages, points, cancel and live progress on %s', (_name, open) => {
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };
  let headers: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-jobs-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await open();
    cleanup = opened.cleanup;
    // The app closes the database when it stops; cleanup then drops it.
    app = await createApp(
      loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: SECRET, OPERATOR_TOKEN: OPERATOR, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
      { database: opened.handle },
    );
    await app.listen();
    user = await createVerifiedUser(base, dataDir, `jobs-${Date.now()}@example.com`);
    headers = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
  });
  afterAll(async () => {
    await app.stop();
    await cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  const operator = (pathName: string, body: unknown) => signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${OPERATOR}` });
  const asUser = (pathName: string, body: unknown) => signedCall(base, SECRET, pathName, body, headers);
  const job = async (jobId: string) => (await asUser('/api/jobs/get', { jobId })).data as unknown as JobView;
  async function until(jobId: string, predicate: (view: JobView) => boolean, timeoutMs = 60_000): Promise<JobView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await job(jobId);
      if (predicate(view)) return view;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(view)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const points = async () => (await asUser('/bill/userAccount/getUserAccount', { userId: user.userId })).data as { availablePoint: number; freezePoint: number };
  const entries = async (type: string) => ((await asUser('/bill/point/consume/pageList', { types: [type], pageSize: 100 })).data as { list: { jobId: string; availableDelta: number; freezeDelta: number }[] }).list;

  it('runs the three stages in order, streams progress live, and settles the frozen points exactly once', async () => {
    const events: { status: string; stage: string | null; progress: number }[] = [];
    const snapshots: JobView[][] = [];
    const stream = streamJobs({ baseUrl: base, token: user.token, onSnapshot: (jobs) => snapshots.push(jobs), onEvent: (event) => events.push(event) });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const created = await operator('/api/system/selfCheck/create', { durationSeconds: 2, frequencyHz: 660, ownerId: user.userId, cost: 50 });
    expect(created.code).toBe(0);
    const jobId = (created.data as { jobId: string }).jobId;
    expect(await points()).toMatchObject({ availablePoint: 250, freezePoint: 50 });

    const done = await until(jobId, (view) => view.status === 'completed');
    expect(done.stages.map((stage) => [stage.name, stage.status, stage.attempts])).toEqual([
      ['render', 'completed', 1],
      ['encode', 'completed', 1],
      ['measure', 'completed', 1],
    ]);
    expect(done.output).toMatchObject({ durationSeconds: 2, frequencyHz: 660, bytes: expect.any(Number) });
    expect(done.cost).toEqual({ estimated: 50, frozen: 50, settled: 50 });
    // The result is stored and served with a signed link that seeks (Range) and downloads under the title.
    expect(done.media).toEqual([expect.objectContaining({ name: 'tone.mp3', role: 'audio', contentType: 'audio/mpeg', durationSeconds: 2 })]);
    const mediaUrl = new URL(done.media[0]!.url, base);
    const partial = await fetch(mediaUrl, { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    const download = await fetch(new URL(done.media[0]!.downloadUrl, base));
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await download.arrayBuffer()).byteLength).toBe(done.media[0]!.bytes);
    expect(await points()).toMatchObject({ availablePoint: 250, freezePoint: 0 });
    expect((await entries('settle')).filter((entry) => entry.jobId === jobId)).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 300));
    stream.close();
    await stream.done;
    expect(snapshots[0]).toEqual([]);
    const mine = events.filter((event) => (event as unknown as { jobId: string }).jobId === jobId);
    expect(mine.map((event) => event.stage)).toEqual(expect.arrayContaining(['render', 'encode', 'measure']));
    expect(mine.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    const progress = mine.map((event) => event.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('a failing stage fails the job and releases the points', async () => {
    const before = await points();
    // MP3 has no 96 kHz: the encode stage fails for real.
    const { data } = await operator('/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 440, sampleRate: 96000, ownerId: user.userId, cost: 30 });
    const jobId = (data as { jobId: string }).jobId;
    const failed = await until(jobId, (view) => view.status === 'failed');
    expect(failed.stages.map((stage) => [stage.name, stage.status])).toEqual([
      ['render', 'completed'],
      ['encode', 'failed'],
      ['measure', 'pending'],
    ]);
    expect(failed.error?.message).toMatch(/ffmpeg exited/);
    expect(failed.cost.settled).toBe(0);
    expect(await points()).toEqual(expect.objectContaining({ availablePoint: before.availablePoint, freezePoint: 0 }));
    expect((await entries('release')).filter((entry) => entry.jobId === jobId)).toEqual([expect.objectContaining({ availableDelta: 30, freezeDelta: -30 })]);
  });

  it('cancel during the ffmpeg stage stops ffmpeg and refunds the points', async () => {
    const { data } = await operator('/api/system/selfCheck/create', { durationSeconds: 60, frequencyHz: 440, ownerId: user.userId, cost: 20 });
    const jobId = (data as { jobId: string }).jobId;
    await until(jobId, (view) => view.currentStage === 'encode' && view.progress > 20);
    expect(ffmpegFor(jobId)).not.toBe('');
    const cancelled = await asUser('/api/jobs/cancel', { jobId });
    expect(cancelled.code).toBe(0);
    const ended = await until(jobId, (view) => view.status === 'cancelled', 10_000);
    expect(ended.cost.settled).toBe(0);
    expect(ffmpegFor(jobId)).toBe('');
    expect((await entries('release')).filter((entry) => entry.jobId === jobId)).toHaveLength(1);
  });

  it('re-runs one stage of a finished job, keeping the checkpoints before it', async () => {
    const { data } = await operator('/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 880, ownerId: user.userId });
    const jobId = (data as { jobId: string }).jobId;
    await until(jobId, (view) => view.status === 'completed');
    const rerun = await asUser('/api/jobs/rerunStage', { jobId, stage: 'measure' });
    expect(rerun.code).toBe(0);
    const again = await until(jobId, (view) => view.status === 'completed' && view.stages[2]!.attempts === 2);
    expect(again.stages.map((stage) => stage.attempts)).toEqual([1, 1, 2]);
    expect((await asUser('/api/jobs/rerunStage', { jobId, stage: 'nope' })).code).toBe(1006);

    // A checkpoint whose file is gone is not trusted: its stage runs again, and what follows it.
    await rm(path.join(dataDir, 'jobs', jobId, 'tone.mp3'));
    await asUser('/api/jobs/rerunStage', { jobId, stage: 'measure' });
    const repaired = await until(jobId, (view) => view.status === 'completed' && view.stages[2]!.attempts === 3);
    expect(repaired.stages.map((stage) => stage.attempts)).toEqual([1, 2, 3]);
  });

  it("queues a paid plan's jobs ahead: the priority comes from the owner's plan", async () => {
    const priorityOf = async (jobId: string) => {
      const result = (await app.database.db.execute(sql`select priority from jobs where id = ${jobId}`)) as unknown as { rows: { priority: number }[] };
      return result.rows[0]!.priority;
    };
    const free = await operator('/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 300, ownerId: user.userId });
    expect(await priorityOf((free.data as { jobId: string }).jobId)).toBe(0);
    const code = await operator('/api/operator/giftCodes/create', { count: 1, points: 0, planId: 'pro', vipDays: 30 });
    expect((await asUser('/bill/userAccount/redeemCode', { redeemCode: (code.data as { codes: { code: string }[] }).codes[0]!.code })).code).toBe(0);
    const pro = await operator('/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 301, ownerId: user.userId });
    expect(await priorityOf((pro.data as { jobId: string }).jobId)).toBe(5);
    await until((pro.data as { jobId: string }).jobId, (view) => view.status === 'completed');
  });

  it('lists, renames and deletes jobs in the history, and keeps other users out', async () => {
    const list = await asUser('/api/jobs/list', { pageSize: 2, statuses: ['completed'] });
    expect(list.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    const [first] = (list.data as { list: JobView[] }).list;
    expect((await asUser('/api/jobs/rename', { jobId: first!.id, title: 'My tone' })).code).toBe(0);
    expect((await job(first!.id)).title).toBe('My tone');
    const stranger = await createVerifiedUser(base, dataDir, `stranger-${Date.now()}@example.com`);
    const theirs = await signedCall(base, SECRET, '/api/jobs/get', { jobId: first!.id }, { authorization: `Bearer ${stranger.token}` });
    expect(theirs.code).toBe(2001);
    expect((await asUser('/api/jobs/delete', { jobId: first!.id })).code).toBe(0);
    expect((await asUser('/api/jobs/get', { jobId: first!.id })).code).toBe(2001);
  });
});
