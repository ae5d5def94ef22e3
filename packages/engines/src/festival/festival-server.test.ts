import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isProcessAlive, readWavInfo } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../engine-errors.ts';
import { festivalScript, festivalTextData, festivalUtterances } from './festival-script.ts';
import { FestivalServer, leaseFestivalServer } from './festival-server.ts';
import { createFestival } from './festival-speech-synthesizer.ts';

describe('festival server', () => {
  let dir: string;
  const server = new FestivalServer({ binary: 'festival', preload: ['kal_diphone'], idleMs: 60_000 });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-festival-server-'));
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function program(name: string, text: string, voice = 'kal_diphone'): Promise<{ program: string; wav: string }> {
    const textFile = path.join(dir, `${name}.scm`);
    await writeFile(textFile, festivalTextData(festivalUtterances(text)));
    const wav = path.join(dir, `${name}.wav`);
    return { wav, program: festivalScript({ voice, textFile, wavFile: wav, wordsFile: path.join(dir, `${name}.tsv`), speedMethod: 'duration-stretch', speed: 1 }) };
  }

  it('runs programs in parallel, each in a fresh child (defvar starts anew every time)', async () => {
    const [first, second] = await Promise.all([program('one', 'The first request.'), program('two', 'The second request, which is a little longer.')]);
    await Promise.all([server.run(first.program, { timeoutMs: 30_000 }), server.run(second.program, { timeoutMs: 30_000 })]);
    const [a, b] = await Promise.all([readWavInfo(first.wav), readWavInfo(second.wav)]);
    expect(a.durationSeconds).toBeGreaterThan(0.5);
    expect(b.durationSeconds).toBeGreaterThan(a.durationSeconds);
    // The program's defvars would keep the first call's file handles in a long-lived session; here the third call writes its own file.
    const third = await program('three', 'A third one.');
    await server.run(third.program, { timeoutMs: 30_000 });
    expect((await stat(third.wav)).size).toBeGreaterThan(44);
  });

  it('fails a program whose forms fail, without retrying it', async () => {
    const error = await server.run('(car 5)', { timeoutMs: 30_000 }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'engine-failed', isRetryable: false });
    expect((error as Error).message).toMatch(/wrong type of argument/);
  });

  it('kills the child of a cancelled request', async () => {
    const long = await program('long', 'This sentence is spoken many times so that synthesis takes a while. '.repeat(300));
    const pidFile = path.join(dir, 'long.pid');
    const controller = new AbortController();
    const pending = server.run(long.program, { timeoutMs: 60_000, pidFile, signal: controller.signal });
    const started = Date.now();
    while (!(await readFile(pidFile, 'utf8').catch(() => '')).trim() && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    expect(isProcessAlive(pid)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    const deadline = Date.now() + 2_000;
    while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // A killed child stays a zombie until the server reaps it; either way it no longer works.
    const state = await readFile(`/proc/${pid}/stat`, 'utf8').then((line) => line.split(') ')[1]?.[0], () => 'gone');
    expect(['Z', 'gone']).toContain(state);
  });

  it('starts again after a stop', async () => {
    await server.stop();
    const again = await program('again', 'After a restart.');
    await server.run(again.program, { timeoutMs: 30_000 });
    expect((await readWavInfo(again.wav)).durationSeconds).toBeGreaterThan(0.5);
  });

  it('loads only the voices asked of it: a new voice is spoken at once and loaded into the server for the next requests', async () => {
    const lazy = new FestivalServer({ binary: 'festival', idleMs: 60_000 });
    try {
      const first = await program('lazy-kal', 'Only this voice.');
      await lazy.run(first.program, { voice: 'kal_diphone', timeoutMs: 30_000 });
      expect(await lazy.loadedVoices()).toEqual(['kal_diphone']);
      // A voice the running server lacks: spoken by a child that loads it, then the server holds both.
      const other = await program('lazy-ked', 'Another voice.', 'ked_diphone');
      await lazy.run(other.program, { voice: 'ked_diphone', timeoutMs: 30_000 });
      expect((await readWavInfo(other.wav)).durationSeconds).toBeGreaterThan(0.5);
      const again = await program('lazy-again', 'Both are loaded now.', 'ked_diphone');
      await lazy.run(again.program, { voice: 'ked_diphone', timeoutMs: 30_000 });
      expect((await lazy.loadedVoices()).sort()).toEqual(['kal_diphone', 'ked_diphone']);
    } finally {
      await lazy.stop();
    }
  });

  it('is one per process for a binary and idle time: synthesizers share it; nobody holding it, it stops after a while', async () => {
    const first = leaseFestivalServer({ binary: 'festival', idleMs: 1_500 });
    const second = leaseFestivalServer({ binary: 'festival', idleMs: 1_500 });
    const other = leaseFestivalServer({ binary: 'festival', idleMs: 1_400 });
    try {
      expect(second.server).toBe(first.server);
      expect(other.server).not.toBe(first.server);
      const spoken = await program('shared', 'One server for both.');
      await second.server.run(spoken.program, { voice: 'kal_diphone', timeoutMs: 30_000 });
      expect(await first.server.loadedVoices()).toEqual(['kal_diphone']);
      // Both let go (the first twice: the second time does nothing); a lease taken at once gets the running server back.
      first.release();
      first.release();
      second.release();
      const again = leaseFestivalServer({ binary: 'festival', idleMs: 1_500 });
      expect(again.server).toBe(first.server);
      expect(await again.server.loadedVoices()).toEqual(['kal_diphone']);
      again.release();
      // Nobody holds it: it stops after its idle time, and the next lease gets a new server.
      const deadline = Date.now() + 10_000;
      while ((await first.server.loadedVoices()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await first.server.loadedVoices()).toEqual([]);
      const later = leaseFestivalServer({ binary: 'festival', idleMs: 1_500 });
      expect(later.server).not.toBe(first.server);
      later.release();
    } finally {
      for (const lease of [first, second, other]) lease.release();
      await first.server.stop();
    }
  });

  it('serves every synthesizer of a process; closing one leaves the other speaking', async () => {
    const one = createFestival();
    const two = createFestival();
    try {
      await one.doSynthesize({ text: 'The first synthesizer.', voice: 'kal_diphone', outputFile: path.join(dir, 'one.wav') });
      await one.close();
      const after = await two.doSynthesize({ text: 'The second one, after the first closed.', voice: 'kal_diphone', outputFile: path.join(dir, 'two.wav') });
      expect(two.mode).toBe('server');
      expect(after.warnings).toEqual([]);
      expect(after.audio.durationSeconds).toBeGreaterThan(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
      const shared = leaseFestivalServer({ binary: 'festival' });
      shared.release();
      await shared.server.stop();
    }
  });

  it('is what the synthesizer uses by default; per call only when asked', async () => {
    const festival = createFestival();
    const perCall = createFestival({ server: false });
    try {
      const served = await festival.doSynthesize({ text: 'Served by the server.', voice: 'kal_diphone', outputFile: path.join(dir, 'served.wav') });
      const alone = await perCall.doSynthesize({ text: 'Served by the server.', voice: 'kal_diphone', outputFile: path.join(dir, 'alone.wav') });
      expect(festival.mode).toBe('server');
      expect(perCall.mode).toBe('per-call');
      expect(served.warnings).toEqual([]);
      // The same program either way: the same audio and the same word times.
      expect(served.audio.durationSeconds).toBeCloseTo(alone.audio.durationSeconds, 3);
      expect(served.words).toEqual(alone.words);
    } finally {
      await festival.close();
    }
  });
});
