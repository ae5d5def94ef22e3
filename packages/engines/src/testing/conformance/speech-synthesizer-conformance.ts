/** The checks every `SpeechSynthesizer` adapter passes (espeak-ng, festival, flite, OpenAI, ElevenLabs). */
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { expect } from 'vitest';
import type { SpeechSynthesizer, SynthesizeOptions } from '../../capabilities/speech-synthesizer.ts';
import { describeConformance, descriptorCheck, expectEngineError, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface SpeechSynthesizerKitOptions extends CommonKitOptions<'speech-synthesizer'> {
  /** One short sentence per language to speak, with a voice of that language. */
  samples: Array<{ language: string; voice: string; text: string }>;
  /** Options this engine does not support: each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<SynthesizeOptions>>;
  /** A text long enough that the engine is still working a few milliseconds after the call. */
  longText: string;
}

export function speechSynthesizerChecks(options: SpeechSynthesizerKitOptions): Array<ConformanceCheck<SpeechSynthesizer>> {
  const { descriptor } = options;
  const sample = () => options.samples[0]!;
  return [
    descriptorCheck(descriptor, 'speech-synthesizer'),
    {
      name: 'has a voice for every declared language, and every voice is well-formed',
      run: async ({ engine }) => {
        const voices = await engine.listVoices();
        expect(voices.length).toBeGreaterThan(0);
        for (const voice of voices) {
          expect(voice.id).toBeTruthy();
          expect(voice.name).toBeTruthy();
          expect(voice.languages.length).toBeGreaterThan(0);
          expect(voice.engineId).toBe(descriptor.id);
        }
        const spoken = new Set(voices.flatMap((voice) => voice.languages));
        const missing = descriptor.languages.filter((language) => language !== '*' && !spoken.has(language));
        expect(missing, 'declared languages without a voice').toEqual([]);
        for (const { voice } of options.samples) expect(voices.map((entry) => entry.id)).toContain(voice.split('+')[0]);
      },
    },
    ...options.samples.map(({ voice, text, language }): ConformanceCheck<SpeechSynthesizer> => ({
      name: `speaks ${language} (${voice}) into valid audio with ordered word timings`,
      run: async ({ engine, dir }) => {
        const outputFile = path.join(dir, `sample-${language}.wav`);
        const result = await engine.doSynthesize({ text, voice, language, outputFile });
        const info = await probeMedia(outputFile);
        expect(info.audio, 'an audio stream').toBeDefined();
        expect(info.durationSeconds).toBeGreaterThan(0.3);
        expect(Math.abs((info.durationSeconds ?? 0) - result.audio.durationSeconds)).toBeLessThan(0.1);
        expect(result.audio.file).toBe(outputFile);
        expect(result.response.engineId).toBe(descriptor.id);
        expect(Array.isArray(result.warnings)).toBe(true);
        let previousEnd = 0;
        for (const word of result.words) {
          expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd - 1e-6);
          expect(word.endSeconds).toBeGreaterThanOrEqual(word.startSeconds);
          expect(word.endSeconds).toBeLessThanOrEqual(result.audio.durationSeconds + 1e-6);
          previousEnd = word.endSeconds;
        }
        if (result.words.length === 0) expect(result.warnings.length, 'no timings must be explained by a warning').toBeGreaterThan(0);
        if (result.wordTimingsApproximate) expect(result.warnings.some((warning) => warning.type === 'approximate-output')).toBe(true);
      },
    })),
    ...options.unsupportedOptions.map((unsupported): ConformanceCheck<SpeechSynthesizer> => ({
      name: `warns instead of throwing for an unsupported option (${Object.keys(unsupported).join(', ')})`,
      run: async ({ engine, dir }) => {
        const outputFile = path.join(dir, 'unsupported.wav');
        const result = await engine.doSynthesize({ text: sample().text, voice: sample().voice, outputFile, ...unsupported });
        const named = result.warnings.filter((warning) => 'option' in warning && Object.keys(unsupported).includes(warning.option));
        expect(named.length).toBeGreaterThan(0);
        expect((await probeMedia(outputFile)).audio).toBeDefined();
      },
    })),
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const controller = new AbortController();
        const pending = engine.doSynthesize({ text: options.longText, voice: sample().voice, outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
        expectEngineError(await rejection(engine.doSynthesize({ text: sample().text, voice: sample().voice, outputFile: path.join(dir, 'pre-aborted.wav'), signal: AbortSignal.abort() })), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for bad input',
      run: async ({ engine, dir }) => {
        const unknownVoice = await rejection(engine.doSynthesize({ text: sample().text, voice: 'no-such-voice-xyz', outputFile: path.join(dir, 'x.wav') }));
        expectEngineError(unknownVoice, 'invalid-input');
        expect(unknownVoice.isRetryable).toBe(false);
        expectEngineError(await rejection(engine.doSynthesize({ text: '', voice: sample().voice, outputFile: path.join(dir, 'x.wav') })), 'invalid-input');
      },
    },
  ];
}

export function speechSynthesizerConformance(options: SpeechSynthesizerKitOptions): void {
  describeConformance(options.descriptor, 'SpeechSynthesizer', speechSynthesizerChecks(options));
}
