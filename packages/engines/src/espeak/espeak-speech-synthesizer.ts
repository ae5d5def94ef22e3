import { writeFile } from 'node:fs/promises';
import { pcm16Wav, runFfmpeg, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { clampOption, parseOptions, speaksLanguage } from '../capabilities/call-options.ts';
import { synthesizeOptionsSchema } from '../capabilities/option-schemas.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult, WordTiming } from '../capabilities/speech-synthesizer.ts';
import { encodeSpeechArgs } from '../audio/speech-output.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { espeakLibrary } from './espeak-library.ts';
import { ESPEAK_PITCH_CALIBRATION, espeakPitchParameter } from './espeak-pitch.ts';
import { escapeXmlMapped, MappedText } from './espeak-text-mapping.ts';
import { ESPEAK_ENGINE_ID, toSynthesisVoice, variantEntries, variantIdOf, voiceEntries, type EspeakVoiceEntry } from './espeak-voices.ts';
import { wordTimingsFromEvents } from './espeak-word-events.ts';
import { loadMandarinToPinyinMapped, mandarinSpeechSsmlMapped } from './mandarin-pinyin.ts';

export interface EspeakSettings {
  /**
   * Hanzi → numbered pinyin (`你好` → `ni3 hao3`, neutral tone 5) for the Mandarin voice. Default:
   * `pinyin-pro` with numbers read in Chinese and Chinese punctuation as pauses (`mandarin-pinyin.ts`),
   * which gets context-dependent readings (银行 yin2 hang2) right where espeak-ng's own
   * per-character dictionary does not. Latin words left in the result are spoken in English.
   * With a converter of your own, syllables are matched to the Hanzi in order for word timings.
   */
  hanziToPinyin?: (text: string) => string;
  /** Per synthesis, from when espeak-ng starts on it (it runs at ~90× real time, so this is generous). */
  timeoutMs?: number;
}

const settingsSchema = z.object({
  hanziToPinyin: z.custom<(text: string) => string>((value) => typeof value === 'function').optional(),
  timeoutMs: z.number().int().positive().optional(),
});

/** `providerOptions.espeak`. */
const espeakOptionsSchema = z.object({
  /** Extra pause between words, in 10 ms units at the default rate (`-g`). */
  wordGap: z.number().int().min(0).max(100).optional(),
});

const DEFAULT_WPM = 175;
const MIN_WPM = 80;
const MAX_WPM = 450;
const HAN = /\p{Script=Han}/u;
const SYLLABLE = /[A-Za-zü]+[0-5]/g;

/** espeak-ng's `cmn` voice reads Latin letters (so pinyin and tone digits) as English; `cmn-latn-pinyin` reads pinyin. */
const VOICE_REPLACEMENTS: Record<string, { voice: string; reason: string }> = {
  cmn: { voice: 'cmn-latn-pinyin', reason: "espeak-ng's cmn voice reads Latin letters as English, so the pinyin our Chinese text becomes would be misread; cmn-latn-pinyin is used instead" },
};

/** Each syllable of a converter's pinyin mapped to the next Hanzi of `source`, in order (for a converter that keeps no map). */
function syllablesInOrder(pinyin: string, source: MappedText): MappedText {
  const hanzi = [...source.text.matchAll(/\p{Script=Han}/gu)].map((match) => match.index);
  const pieces: Array<{ text: string; sourceStart?: number; sourceEnd?: number }> = [];
  let last = 0;
  let next = 0;
  for (const match of pinyin.matchAll(SYLLABLE)) {
    pieces.push({ text: pinyin.slice(last, match.index) });
    const at = hanzi[Math.min(next++, hanzi.length - 1)];
    const span = at === undefined ? undefined : source.sourceSpan(at, at + (source.text.codePointAt(at)! > 0xffff ? 2 : 1));
    pieces.push({ text: match[0], sourceStart: span?.start, sourceEnd: span?.end });
    last = match.index + match[0].length;
  }
  pieces.push({ text: pinyin.slice(last) });
  return MappedText.concat(pieces);
}

/** The text between the tags of SSML markup converted (to pinyin), the tags kept. */
function convertSsmlText(markup: MappedText, convert: (text: MappedText) => MappedText): MappedText {
  const pieces: MappedText[] = [];
  let last = 0;
  const convertText = (end: number) => {
    const text = markup.slice(last, end);
    pieces.push(HAN.test(text.text) ? convert(text) : text);
  };
  for (const tag of markup.text.matchAll(/<[^>]*>/g)) {
    convertText(tag.index);
    pieces.push(markup.slice(tag.index, tag.index + tag[0].length));
    last = tag.index + tag[0].length;
  }
  convertText(markup.text.length);
  return MappedText.concat(pieces);
}

/**
 * Text as one `<speak>` document: without the root element the library leaves out the pause that
 * ends the last sentence (espeak-ng's command line adds it), ~0.3 s shorter than the CLI per call.
 */
function asSpeakDocument(text: MappedText, plain: boolean): MappedText {
  if (!plain && /<speak[\s>]/.test(text.text)) return text;
  return MappedText.concat([{ text: '<speak>' }, plain ? escapeXmlMapped(text) : text, { text: '</speak>' }]);
}

/** `providerOptions.espeak.wordGap`: the library has no word-gap setting, so the pauses become SSML breaks between words. */
function withWordGaps(ssml: MappedText, milliseconds: number): MappedText {
  return ssml.replace(/<[^>]*>|(?<=[^\s>])\s+(?=[^\s<])/g, (match) => (match.startsWith('<') ? match : ` <break time="${milliseconds}ms"/> `));
}

export class EspeakSpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId = ESPEAK_ENGINE_ID;
  readonly #settings: EspeakSettings;

  constructor(settings: EspeakSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`espeak settings: ${parsed.error.issues[0]?.message}`, { engineId: ESPEAK_ENGINE_ID });
    this.#settings = settings;
  }

  /** The library's voices and variants (read once per process, when the library loads). */
  async #loadCatalogue(): Promise<{ voices: EspeakVoiceEntry[]; variants: EspeakVoiceEntry[] }> {
    try {
      const { voices, variants } = await espeakLibrary().catalogue();
      return { voices: voiceEntries(voices), variants: variantEntries(variants) };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'listing voices');
    }
  }

  /** Base voices (one per language; ids such as `en-us`). Variants combine with any of them: `en-us+f3`. */
  async listVoices(options: { signal?: AbortSignal } = {}): Promise<SynthesisVoice[]> {
    throwIfAborted(options.signal, this.engineId);
    const { voices } = await this.#loadCatalogue();
    return voices.map((entry) => toSynthesisVoice(entry));
  }

  /** Voice variants (`f3`, `m1`, `whisper`, …) with their gender, for `<voice>+<variant>` ids. */
  async listVariants(options: { signal?: AbortSignal } = {}): Promise<Array<{ id: string; name: string; gender: 'female' | 'male' | undefined }>> {
    throwIfAborted(options.signal, this.engineId);
    const { variants } = await this.#loadCatalogue();
    return variants.map((entry) => ({ id: variantIdOf(entry), name: entry.name, gender: entry.gender }));
  }

  async doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
    const startedAt = performance.now();
    const { warnings, provider } = parseOptions(options, { engineId: this.engineId, request: synthesizeOptionsSchema, vendor: 'espeak', schema: espeakOptionsSchema });

    // Voice and variant.
    const { voices, variants } = await this.#loadCatalogue();
    throwIfAborted(options.signal, this.engineId);
    const [requestedBase = '', variantId, ...extra] = options.voice.trim().split('+');
    const replacement = VOICE_REPLACEMENTS[requestedBase.toLowerCase()];
    if (replacement) warnings.push({ type: 'approximated-option', option: 'voice', details: replacement.reason });
    const baseId = replacement?.voice ?? requestedBase.toLowerCase();
    const base = voices.find((entry) => entry.id.toLowerCase() === baseId);
    if (!base) throw new EngineInputError(`espeak-ng has no voice "${requestedBase}" (see listVoices())`, { engineId: this.engineId });
    const variant = variantId === undefined ? undefined : variants.find((entry) => variantIdOf(entry).toLowerCase() === variantId.toLowerCase());
    if (variantId !== undefined && !variant) throw new EngineInputError(`espeak-ng has no voice variant "${variantId}" (see listVariants())`, { engineId: this.engineId });
    if (extra.length) throw new EngineInputError(`voice "${options.voice}" has more than one variant`, { engineId: this.engineId });
    const voice = toSynthesisVoice(base, variant);
    const voiceArg = variant ? `${base.id}+${variantIdOf(variant)}` : base.id;

    if (options.language && !speaksLanguage(voice.languages, options.language)) {
      warnings.push({ type: 'unsupported-option', option: 'language', details: `voice ${voice.id} speaks ${voice.languages.join(', ')}, not ${options.language}` });
    }
    if (options.style) warnings.push({ type: 'unsupported-option', option: 'style', details: 'espeak-ng has no speaking styles' });

    // Rate, pitch, volume.
    const speed = options.speed ?? 1;
    const wpm = clampOption(warnings, 'speed', Math.round(DEFAULT_WPM * speed), [MIN_WPM, MAX_WPM], (used) => `espeak-ng speaks ${MIN_WPM}–${MAX_WPM} words per minute; used ${used}`);
    const semitones = options.pitchSemitones ?? 0;
    const { parameter: pitch, clamped } = espeakPitchParameter(semitones);
    if (semitones !== 0) {
      const reach = `espeak-ng reaches ${ESPEAK_PITCH_CALIBRATION[0]![1]} to +${ESPEAK_PITCH_CALIBRATION.at(-1)![1]} semitones`;
      warnings.push({ type: 'approximated-option', option: 'pitchSemitones', details: clamped ? `${reach}; used -p ${pitch}` : `${semitones} st mapped to -p ${pitch} (calibrated on en-us; other voices differ slightly)` });
    }
    const volume = options.volume ?? 1;
    const amplitude = clampOption(warnings, 'volume', Math.round(100 * volume), [0, 200], () => 'espeak-ng amplifies at most 2×');

    // Text: what the library is given (it always reads SSML), mapped back to the caller's text for word timings.
    // Hanzi go through the pinyin converter; Latin words in Chinese text are spoken in English.
    const ssml = options.textFormat === 'ssml';
    const source = MappedText.identity(options.text);
    let spoken = asSpeakDocument(source, !ssml);
    if (base.id === 'cmn-latn-pinyin' && HAN.test(options.text)) {
      try {
        const custom = this.#settings.hanziToPinyin;
        const convert = custom ? (text: MappedText) => syllablesInOrder(custom(text.text), text) : await loadMandarinToPinyinMapped();
        if (ssml) spoken = asSpeakDocument(convertSsmlText(source, convert), false);
        else {
          const pinyin = convert(source);
          spoken = mandarinSpeechSsmlMapped(pinyin, { pinyinVoice: voiceArg, latinVoice: variant ? `en-us+${variantIdOf(variant)}` : 'en-us' }) ?? asSpeakDocument(pinyin, true);
        }
      } catch (error) {
        throw toEngineError(error, this.engineId, 'converting Hanzi to pinyin');
      }
    }
    const { wordGap } = provider;
    if (wordGap) {
      // `-g` counted 10 ms units at the default rate, shorter at higher rates.
      spoken = withWordGaps(spoken, Math.round((wordGap * 10 * DEFAULT_WPM) / wpm));
      warnings.push({ type: 'approximated-option', option: 'providerOptions.espeak.wordGap', details: 'the espeak-ng library has no word gap setting: the gaps are SSML breaks, which also end the phrase (intonation)' });
    }

    const format = options.outputFormat ?? 'wav';
    const wantTimings = options.wordTimings ?? true;
    try {
      const synthesis = await espeakLibrary().synthesize(
        { voice: variant ? `${base.file}+${variantIdOf(variant)}` : base.file, wordsPerMinute: wpm, pitch, amplitude, ssml: spoken.text },
        { signal: options.signal, timeoutMs: this.#settings.timeoutMs ?? 120_000 },
      );
      const { samples, sampleRate } = synthesis;
      const timingStarted = performance.now();
      const words: WordTiming[] = wantTimings ? wordTimingsFromEvents({ events: synthesis.words, spoken, text: options.text, ssml, samples, sampleRate }) : [];
      if (wantTimings && words.length === 0) warnings.push({ type: 'other', message: 'espeak-ng spoke no words (the text has nothing to read), so there are no word timings' });
      const timingMs = performance.now() - timingStarted;

      const wav = pcm16Wav(samples, sampleRate);
      if (format === 'wav') await writeFile(options.outputFile, wav);
      else {
        await withWorkDir('espeak', async (_dir, file) => {
          const wavFile = file('speech.wav');
          await writeFile(wavFile, wav);
          await runFfmpeg(encodeSpeechArgs({ input: wavFile, output: options.outputFile, format }), { signal: options.signal });
        });
      }
      return {
        audio: { file: options.outputFile, format, sampleRate, channels: 1, durationSeconds: samples.length / sampleRate },
        words,
        wordTimingsApproximate: false,
        warnings,
        timings: { totalMs: performance.now() - startedAt, stepsMs: { synthesisMs: synthesis.synthesisMs, wordTimingsMs: timingMs } },
        response: { engineId: this.engineId, voice: voice.id },
      };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'synthesizing');
    }
  }
}

/** The espeak-ng engine (the library's WASM build, in a worker thread: `espeak-library.ts`). */
export function createEspeak(settings: EspeakSettings = {}): EspeakSpeechSynthesizer {
  return new EspeakSpeechSynthesizer(settings);
}
