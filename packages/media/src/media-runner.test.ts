import { describe, expect, it } from 'vitest';
import { loudnessArgs, parseIntegratedLoudness, toneToMp3Args } from './ffmpeg-args.ts';
import { MediaAbortedError, MediaProcessError, runFfmpeg, runMediaTool } from './media-runner.ts';
import { fileSize, withWorkDir } from './work-dir.ts';

describe('media runner (real ffmpeg)', () => {
  it('renders a tone, reports progress and measures its loudness', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const output = file('tone.mp3');
      const progress: number[] = [];
      await runFfmpeg(toneToMp3Args({ frequencyHz: 440, durationSeconds: 2, realtime: false, output }), { onProgress: (s) => progress.push(s) });
      expect(await fileSize(output)).toBeGreaterThan(20_000);
      expect(progress.at(-1)).toBeGreaterThan(1.9);
      const { stderr } = await runFfmpeg(loudnessArgs(output));
      const lufs = parseIntegratedLoudness(stderr);
      // A full-scale-0.125 sine (lavfi default amplitude) measures about -21 LUFS.
      expect(lufs).toBeGreaterThan(-25);
      expect(lufs).toBeLessThan(-18);
    });
  });

  it('kills the process promptly on cancel', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const controller = new AbortController();
      const run = runFfmpeg(toneToMp3Args({ frequencyHz: 440, durationSeconds: 60, realtime: true, output: file('long.mp3') }), { signal: controller.signal });
      setTimeout(() => controller.abort(), 300);
      // Settles only once the process has exited (the close event); the latency is measured by bench:jobs.
      await expect(run).rejects.toBeInstanceOf(MediaAbortedError);
    });
  });

  it('reports a failing command and a missing binary as non-retryable errors', async () => {
    const failed = await runFfmpeg(['-hide_banner', '-i', '/nonexistent/input.wav', '-f', 'null', '-']).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MediaProcessError);
    expect((failed as MediaProcessError).isRetryable).toBe(false);
    expect((failed as MediaProcessError).message).toMatch(/No such file/);
    const missing = await runMediaTool('voxwork-no-such-binary', []).catch((error: unknown) => error);
    expect((missing as Error).message).toBe('voxwork-no-such-binary is not installed');
    // What callers branch on: the kind of failure, never the message.
    expect((failed as MediaProcessError).failure).toBe('exited');
    expect((missing as MediaProcessError).failure).toBe('not-installed');
  });

  it('times out a run that takes too long (retryable)', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const run = runFfmpeg(toneToMp3Args({ frequencyHz: 440, durationSeconds: 30, realtime: true, output: file('slow.mp3') }), { timeoutMs: 300 });
      await expect(run).rejects.toMatchObject({ name: 'MediaProcessError', isRetryable: true, failure: 'timed-out' });
    });
  });
});
