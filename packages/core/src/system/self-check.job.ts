import { fileSize, loudnessArgs, parseIntegratedLoudness, runFfmpeg, toneToMp3Args, withWorkDir } from '@voxwork/media';
import type { JobHandler } from '../jobs/job-types.ts';

/**
 * The media self-check: ffmpeg renders a sine tone in real time (so the job takes as long as the
 * requested duration), encodes it to MP3 and measures its integrated loudness. Operators use it
 * to prove that queue, worker and ffmpeg work end to end; the tests use it as a real long job.
 */
export const selfCheckJob: JobHandler<'system.selfCheck'> = ({ input, signal, reportProgress }) =>
  withWorkDir('selfcheck', async (_dir, file) => {
    const output = file('tone.mp3');
    const started = Date.now();
    let lastReported = 0;
    await runFfmpeg(toneToMp3Args({ frequencyHz: input.frequencyHz, durationSeconds: input.durationSeconds, realtime: true, output }), {
      signal,
      timeoutMs: (input.durationSeconds + 60) * 1000,
      onProgress: (seconds) => {
        const percent = (seconds / input.durationSeconds) * 90;
        if (percent - lastReported >= 5) {
          lastReported = percent;
          void reportProgress(percent).catch(() => undefined);
        }
      },
    });
    const renderMs = Date.now() - started;
    const bytes = await fileSize(output);
    const loudness = await runFfmpeg(loudnessArgs(output), { signal, timeoutMs: 60_000 });
    return {
      durationSeconds: input.durationSeconds,
      frequencyHz: input.frequencyHz,
      bytes,
      integratedLoudnessLufs: parseIntegratedLoudness(loudness.stderr) ?? null,
      renderMs,
    };
  });
