/** The checks every `VoiceConverter` adapter passes (dsp voice matching, ElevenLabs speech to speech). */
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { expect } from 'vitest';
import type { ConvertVoiceOptions, VoiceConverter } from '../../capabilities/voice-converter.ts';
import type { EngineInputError } from '../../engine-errors.ts';
import { describeConformance, descriptorCheck, expectEngineError, notMediaFile, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface VoiceConverterKitOptions extends CommonKitOptions<'voice-converter'> {
  /** Makes a short file with speech (returned path) in `dir`. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes speech the converter needs more than a few milliseconds for. */
  makeLongSpeech(dir: string): Promise<string>;
  /** A target the engine has (a voice id or a profile). */
  target(): ConvertVoiceOptions['target'] | Promise<ConvertVoiceOptions['target']>;
  /** A target the engine does not have. */
  unknownTarget: ConvertVoiceOptions['target'];
}

export function voiceConverterChecks(options: VoiceConverterKitOptions): Array<ConformanceCheck<VoiceConverter>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'voice-converter'),
    {
      name: 'converts speech into valid audio that keeps the source timing',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeSpeech(dir);
        const source = await probeMedia(audioFile);
        const outputFile = path.join(dir, 'converted.wav');
        const result = await engine.doConvert({ audioFile, target: await options.target(), outputFile });
        const info = await probeMedia(outputFile);
        expect(info.audio, 'an audio stream').toBeDefined();
        expect(result.audio.file).toBe(outputFile);
        expect(Math.abs((info.durationSeconds ?? 0) - result.audio.durationSeconds)).toBeLessThan(0.1);
        expect(Math.abs(result.audio.durationSeconds - (source.durationSeconds ?? 0))).toBeLessThan(Math.max(0.5, (source.durationSeconds ?? 0) * 0.1));
        expect(result.response.engineId).toBe(descriptor.id);
        expect(Array.isArray(result.warnings)).toBe(true);
      },
    },
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeLongSpeech(dir);
        const target = await options.target();
        const controller = new AbortController();
        const pending = engine.doConvert({ audioFile, target, outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
        expectEngineError(await rejection(engine.doConvert({ audioFile, target, outputFile: path.join(dir, 'pre-aborted.wav'), signal: AbortSignal.abort() })), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for input that is not audio and for unknown targets',
      run: async ({ engine, dir }) => {
        const notAudio = await notMediaFile(dir, 'not-audio.wav');
        const target = await options.target();
        const error = await rejection(engine.doConvert({ audioFile: notAudio, target, outputFile: path.join(dir, 'x.wav') }));
        expectEngineError(error, 'invalid-input');
        expect(error.isRetryable).toBe(false);
        // The reason is what a tool maps to a catalogue error (never the message).
        expect((error as EngineInputError).reason, error.message).toBe('not-readable');
        expectEngineError(await rejection(engine.doConvert({ audioFile: '', target, outputFile: path.join(dir, 'x.wav') })), 'invalid-input');
        const unknown = await rejection(engine.doConvert({ audioFile: await options.makeSpeech(dir), target: options.unknownTarget, outputFile: path.join(dir, 'x.wav') }));
        expectEngineError(unknown, 'invalid-input');
        expect(unknown.isRetryable).toBe(false);
      },
    },
  ];
}

export function voiceConverterConformance(options: VoiceConverterKitOptions): void {
  describeConformance(options.descriptor, 'VoiceConverter', voiceConverterChecks(options));
}
