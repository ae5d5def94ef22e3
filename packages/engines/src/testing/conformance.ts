/**
 * The engine conformance kit: every adapter's test file calls the suite of its capability, so
 * that all engines keep the same promises — declared languages and voices exist, output is real
 * media (ffprobe), unsupported options warn instead of throwing, an AbortSignal ends the work,
 * and failures are typed `EngineError`s. Runs inside Vitest.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechSynthesizer, SynthesizeOptions } from '../capabilities/speech-synthesizer.ts';
import type { SpeechRecognizer } from '../capabilities/speech-recognizer.ts';
import type { VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import type { AudioSeparator } from '../capabilities/audio-separator.ts';
import type { LanguageIdentifier } from '../capabilities/language-identifier.ts';
import type { ConvertVoiceOptions, VoiceConverter } from '../capabilities/voice-converter.ts';
import type { VoiceProfiler } from '../capabilities/voice-profiler.ts';
import type { Capability, CapabilityMap } from '../capabilities/capability-map.ts';
import { EngineError } from '../engine-errors.ts';
import type { EngineDescriptor } from '../registry/engine-registry.ts';

interface CommonKitOptions<C extends Capability> {
  descriptor: EngineDescriptor<C>;
}

function expectEngineError(error: unknown, code?: EngineError['code']): asserts error is EngineError {
  expect(error, 'engines throw EngineError').toBeInstanceOf(EngineError);
  const engineError = error as EngineError;
  expect(typeof engineError.isRetryable).toBe('boolean');
  expect(engineError.name).toMatch(/Error$/);
  if (code) expect(engineError.code).toBe(code);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

function describeDescriptor<C extends Capability>(descriptor: EngineDescriptor<C>, capability: C, getEngine: () => CapabilityMap[C]) {
  it('is described by its registry entry', () => {
    expect(descriptor.capability).toBe(capability);
    expect(descriptor.id).toMatch(/^[a-z0-9-]+:[a-z0-9._-]+$/);
    expect(descriptor.languages.length).toBeGreaterThan(0);
    const engine = getEngine() as { specificationVersion: string; engineId: string };
    expect(engine.specificationVersion).toBe('v1');
    expect(engine.engineId).toBe(descriptor.id);
  });
}

export interface SpeechSynthesizerKitOptions extends CommonKitOptions<'speech-synthesizer'> {
  /** One short sentence per language to speak, with a voice of that language. */
  samples: Array<{ language: string; voice: string; text: string }>;
  /** Options this engine does not support: each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<SynthesizeOptions>>;
  /** A text long enough that the engine is still working a few milliseconds after the call. */
  longText: string;
}

export function speechSynthesizerConformance(options: SpeechSynthesizerKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to SpeechSynthesizer v1`, () => {
    let engine: SpeechSynthesizer;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));
    const sample = () => options.samples[0]!;

    describeDescriptor(descriptor, 'speech-synthesizer', () => engine);

    it('has a voice for every declared language, and every voice is well-formed', async () => {
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
    });

    it.each(options.samples)('speaks $language ($voice) into valid audio with ordered word timings', async ({ voice, text, language }) => {
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
    });

    it.each(options.unsupportedOptions.map((unsupported) => ({ unsupported, keys: Object.keys(unsupported).join(', ') })))(
      'warns instead of throwing for an unsupported option ($keys)',
      async ({ unsupported }) => {
        const outputFile = path.join(dir, 'unsupported.wav');
        const result = await engine.doSynthesize({ text: sample().text, voice: sample().voice, outputFile, ...unsupported });
        const named = result.warnings.filter((warning) => 'option' in warning && Object.keys(unsupported).includes(warning.option));
        expect(named.length).toBeGreaterThan(0);
        expect((await probeMedia(outputFile)).audio).toBeDefined();
      },
    );

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const controller = new AbortController();
      const pending = engine.doSynthesize({ text: options.longText, voice: sample().voice, outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
      expectEngineError(await rejection(engine.doSynthesize({ text: sample().text, voice: sample().voice, outputFile: path.join(dir, 'pre-aborted.wav'), signal: AbortSignal.abort() })), 'aborted');
    });

    it('fails with typed, non-retryable errors for bad input', async () => {
      const unknownVoice = await rejection(engine.doSynthesize({ text: sample().text, voice: 'no-such-voice-xyz', outputFile: path.join(dir, 'x.wav') }));
      expectEngineError(unknownVoice, 'invalid-input');
      expect(unknownVoice.isRetryable).toBe(false);
      expectEngineError(await rejection(engine.doSynthesize({ text: '', voice: sample().voice, outputFile: path.join(dir, 'x.wav') })), 'invalid-input');
    });
  });
}

export interface VoiceActivityDetectorKitOptions extends CommonKitOptions<'voice-activity-detector'> {
  /** Makes a file with speech (returned path) in `dir`. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes a long file the detector needs more than a few milliseconds for. */
  makeLongAudio(dir: string): Promise<string>;
}

export function voiceActivityDetectorConformance(options: VoiceActivityDetectorKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to VoiceActivityDetector v1`, () => {
    let engine: VoiceActivityDetector;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    describeDescriptor(descriptor, 'voice-activity-detector', () => engine);

    it('returns ordered segments inside the audio and a ratio in 0–1', async () => {
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
    });

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const audioFile = await options.makeLongAudio(dir);
      const controller = new AbortController();
      const pending = engine.doDetect({ audioFile, signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
    });

    it('fails with typed, non-retryable errors for input that is not audio', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'this is text, not audio\n');
      const error = await rejection(engine.doDetect({ audioFile: notAudio }));
      expectEngineError(error, 'invalid-input');
      expect(error.isRetryable).toBe(false);
      expectEngineError(await rejection(engine.doDetect({ audioFile: '' })), 'invalid-input');
    });
  });
}

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

export function voiceConverterConformance(options: VoiceConverterKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to VoiceConverter v1`, () => {
    let engine: VoiceConverter;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    describeDescriptor(descriptor, 'voice-converter', () => engine);

    it('converts speech into valid audio that keeps the source timing', async () => {
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
    });

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const audioFile = await options.makeLongSpeech(dir);
      const target = await options.target();
      const controller = new AbortController();
      const pending = engine.doConvert({ audioFile, target, outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
      expectEngineError(await rejection(engine.doConvert({ audioFile, target, outputFile: path.join(dir, 'pre-aborted.wav'), signal: AbortSignal.abort() })), 'aborted');
    });

    it('fails with typed, non-retryable errors for input that is not audio and for unknown targets', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'this is text, not audio\n');
      const target = await options.target();
      const error = await rejection(engine.doConvert({ audioFile: notAudio, target, outputFile: path.join(dir, 'x.wav') }));
      expectEngineError(error, 'invalid-input');
      expect(error.isRetryable).toBe(false);
      expectEngineError(await rejection(engine.doConvert({ audioFile: '', target, outputFile: path.join(dir, 'x.wav') })), 'invalid-input');
      const unknown = await rejection(engine.doConvert({ audioFile: await options.makeSpeech(dir), target: options.unknownTarget, outputFile: path.join(dir, 'x.wav') }));
      expectEngineError(unknown, 'invalid-input');
      expect(unknown.isRetryable).toBe(false);
    });
  });
}

export interface VoiceProfilerKitOptions extends CommonKitOptions<'voice-profiler'> {
  /** Makes a file with speech of one speaker (returned path) in `dir`. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes references the profiler needs more than a few milliseconds for. */
  makeLongSpeech(dir: string): Promise<string>;
}

export function voiceProfilerConformance(options: VoiceProfilerKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to VoiceProfiler v1`, () => {
    let engine: VoiceProfiler;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    describeDescriptor(descriptor, 'voice-profiler', () => engine);

    it('profiles real speech into a profile of this engine (and deletes a remote voice it made)', async () => {
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
    });

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const audioFile = await options.makeLongSpeech(dir);
      const controller = new AbortController();
      const pending = engine.doProfile({ audioFiles: [audioFile], signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
      expectEngineError(await rejection(engine.doProfile({ audioFiles: [audioFile], signal: AbortSignal.abort() })), 'aborted');
    });

    it('fails with typed, non-retryable errors for references that are not audio, or none', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'this is text, not audio\n');
      const error = await rejection(engine.doProfile({ audioFiles: [notAudio] }));
      expectEngineError(error, 'invalid-input');
      expect(error.isRetryable).toBe(false);
      expectEngineError(await rejection(engine.doProfile({ audioFiles: [] })), 'invalid-input');
    });
  });
}

export interface AudioSeparatorKitOptions extends CommonKitOptions<'audio-separator'> {
  /** Makes a mixture the engine can separate (returned path) in `dir`. */
  makeMixture(dir: string): Promise<string>;
  makeLongMixture(dir: string): Promise<string>;
  /** The stems the engine produces. */
  stems: Array<'vocals' | 'accompaniment' | 'noise'>;
}

export function audioSeparatorConformance(options: AudioSeparatorKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to AudioSeparator v1`, () => {
    let engine: AudioSeparator;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    describeDescriptor(descriptor, 'audio-separator', () => engine);

    it('writes every stem it produces as audio as long as the input, and warns about the others', async () => {
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
    });

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const audioFile = await options.makeLongMixture(dir);
      const controller = new AbortController();
      const pending = engine.doSeparate({ audioFile, outputs: { [options.stems[0]!]: path.join(dir, 'aborted.wav') }, signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
    });

    it('fails with typed, non-retryable errors for input that is not audio', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'this is text, not audio\n');
      const error = await rejection(engine.doSeparate({ audioFile: notAudio, outputs: { [options.stems[0]!]: path.join(dir, 'x.wav') } }));
      expectEngineError(error, 'invalid-input');
      expect(error.isRetryable).toBe(false);
    });
  });
}

export interface LanguageIdentifierKitOptions extends CommonKitOptions<'language-identifier'> {
  /** Texts with the language they are in (one per declared language worth checking). */
  samples: Array<{ language: string; text: string }>;
}

export function languageIdentifierConformance(options: LanguageIdentifierKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to LanguageIdentifier v1`, () => {
    let engine: LanguageIdentifier;
    beforeAll(async () => {
      engine = await descriptor.load();
    });

    describeDescriptor(descriptor, 'language-identifier', () => engine);

    it.each(options.samples)('identifies $language first, with confidences in 0–1 in falling order', async ({ language, text }) => {
      const result = await engine.doIdentify({ text });
      expect(result.languages[0]?.language).toBe(language);
      expect(descriptor.languages.includes('*') || descriptor.languages.includes(language), 'a declared language').toBe(true);
      let previous = 1;
      let total = 0;
      for (const candidate of result.languages) {
        expect(candidate.confidence).toBeGreaterThanOrEqual(0);
        expect(candidate.confidence).toBeLessThanOrEqual(previous + 1e-9);
        previous = candidate.confidence;
        total += candidate.confidence;
      }
      expect(total).toBeLessThanOrEqual(1 + 1e-6);
      expect(result.response.engineId).toBe(descriptor.id);
    });

    it('returns no language, with a warning, for text without letters; typed errors for bad input and a fired signal', async () => {
      const result = await engine.doIdentify({ text: '12345 !?' });
      expect(result.languages).toEqual([]);
      expect(result.warnings.length).toBeGreaterThan(0);
      expectEngineError(await rejection(engine.doIdentify({ text: 42 as unknown as string })), 'invalid-input');
      expectEngineError(await rejection(engine.doIdentify({ text: 'hello there', signal: AbortSignal.abort() })), 'aborted');
    });
  });
}

export interface SpeechRecognizerKitOptions extends CommonKitOptions<'speech-recognizer'> {
  /** Makes a file of clear speech in `dir` and returns it with the words spoken. */
  makeSpeech(dir: string): Promise<{ file: string; text: string; language: string }>;
  /** Makes a file long enough that recognition is still running a few milliseconds after the call. */
  makeLongAudio(dir: string): Promise<string>;
}

export function speechRecognizerConformance(options: SpeechRecognizerKitOptions): void {
  const { descriptor } = options;
  describe(`${descriptor.id} conforms to SpeechRecognizer v1`, () => {
    let engine: SpeechRecognizer;
    let dir: string;
    beforeAll(async () => {
      engine = await descriptor.load();
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    describeDescriptor(descriptor, 'speech-recognizer', () => engine);

    it('hears some of the words spoken, in ordered segments and words inside the audio', async () => {
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
    });

    it('ends the work when the AbortSignal fires, with a typed error', async () => {
      const audioFile = await options.makeLongAudio(dir);
      const controller = new AbortController();
      const pending = engine.doRecognize({ audioFile, signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
      expectEngineError(await rejection(engine.doRecognize({ audioFile, signal: AbortSignal.abort() })), 'aborted');
    });

    it('fails with typed, non-retryable errors for input that is not audio', async () => {
      const notAudio = path.join(dir, 'not-audio.wav');
      await writeFile(notAudio, 'this is text, not audio\n');
      const error = await rejection(engine.doRecognize({ audioFile: notAudio }));
      expectEngineError(error, 'invalid-input');
      expect(error.isRetryable).toBe(false);
      expectEngineError(await rejection(engine.doRecognize({ audioFile: '' })), 'invalid-input');
      expectEngineError(await rejection(engine.doRecognize({ audioFile: path.join(dir, 'missing.wav') })), 'invalid-input');
    });
  });
}
