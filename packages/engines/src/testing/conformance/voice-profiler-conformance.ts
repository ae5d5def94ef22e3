/** The checks every `VoiceProfiler` adapter passes (dsp voice profile, ElevenLabs instant cloning). */
import { probeMedia } from '@voxwork/media';
import { expect } from 'vitest';
import type { VoiceProfiler } from '../../capabilities/voice-profiler.ts';
import { describeConformance, descriptorCheck, expectEngineError, notMediaFile, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface VoiceProfilerKitOptions extends CommonKitOptions<'voice-profiler'> {
  /** Makes a file with speech of one speaker (returned path) in `dir`. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes references the profiler needs more than a few milliseconds for. */
  makeLongSpeech(dir: string): Promise<string>;
}

export function voiceProfilerChecks(options: VoiceProfilerKitOptions): Array<ConformanceCheck<VoiceProfiler>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'voice-profiler'),
    {
      name: 'profiles real speech into a profile of this engine (and deletes a remote voice it made)',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeSpeech(dir);
        const seconds = (await probeMedia(audioFile)).durationSeconds ?? 0;
        const result = await engine.doProfile({ audioFiles: [audioFile], name: 'Conformance' });
        expect(result.profile.engineId).toBe(descriptor.id);
        expect(result.speechSeconds).toBeGreaterThan(0);
        expect(result.speechSeconds).toBeLessThanOrEqual(seconds + 0.05);
        expect(typeof result.profile.data).toBe('object');
        expect(result.response.engineId).toBe(descriptor.id);
        for (const value of [result.profile.medianPitchHz, result.profile.pitchRangeSemitones, result.profile.speakingRateSyllablesPerSecond]) {
          if (value !== undefined) expect(Number.isFinite(value)).toBe(true);
        }
        if (result.profile.remoteVoiceId !== undefined) {
          expect(engine.deleteRemoteVoice, 'an engine that makes remote voices can delete them').toBeTypeOf('function');
          await engine.deleteRemoteVoice!(result.profile.remoteVoiceId);
          await engine.deleteRemoteVoice!(result.profile.remoteVoiceId); // already gone: still fine
        }
      },
    },
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeLongSpeech(dir);
        const controller = new AbortController();
        const pending = engine.doProfile({ audioFiles: [audioFile], signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
        expectEngineError(await rejection(engine.doProfile({ audioFiles: [audioFile], signal: AbortSignal.abort() })), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for references that are not audio, or none',
      run: async ({ engine, dir }) => {
        const notAudio = await notMediaFile(dir, 'not-audio.wav');
        const error = await rejection(engine.doProfile({ audioFiles: [notAudio] }));
        expectEngineError(error, 'invalid-input');
        expect(error.isRetryable).toBe(false);
        expectEngineError(await rejection(engine.doProfile({ audioFiles: [] })), 'invalid-input');
      },
    },
  ];
}

export function voiceProfilerConformance(options: VoiceProfilerKitOptions): void {
  describeConformance(options.descriptor, 'VoiceProfiler', voiceProfilerChecks(options));
}
