import { readFile, writeFile } from 'node:fs/promises';
import { runFfmpeg, runMediaTool, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult, WordTiming } from '../capabilities/speech-synthesizer.ts';
import { wavPeakEnvelope } from '../audio/pcm-audio.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { alignWordsWithProbe, estimateWordsByLength, phonemeWeights, ssmlTextContent, tokenizeWords } from './espeak-word-timings.ts';
import { ESPEAK_PITCH_CALIBRATION, espeakPitchParameter } from './espeak-pitch.ts';
import { ESPEAK_ENGINE_ID, parseEspeakVoiceList, toSynthesisVoice, variantIdOf, type EspeakVoiceEntry } from './espeak-voices.ts';
import { loadMandarinToPinyin, mandarinSpeechSsml } from './mandarin-pinyin.ts';

export interface EspeakSettings {
  /** The espeak-ng binary (default `espeak-ng` on PATH). */
  binary?: string;
  /**
   * Hanzi → numbered pinyin (`你好` → `ni3 hao3`, neutral tone 5) for the Mandarin voice. Default:
   * `pinyin-pro` with numbers read in Chinese and Chinese punctuation as pauses (`mandarin-pinyin.ts`),
   * which gets context-dependent readings (银行 yin2 hang2) right where espeak-ng's own
   * per-character dictionary does not. Latin words left in the result are spoken in English.
   */
  hanziToPinyin?: (text: string) => string;
  /** Per espeak-ng call; synthesis runs at ~300× real time, so this is generous. */
  timeoutMs?: number;
}

const settingsSchema = z.object({
  binary: z.string().min(1).optional(),
  hanziToPinyin: z.custom<(text: string) => string>((value) => typeof value === 'function').optional(),
  timeoutMs: z.number().int().positive().optional(),
});

const optionsSchema = z.object({
  text: z.string().min(1, 'text is empty'),
  textFormat: z.enum(['plain', 'ssml']).optional(),
  voice: z.string().min(1),
  language: z.string().optional(),
  speed: z.number().positive().optional(),
  pitchSemitones: z.number().optional(),
  volume: z.number().min(0).optional(),
  style: z.string().optional(),
  outputFile: z.string().min(1),
  outputFormat: z.enum(['wav', 'mp3', 'ogg', 'flac', 'pcm']).optional(),
  wordTimings: z.boolean().optional(),
});

/** `providerOptions.espeak`. */
const espeakOptionsSchema = z.object({
  /** Extra pause between words, in 10 ms units at the default rate (`-g`). */
  wordGap: z.number().int().min(0).max(100).optional(),
});

const DEFAULT_WPM = 175;
const MIN_WPM = 80;
const MAX_WPM = 450;
/** Probe word gap (`-g`, 10 ms units at 175 wpm): 250 ms between words is longer than any pause inside a word. */
const PROBE_WORD_GAP = 25;
const HAN = /\p{Script=Han}/u;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Debian's `cmn` voice reads tone digits (and Hanzi) as English; `cmn-latn-pinyin` reads both correctly. */
const VOICE_REPLACEMENTS: Record<string, { voice: string; reason: string }> = {
  cmn: { voice: 'cmn-latn-pinyin', reason: "espeak-ng 1.51's cmn voice reads Chinese through English letter names; cmn-latn-pinyin is used instead" },
};

function encodeFormatArgs(format: 'mp3' | 'ogg' | 'flac' | 'pcm'): string[] {
  switch (format) {
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'];
    case 'ogg':
      return ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'];
    case 'flac':
      return ['-c:a', 'flac', '-f', 'flac'];
    case 'pcm':
      return ['-c:a', 'pcm_s16le', '-f', 's16le'];
  }
}

export class EspeakSpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId = ESPEAK_ENGINE_ID;
  readonly #binary: string;
  readonly #settings: EspeakSettings;
  #catalogue: Promise<{ voices: EspeakVoiceEntry[]; variants: EspeakVoiceEntry[] }> | undefined;

  constructor(settings: EspeakSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`espeak settings: ${parsed.error.issues[0]?.message}`, { engineId: ESPEAK_ENGINE_ID });
    this.#settings = settings;
    this.#binary = settings.binary ?? 'espeak-ng';
  }

  #run(args: string[], signal?: AbortSignal) {
    return runMediaTool(this.#binary, args, { signal, timeoutMs: this.#settings.timeoutMs ?? 120_000 });
  }

  /** Read once per instance (~20 ms); shared by concurrent callers, so no caller's signal cancels it. */
  #loadCatalogue() {
    if (!this.#catalogue) {
      this.#catalogue = Promise.all([this.#run(['--voices']), this.#run(['--voices=variant'])]).then(([voices, variants]) => ({
        voices: parseEspeakVoiceList(voices.stdout),
        variants: parseEspeakVoiceList(variants.stdout),
      }));
      this.#catalogue.catch(() => (this.#catalogue = undefined));
    }
    return this.#catalogue.catch((error: unknown) => {
      throw toEngineError(error, this.engineId, 'listing voices');
    });
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
    const parsed = optionsSchema.safeParse(options);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EngineInputError(`${issue?.path.join('.') || 'options'}: ${issue?.message}`, { engineId: this.engineId });
    }
    const espeakOptions = espeakOptionsSchema.safeParse(options.providerOptions?.espeak ?? {});
    if (!espeakOptions.success) throw new EngineInputError(`providerOptions.espeak: ${espeakOptions.error.issues[0]?.message}`, { engineId: this.engineId });
    throwIfAborted(options.signal, this.engineId);
    const warnings: EngineWarning[] = [];
    for (const key of Object.keys(options.providerOptions?.espeak ?? {})) {
      if (!(key in espeakOptionsSchema.shape)) warnings.push({ type: 'unsupported-option', option: `providerOptions.espeak.${key}`, details: `espeak options are: ${Object.keys(espeakOptionsSchema.shape).join(', ')}` });
    }

    // Voice and variant.
    const { voices, variants } = await this.#loadCatalogue();
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

    if (options.language) {
      const wanted = options.language.toLowerCase();
      const speaks = voice.languages.some((language) => language === wanted || language.startsWith(`${wanted}-`) || wanted.startsWith(`${language}-`));
      if (!speaks) warnings.push({ type: 'unsupported-option', option: 'language', details: `voice ${voice.id} speaks ${voice.languages.join(', ')}, not ${options.language}` });
    }
    if (options.style) warnings.push({ type: 'unsupported-option', option: 'style', details: 'espeak-ng has no speaking styles' });

    // Rate, pitch, volume.
    const speed = options.speed ?? 1;
    const wpm = clamp(Math.round(DEFAULT_WPM * speed), MIN_WPM, MAX_WPM);
    if (wpm !== Math.round(DEFAULT_WPM * speed)) warnings.push({ type: 'approximated-option', option: 'speed', details: `espeak-ng speaks ${MIN_WPM}–${MAX_WPM} words per minute; used ${wpm}` });
    const semitones = options.pitchSemitones ?? 0;
    const { parameter: pitch, clamped } = espeakPitchParameter(semitones);
    if (semitones !== 0) {
      const reach = `espeak-ng reaches ${ESPEAK_PITCH_CALIBRATION[0]![1]} to +${ESPEAK_PITCH_CALIBRATION.at(-1)![1]} semitones`;
      warnings.push({ type: 'approximated-option', option: 'pitchSemitones', details: clamped ? `${reach}; used -p ${pitch}` : `${semitones} st mapped to -p ${pitch} (calibrated on en-us; other voices differ slightly)` });
    }
    const volume = options.volume ?? 1;
    const amplitude = clamp(Math.round(100 * volume), 0, 200);
    if (amplitude !== Math.round(100 * volume)) warnings.push({ type: 'approximated-option', option: 'volume', details: 'espeak-ng amplifies at most 2×' });

    // Text: Hanzi through the pinyin converter; Latin words in Chinese text are spoken in English.
    const ssml = options.textFormat === 'ssml';
    let markup = ssml;
    let spokenText = options.text;
    if (base.id === 'cmn-latn-pinyin' && HAN.test(spokenText)) {
      try {
        const convert = this.#settings.hanziToPinyin ?? (await loadMandarinToPinyin());
        spokenText = convert(spokenText);
      } catch (error) {
        throw toEngineError(error, this.engineId, 'converting Hanzi to pinyin');
      }
      const mixed = ssml ? undefined : mandarinSpeechSsml(spokenText, { pinyinVoice: voiceArg, latinVoice: variant ? `en-us+${variantIdOf(variant)}` : 'en-us' });
      if (mixed) {
        spokenText = mixed;
        markup = true;
      }
    }

    const format = options.outputFormat ?? 'wav';
    const wantTimings = options.wordTimings ?? true;
    try {
      return await withWorkDir('espeak', async (_dir, file) => {
        const textFile = file('text.txt');
        await writeFile(textFile, spokenText);
        const common = ['-v', voiceArg, '-p', String(pitch), '-a', String(amplitude), '-b', '1', ...(markup ? ['-m'] : [])];
        const extraGap = espeakOptions.data.wordGap !== undefined ? ['-g', String(espeakOptions.data.wordGap)] : [];
        const wavFile = format === 'wav' ? options.outputFile : file('speech.wav');
        const synthStarted = performance.now();
        await this.#run([...common, '-s', String(wpm), ...extraGap, '-w', wavFile, '-f', textFile], options.signal);
        const synthesisMs = performance.now() - synthStarted;
        const output = wavPeakEnvelope(await readFile(wavFile));
        const durationSeconds = output.durationSeconds;

        let words: WordTiming[] = [];
        const timingStarted = performance.now();
        if (wantTimings && extraGap.length === 0) {
          const tokens = tokenizeWords(ssml ? ssmlTextContent(options.text) : options.text);
          const probeFile = file('probe.wav');
          // The probe speaks at the default rate: espeak-ng shortens -g gaps at high rates.
          await this.#run([...common, '-s', String(Math.min(wpm, DEFAULT_WPM)), '-g', String(PROBE_WORD_GAP), '-w', probeFile, '-f', textFile], options.signal);
          const weigh = async () => {
            const tokenFile = file('tokens.txt');
            await writeFile(tokenFile, tokens.map((token) => token.text).join('\n'));
            const { stdout } = await this.#run(['-v', voiceArg, '-q', '-x', '-l', '100000', '-b', '1', '-f', tokenFile], options.signal);
            return phonemeWeights(stdout, tokens.length);
          };
          const aligned = await alignWordsWithProbe(tokens, wavPeakEnvelope(await readFile(probeFile)), output, weigh);
          words = aligned?.words ?? estimateWordsByLength(tokens, output);
          warnings.push({
            type: 'approximate-output',
            output: 'words',
            details: !aligned
              ? 'espeak-ng reports no word timings: estimated from word length between pauses'
              : aligned.oneToOne
                ? 'espeak-ng reports no word timings: estimated from a word-gap probe, exact at pauses and interpolated within phrases'
                : 'espeak-ng reports no word timings: estimated from a word-gap probe; some words (numbers, joined words) were split by length',
          });
        } else if (wantTimings) {
          warnings.push({ type: 'unsupported-option', option: 'wordTimings', details: 'no word timings with providerOptions.espeak.wordGap' });
        }
        const timingMs = performance.now() - timingStarted;

        if (format !== 'wav') {
          await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', wavFile, ...encodeFormatArgs(format), options.outputFile], { signal: options.signal });
        }
        return {
          audio: { file: options.outputFile, format, sampleRate: output.sampleRate, channels: 1, durationSeconds },
          words,
          wordTimingsApproximate: words.length > 0,
          warnings,
          timings: { totalMs: performance.now() - startedAt, stepsMs: { synthesisMs, wordTimingsMs: timingMs } },
          response: { engineId: this.engineId, voice: voice.id },
        };
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'synthesizing');
    }
  }
}

/** The espeak-ng engine (Debian's `espeak-ng` on PATH). */
export function createEspeak(settings: EspeakSettings = {}): EspeakSpeechSynthesizer {
  return new EspeakSpeechSynthesizer(settings);
}
