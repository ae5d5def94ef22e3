import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfCheckCreateCall } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { operatorClient, waitForJob } from '../support/api.ts';
import { cleanUpAfterEach } from '../support/cleanup.ts';
import { startServer } from '../support/server-process.ts';

// The embedded default: one process, PGlite in DATA_DIR. The web role is left out so this test
// does not depend on the web build; the queue, worker and database are the same as with ROLE=all.
const ROLE = 'api,worker';
const { running, dirs } = cleanUpAfterEach();

async function embedded(dataDir: string) {
  const server = await startServer({ ROLE, DATA_DIR: dataDir });
  running.push(server);
  return server;
}

// Each test starts the server twice (or two at once): on a busy two-core machine one start took 40-50 s.
describe('embedded default: crash and stop safety', { timeout: 240_000 }, () => {
  it('kill -9 while a job runs, then start again: the data opens and the job finishes once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-crash-'));
    dirs.push(dataDir);
    const first = await embedded(dataDir);
    const client = operatorClient(first.baseUrl);
    const { jobId } = await client.call(selfCheckCreateCall, { durationSeconds: 6, frequencyHz: 440 });
    // Killed during stage 2 (encode): stage 1's checkpoint must survive.
    await waitForJob(client, jobId, (job) => job.currentStage === 'encode' && job.stages[1]!.progress > 10);
    await first.kill('SIGKILL');

    const second = await embedded(dataDir);
    const again = operatorClient(second.baseUrl);
    await second.waitForLog(/returned to the queue/);
    const done = await waitForJob(again, jobId, (job) => job.status === 'completed', 60_000);
    expect(done.completions).toBe(1);
    expect(done.attempts).toBe(2);
    expect(done.output).toMatchObject({ durationSeconds: 6, frequencyHz: 440, bytes: expect.any(Number) });
    expect(done.output?.bytes).toBeGreaterThan(50_000);
    // Resumed at stage 2: render ran once, encode twice, measure once.
    expect(done.stages.map((stage) => [stage.name, stage.status, stage.attempts])).toEqual([
      ['render', 'completed', 1],
      ['encode', 'completed', 2],
      ['measure', 'completed', 1],
    ]);

    // Nothing runs it a third time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = await waitForJob(again, jobId, () => true);
    expect(later).toMatchObject({ status: 'completed', completions: 1, attempts: 2 });
  });

  it('SIGTERM during a job: the process exits cleanly, the job returns to the queue and finishes after restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-stop-'));
    dirs.push(dataDir);
    const first = await embedded(dataDir);
    const client = operatorClient(first.baseUrl);
    const { jobId } = await client.call(selfCheckCreateCall, { durationSeconds: 10, frequencyHz: 880 });
    // Stopped as the 10 s real-time encode begins: SHUTDOWN_GRACE_SECONDS is 5 in tests (jobs are
    // aborted 1.5 s before it ends), so the job cannot finish and must be handed back to the queue.
    await waitForJob(client, jobId, (job) => job.currentStage === 'encode' && job.stages[1]!.progress > 0);
    const exitCode = await first.kill('SIGTERM');
    expect(exitCode).toBe(0);
    // In order: the stop asked for, the grace begun, the process stopped by itself; in between, the
    // job's attempt never ended as an attempt does (it was cut and handed back, not waited for).
    const lines = first.logLines();
    const at = (msg: string) => lines.findIndex((line) => line.msg === msg);
    expect(at('stop requested')).toBeGreaterThanOrEqual(0);
    expect(at('shutting down')).toBeGreaterThan(at('stop requested'));
    expect(lines[at('shutting down')]).toMatchObject({ graceMs: 5000 });
    expect(at('stopped')).toBeGreaterThan(at('shutting down'));
    expect(lines.filter((line) => line.msg === 'job attempt ended' && line.jobId === jobId)).toEqual([]);

    const second = await embedded(dataDir);
    const done = await waitForJob(operatorClient(second.baseUrl), jobId, (job) => job.status === 'completed', 90_000);
    expect(done.completions).toBe(1);
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    // Resumed where the stop cut it: the rendered tone was kept, the interrupted encode ran again.
    expect(done.stages.map((stage) => [stage.name, stage.status, stage.attempts])).toEqual([
      ['render', 'completed', 1],
      ['encode', 'completed', 2],
      ['measure', 'completed', 1],
    ]);
  });

  it('refuses to open a data directory another live process holds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-lock-'));
    dirs.push(dataDir);
    await embedded(dataDir);
    const second = startServer({ ROLE, DATA_DIR: dataDir }, { timeoutMs: 30_000 });
    await expect(second).rejects.toThrow(/is open in another process/);
  });
});
