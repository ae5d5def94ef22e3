/** The checks every `AudioSeparator` adapter passes (RNNoise). */
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { expect } from 'vitest';
import type { AudioSeparator } from '../../capabilities/audio-separator.ts';
import type { EngineInputError } from '../../engine-errors.ts';
import { describeConformance, descriptorCheck, expectEngineError, notMediaFile, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface AudioSeparatorKitOptions extends CommonKitOptions<'audio-separator'> {
  /** Makes a mixture the engine can separate (returned path) in `dir`. */
  makeMixture(dir: string): Promise<string>;
  makeLongMixture(dir: string): Promise<string>;
  /** The stems the engine produces. */
  stems: Array<'vocals' | 'accompaniment' | 'noise'>;
}

export function audioSeparatorChecks(options: AudioSeparatorKitOptions): Array<ConformanceCheck<AudioSeparator>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'audio-separator'),
    {
      name: 'writes every stem it produces as audio as long as the input, and warns about the others',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeMixture(dir);
        const all = ['vocals', 'accompaniment', 'noise'] as const;
        const outputs = Object.fromEntries(all.map((stem) => [stem, path.join(dir, `${stem}.wav`)]));
        const result = await engine.doSeparate({ audioFile, outputs });
        const input = await probeMedia(audioFile);
        for (const stem of all) {
          if (options.stems.includes(stem)) {
            const info = await probeMedia(result.stems[stem]!.file);
            expect(info.audio).toBeDefined();
            expect(Math.abs(info.durationSeconds! - input.durationSeconds!)).toBeLessThan(0.05);
          } else {
            expect(result.stems[stem]).toBeUndefined();
            expect(result.warnings.some((warning) => 'option' in warning && warning.option === `outputs.${stem}`)).toBe(true);
          }
        }
        expect(result.response.engineId).toBe(descriptor.id);
      },
    },
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeLongMixture(dir);
        const controller = new AbortController();
        const pending = engine.doSeparate({ audioFile, outputs: { [options.stems[0]!]: path.join(dir, 'aborted.wav') }, signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for input that is not audio',
      run: async ({ engine, dir }) => {
        const notAudio = await notMediaFile(dir, 'not-audio.wav');
        const error = await rejection(engine.doSeparate({ audioFile: notAudio, outputs: { [options.stems[0]!]: path.join(dir, 'x.wav') } }));
        expectEngineError(error, 'invalid-input');
        expect(error.isRetryable).toBe(false);
        expect((error as EngineInputError).reason, error.message).toBe('not-readable');
      },
    },
  ];
}

export function audioSeparatorConformance(options: AudioSeparatorKitOptions): void {
  describeConformance(options.descriptor, 'AudioSeparator', audioSeparatorChecks(options));
}
