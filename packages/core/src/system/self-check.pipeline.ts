import { fileSize, loudnessArgs, parseIntegratedLoudness, runFfmpeg } from '@voxwork/media';
import type { JobInputs, PipelineDefinition } from '../jobs/job-types.ts';

type Input = JobInputs['system.selfCheck'];

/**
 * The media self-check, a three-stage pipeline of real ffmpeg work: `render` makes a sine tone as
 * WAV, `encode` turns it into MP3 in real time (so the stage lasts as long as the audio), `measure`
 * reads its loudness. Operators use it to prove queue, worker and ffmpeg work end to end; the
 * tests use it as a real, interruptible, resumable job.
 */
export const selfCheckPipeline: PipelineDefinition<Input> = {
  stages: [
    {
      name: 'render',
      weight: 1,
      async run({ input, files, signal }) {
        const wav = await files.path('tone.wav');
        const rate = input.sampleRate ?? 44100;
        await runFfmpeg(
          ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${input.frequencyHz}:sample_rate=${rate}:duration=${input.durationSeconds}`, '-c:a', 'pcm_s16le', wav],
          { signal, timeoutMs: 60_000 },
        );
        return { files: ['tone.wav'], bytes: await fileSize(wav), sampleRate: rate };
      },
    },
    {
      name: 'encode',
      weight: 4,
      async run({ input, files, signal, reportProgress }) {
        const wav = await files.path('tone.wav');
        const mp3 = await files.path('tone.mp3');
        // Encoded at the rendered rate, not resampled: the check is whether the encoder takes that rate.
        const rate = String(input.sampleRate ?? 44100);
        await runFfmpeg(
          ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-nostats', '-re', '-i', wav, '-c:a', 'libmp3lame', '-ar', rate, '-b:a', '128k', mp3],
          { signal, timeoutMs: (input.durationSeconds + 60) * 1000, onProgress: (seconds) => reportProgress((seconds / input.durationSeconds) * 100) },
        );
        return { files: ['tone.mp3'], bytes: await fileSize(mp3) };
      },
    },
    {
      name: 'measure',
      weight: 1,
      async run({ files, signal }) {
        const { stderr } = await runFfmpeg(loudnessArgs(await files.path('tone.mp3')), { signal, timeoutMs: 60_000 });
        return { integratedLoudnessLufs: parseIntegratedLoudness(stderr) ?? null };
      },
    },
  ],
  result: (input, outputs) => ({
    durationSeconds: input.durationSeconds,
    frequencyHz: input.frequencyHz,
    sampleRate: outputs.render?.sampleRate ?? null,
    bytes: outputs.encode?.bytes ?? null,
    integratedLoudnessLufs: outputs.measure?.integratedLoudnessLufs ?? null,
  }),
};
