import { encodeMp3Args, loudnessArgs, parseIntegratedLoudness, probeMedia, runFfmpeg, toneToWavArgs } from '@voxwork/media';
import type { PipelineDefinition } from '../jobs/pipeline-definition.ts';

export interface SelfCheckJobInput {
  durationSeconds: number;
  frequencyHz: number;
  sampleRate?: number | undefined;
}

/**
 * The media self-check, a three-stage pipeline of real ffmpeg work: `render` makes a sine tone as
 * WAV, `encode` turns it into MP3 in real time (so the stage lasts as long as the audio), `measure`
 * reads its loudness. Operators use it to prove queue, worker and ffmpeg work end to end; the
 * tests use it as a real, interruptible, resumable job. Sizes come from ffprobe (core reads no
 * files itself).
 */
const probedBytes = async (file: string, signal: AbortSignal) => (await probeMedia(file, { signal, timeoutMs: 30_000 })).sizeBytes ?? null;

export const selfCheckPipeline: PipelineDefinition<SelfCheckJobInput> = {
  stages: [
    {
      name: 'render',
      weight: 1,
      async run({ input, files, signal }) {
        const wav = await files.path('tone.wav');
        const rate = input.sampleRate ?? 44100;
        await runFfmpeg(toneToWavArgs({ frequencyHz: input.frequencyHz, durationSeconds: input.durationSeconds, sampleRate: rate, output: wav }), { signal, timeoutMs: 60_000 });
        return { files: ['tone.wav'], bytes: await probedBytes(wav, signal), sampleRate: rate };
      },
    },
    {
      name: 'encode',
      weight: 4,
      async run({ input, files, signal, reportProgress }) {
        const wav = await files.path('tone.wav');
        const mp3 = await files.path('tone.mp3');
        // Encoded at the rendered rate, not resampled: the check is whether the encoder takes that rate.
        await runFfmpeg(encodeMp3Args({ input: wav, output: mp3, sampleRate: input.sampleRate ?? 44100, realtime: true }), {
          signal,
          timeoutMs: (input.durationSeconds + 60) * 1000,
          onProgress: (seconds) => reportProgress((seconds / input.durationSeconds) * 100),
        });
        return { files: ['tone.mp3'], bytes: await probedBytes(mp3, signal) };
      },
    },
    {
      name: 'measure',
      weight: 1,
      async run({ input, ownerId, files, signal, store }) {
        const { stderr } = await runFfmpeg(loudnessArgs(await files.path('tone.mp3')), { signal, timeoutMs: 60_000 });
        // A user's self-check keeps its tone as a result (history, download); operator checks have no owner.
        const media = ownerId ? [await store('tone.mp3', { role: 'audio', durationSeconds: input.durationSeconds })] : [];
        return { integratedLoudnessLufs: parseIntegratedLoudness(stderr) ?? null, media };
      },
    },
  ],
  result: (input, outputs) => ({
    durationSeconds: input.durationSeconds,
    frequencyHz: input.frequencyHz,
    sampleRate: outputs.render?.sampleRate ?? null,
    bytes: outputs.encode?.bytes ?? null,
    integratedLoudnessLufs: outputs.measure?.integratedLoudnessLufs ?? null,
    media: outputs.measure?.media ?? [],
  }),
};
