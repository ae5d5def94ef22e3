import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfCheckCreateCall, type JobView } from '@voxwork/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { operatorClient, waitForJob } from '../support/api.ts';
import { makeDubbingClip } from '../support/dubbing-media.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

// The embedded default: one process, PGlite in DATA_DIR. The web role is left out so this test
// does not depend on the web build; the queue, worker and database are the same as with ROLE=all.
const ROLE = 'api,worker';
const running: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

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
    await waitForJob(client, jobId, (job) => job.status === 'running' && job.progress > 0);
    const stoppedAt = Date.now();
    const exitCode = await first.kill('SIGTERM');
    expect(exitCode).toBe(0);
    // SHUTDOWN_GRACE_SECONDS is 5 in tests: the 10 s job cannot finish, so it is cancelled back to the queue.
    expect(Date.now() - stoppedAt).toBeLessThan(9000);
    expect(first.output()).toMatch(/"msg":"stopped"/);

    const second = await embedded(dataDir);
    const done = await waitForJob(operatorClient(second.baseUrl), jobId, (job) => job.status === 'completed', 90_000);
    expect(done.completions).toBe(1);
    expect(done.attempts).toBeGreaterThanOrEqual(2);
  });

  it('refuses to open a data directory another live process holds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-lock-'));
    dirs.push(dataDir);
    await embedded(dataDir);
    const second = startServer({ ROLE, DATA_DIR: dataDir }, { timeoutMs: 30_000 });
    await expect(second).rejects.toThrow(/is open in another process/);
  });
});

describe('embedded default: video translation survives kill -9', () => {
  it('killed during synthesis, started again: resumes at synthesis, finishes once, points settled once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-crash-vt-'));
    dirs.push(dataDir);
    const secret = 'crash-vt-secret';
    // Spanish lines dubbed into English with festival's SLT: slow enough (~0.2 s a line) to be killed mid-way.
    const spanish = ['Bienvenidos a nuestra pequeña tienda.', 'Este teléfono tiene una pantalla brillante.', 'La batería dura todo el día.', 'Cómprelo hoy y ahorre dinero.'];
    const clip = await makeDubbingClip({ name: 'crash-vt-40s', seconds: 40 });
    const srt = spanish.flatMap((_, index) => Array.from({ length: 4 }, (_, repeat) => ({ start: index * 10 + repeat * 2.4 + 0.3, text: spanish[(index + repeat) % 4]! })))
      .map((line, index) => `${index + 1}\n00:00:${line.start.toFixed(3).padStart(6, '0').replace('.', ',')} --> 00:00:${(line.start + 2.1).toFixed(3).padStart(6, '0').replace('.', ',')}\n${line.text}\n`)
      .join('\n');
    const first = await startServer({ ROLE, DATA_DIR: dataDir, API_SIGN_SECRET: secret });
    running.push(first);
    const user = await createVerifiedUser(first.baseUrl, dataDir, `crash-vt-${Date.now()}@example.com`);
    const call = async (base: string, pathName: string, body: unknown) => {
      const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
      expect(envelope, JSON.stringify(envelope).slice(0, 300)).toMatchObject({ code: 0 });
      return envelope.data as Record<string, unknown>;
    };
    const uploaded = await fetch(`${first.baseUrl}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'shop.mp4' }, body: new Uint8Array(await readFile(clip.file)) });
    const uploadId = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const before = await call(first.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
    const { jobId, cost } = (await call(first.baseUrl, '/api/video-translation/create', {
      uploadId,
      sourceLanguage: 'es',
      targetLanguages: ['en'],
      textSource: 'subtitle-file',
      subtitleFile: { name: 'shop.srt', text: srt },
      voices: { en: 'festival:festival/cmu_us_slt_arctic_hts' },
    })) as { jobId: string; cost: number };
    for (let job: JobView; ; await new Promise((resolve) => setTimeout(resolve, 25))) {
      job = (await call(first.baseUrl, '/api/jobs/get', { jobId })) as unknown as JobView;
      const synthesis = job.stages.find((stage) => stage.name === 'synthesize')!;
      if (job.currentStage === 'synthesize' && job.progress > 0 && synthesis.progress >= 15) break;
      expect(synthesis.status, 'synthesis had not finished before the kill').not.toBe('completed');
    }
    await first.kill('SIGKILL');

    const second = await startServer({ ROLE, DATA_DIR: dataDir, API_SIGN_SECRET: secret });
    running.push(second);
    let done: JobView;
    for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      done = (await call(second.baseUrl, '/api/jobs/get', { jobId })) as unknown as JobView;
      if (['completed', 'failed', 'cancelled'].includes(done.status) || Date.now() > deadline) break;
    }
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.completions).toBe(1);
    expect(done.stages.map((stage) => [stage.name, stage.attempts])).toEqual([
      ['ingest', 1], ['picture-lines', 1], ['source-text', 1], ['speakers', 1], ['translate', 1], ['synthesize', 2], ['fit', 1],
      ['drawn-subtitles', 1], ['erase', 1], ['stills', 1], ['review', 1], ['mix', 1], ['mux', 1], ['deliver', 1],
    ]);
    const after = await call(second.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
    expect(after.availablePoint).toBe((before.availablePoint as number) - cost);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 240_000);
});
