/** The checks every `VoiceActivityDetector` adapter passes (silero). */
import { expect } from 'vitest';
import type { VoiceActivityDetector } from '../../capabilities/voice-activity-detector.ts';
import { describeConformance, descriptorCheck, expectEngineError, notMediaFile, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface VoiceActivityDetectorKitOptions extends CommonKitOptions<'voice-activity-detector'> {
  /** Makes a file with speech (returned path) in `dir`. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes a long file the detector needs more than a few milliseconds for. */
  makeLongAudio(dir: string): Promise<string>;
}

export function voiceActivityDetectorChecks(options: VoiceActivityDetectorKitOptions): Array<ConformanceCheck<VoiceActivityDetector>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'voice-activity-detector'),
    {
      name: 'returns ordered segments inside the audio and a ratio in 0–1',
      run: async ({ engine, dir }) => {
        const result = await engine.doDetect({ audioFile: await options.makeSpeech(dir) });
        expect(result.durationSeconds).toBeGreaterThan(0);
        expect(result.segments.length).toBeGreaterThan(0);
        let previousEnd = 0;
        for (const segment of result.segments) {
          expect(segment.startSeconds).toBeGreaterThanOrEqual(previousEnd);
          expect(segment.endSeconds).toBeGreaterThan(segment.startSeconds);
          expect(segment.endSeconds).toBeLessThanOrEqual(result.durationSeconds + 1e-6);
          expect(segment.probability).toBeGreaterThanOrEqual(0);
          expect(segment.probability).toBeLessThanOrEqual(1);
          previousEnd = segment.endSeconds;
        }
        expect(result.speechRatio).toBeGreaterThan(0);
        expect(result.speechRatio).toBeLessThanOrEqual(1);
        expect(result.response.engineId).toBe(descriptor.id);
      },
    },
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeLongAudio(dir);
        const controller = new AbortController();
        const pending = engine.doDetect({ audioFile, signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for input that is not audio',
      run: async ({ engine, dir }) => {
        const notAudio = await notMediaFile(dir, 'not-audio.wav');
        const error = await rejection(engine.doDetect({ audioFile: notAudio }));
        expectEngineError(error, 'invalid-input');
        expect(error.isRetryable).toBe(false);
        expectEngineError(await rejection(engine.doDetect({ audioFile: '' })), 'invalid-input');
      },
    },
  ];
}

export function voiceActivityDetectorConformance(options: VoiceActivityDetectorKitOptions): void {
  describeConformance(options.descriptor, 'VoiceActivityDetector', voiceActivityDetectorChecks(options));
}
