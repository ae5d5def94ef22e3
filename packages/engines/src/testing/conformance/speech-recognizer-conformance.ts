/** The checks every `SpeechRecognizer` adapter passes (pocketsphinx). */
import path from 'node:path';
import { expect } from 'vitest';
import type { SpeechRecognizer } from '../../capabilities/speech-recognizer.ts';
import { describeConformance, descriptorCheck, expectEngineError, notMediaFile, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface SpeechRecognizerKitOptions extends CommonKitOptions<'speech-recognizer'> {
  /** Makes a file of clear speech in `dir` and returns it with the words spoken. */
  makeSpeech(dir: string): Promise<{ file: string; text: string; language: string }>;
  /** Makes a file long enough that recognition is still running a few milliseconds after the call. */
  makeLongAudio(dir: string): Promise<string>;
}

export function speechRecognizerChecks(options: SpeechRecognizerKitOptions): Array<ConformanceCheck<SpeechRecognizer>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'speech-recognizer'),
    {
      name: 'hears some of the words spoken, in ordered segments and words inside the audio',
      run: async ({ engine, dir }) => {
        const speech = await options.makeSpeech(dir);
        const result = await engine.doRecognize({ audioFile: speech.file, language: speech.language });
        expect(result.durationSeconds).toBeGreaterThan(0);
        expect(result.segments.length).toBeGreaterThan(0);
        expect(result.response.engineId).toBe(descriptor.id);
        let previousEnd = 0;
        for (const segment of result.segments) {
          expect(segment.startSeconds).toBeGreaterThanOrEqual(previousEnd - 1e-6);
          expect(segment.endSeconds).toBeGreaterThanOrEqual(segment.startSeconds);
          expect(segment.endSeconds).toBeLessThanOrEqual(result.durationSeconds + 1e-6);
          for (const word of segment.words) {
            expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd - 1e-6);
            expect(word.endSeconds).toBeGreaterThanOrEqual(word.startSeconds);
            expect(word.endSeconds).toBeLessThanOrEqual(segment.endSeconds + 1e-6);
            if (word.confidence !== undefined) {
              expect(word.confidence).toBeGreaterThanOrEqual(0);
              expect(word.confidence).toBeLessThanOrEqual(1);
            }
            previousEnd = word.endSeconds;
          }
          previousEnd = Math.max(previousEnd, segment.endSeconds);
        }
        const spoken = new Set(speech.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);
        const heard = result.segments.flatMap((segment) => segment.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);
        expect(heard.filter((word) => spoken.has(word)).length, 'words of the text were heard').toBeGreaterThan(spoken.size / 2);
      },
    },
    {
      name: 'ends the work when the AbortSignal fires, with a typed error',
      run: async ({ engine, dir }) => {
        const audioFile = await options.makeLongAudio(dir);
        const controller = new AbortController();
        const pending = engine.doRecognize({ audioFile, signal: controller.signal });
        setTimeout(() => controller.abort(), 5);
        expectEngineError(await rejection(pending), 'aborted');
        expectEngineError(await rejection(engine.doRecognize({ audioFile, signal: AbortSignal.abort() })), 'aborted');
      },
    },
    {
      name: 'fails with typed, non-retryable errors for input that is not audio',
      run: async ({ engine, dir }) => {
        const notAudio = await notMediaFile(dir, 'not-audio.wav');
        const error = await rejection(engine.doRecognize({ audioFile: notAudio }));
        expectEngineError(error, 'invalid-input');
        expect(error.isRetryable).toBe(false);
        expectEngineError(await rejection(engine.doRecognize({ audioFile: '' })), 'invalid-input');
        expectEngineError(await rejection(engine.doRecognize({ audioFile: path.join(dir, 'missing.wav') })), 'invalid-input');
      },
    },
  ];
}

export function speechRecognizerConformance(options: SpeechRecognizerKitOptions): void {
  describeConformance(options.descriptor, 'SpeechRecognizer', speechRecognizerChecks(options));
}
