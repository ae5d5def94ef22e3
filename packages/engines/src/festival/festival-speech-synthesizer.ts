import { readFile, stat, writeFile } from 'node:fs/promises';
import { runMediaTool, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions, speaksLanguage } from '../capabilities/call-options.ts';
import { synthesizeOptionsSchema } from '../capabilities/option-schemas.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult } from '../capabilities/speech-synthesizer.ts';
import { finishSpeechAudio, speechAdjustments } from '../audio/speech-output.ts';
import { EngineInputError, EngineUnavailableError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { decodeByteText, encodeByteText, prepareByteText } from '../text/byte-text.ts';
import { decodeEntitiesKeepingLength, ssmlTextContent } from '../text/ssml-text.ts';
import { festivalScript, festivalTextData, festivalUtterances, festivalVoiceCheckScript, festivalWordTimings, parseFestivalWords, parseVoiceCheck } from './festival-script.ts';
import { leaseFestivalServer, type FestivalServer, type FestivalServerLease } from './festival-server.ts';
import { DEFAULT_FESTIVAL_VOICES_DIR, FESTIVAL_ENGINE_ID, scanFestivalVoices, toFestivalSynthesisVoice, type FestivalVoiceEntry } from './festival-voices.ts';

export interface FestivalSettings {
  /** The festival binary (default `festival` on PATH). */
  binary?: string;
  /** Where festival's voices are installed (default Debian's `/usr/share/festival/voices`). */
  voicesDir?: string;
  /** rubberband-cli, for pitch (and tempo of unit-selection voices). */
  rubberbandBinary?: string;
  /** Per festival call; default 30 s plus 20 ms per character (festival runs at ~0.1 real time). */
  timeoutMs?: number;
  /**
   * Keep one `festival --server` with every voice loaded and run each synthesis in a child it forks
   * (default true): saves festival's start-up and voice loading (≈ 0.3–0.7 s) per call. With
   * false, or when the server cannot start, every call runs `festival -b`.
   */
  server?: boolean;
  /** Stop the server after this long without requests (default 10 minutes). */
  serverIdleMs?: number;
}

const settingsSchema = z.object({
  binary: z.string().min(1).optional(),
  voicesDir: z.string().min(1).optional(),
  rubberbandBinary: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
  server: z.boolean().optional(),
  serverIdleMs: z.number().int().positive().optional(),
});

/**
 * Which voices festival could load, per binary, voices folder and voice list, for this process's
 * life: the check loads every installed voice (≈ 3.4 s of CPU, 470 MB for a moment, for Debian's ten),
 * and each synthesizer made again (an engine set built per app, as every test app does) asked it again.
 * A failed check is not kept.
 */
const loadableVoicesChecked = new Map<string, Promise<ReadonlySet<string>>>();

/** Longer texts are worth a shell call that records festival's pid, so that cancelling stops the work. */
const KILLABLE_FROM_CHARACTERS = 300;

export class FestivalSpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId = FESTIVAL_ENGINE_ID;
  readonly #settings: FestivalSettings;
  #voices: Promise<FestivalVoiceEntry[]> | undefined;
  /** This synthesizer's share of the process's festival server (`leaseFestivalServer`), taken on first use. */
  #server: FestivalServerLease | undefined;
  #serverFailed = false;

  constructor(settings: FestivalSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`festival settings: ${parsed.error.issues[0]?.message}`, { engineId: FESTIVAL_ENGINE_ID });
    this.#settings = settings;
  }

  /**
   * Scanned once per instance, then each voice loaded once by festival: a package that installs a
   * voice festival cannot load (Debian's Hindi NSK misses its phone set) would otherwise speak with
   * festival's default English voice. An empty result means festival's voices are not installed.
   */
  #catalogue(): Promise<FestivalVoiceEntry[]> {
    if (!this.#voices) {
      const dir = this.#settings.voicesDir ?? DEFAULT_FESTIVAL_VOICES_DIR;
      this.#voices = scanFestivalVoices(dir).then(async (scanned) => {
        const loadable = scanned.length ? await this.#loadableVoices(scanned.map((voice) => voice.id)) : new Set<string>();
        const voices = scanned.filter((voice) => loadable.has(voice.id));
        if (voices.length === 0) throw new EngineUnavailableError(`festival: no voices under ${dir} that festival can load (install festival and its voice packages)`, { engineId: FESTIVAL_ENGINE_ID });
        return voices;
      });
      this.#voices.catch(() => (this.#voices = undefined));
    }
    return this.#voices;
  }

  async #loadableVoices(ids: readonly string[]): Promise<Set<string>> {
    const binary = this.#settings.binary ?? 'festival';
    const key = [binary, this.#settings.voicesDir ?? DEFAULT_FESTIVAL_VOICES_DIR, ...ids].join('\n');
    let checked = loadableVoicesChecked.get(key);
    if (!checked) {
      checked = withWorkDir('festival-voices', async (_dir, file) => {
        await writeFile(file('check.scm'), festivalVoiceCheckScript(ids));
        const { stdout } = await runMediaTool(binary, ['-b', file('check.scm')], { timeoutMs: 60_000 });
        return parseVoiceCheck(stdout);
      });
      loadableVoicesChecked.set(key, checked);
      checked.catch(() => loadableVoicesChecked.delete(key));
    }
    try {
      return new Set(await checked);
    } catch (error) {
      throw toEngineError(error, this.engineId, 'loading its voices');
    }
  }

  /** The server (it loads each voice when first asked for it); undefined when calls run `festival -b`. */
  #serverFor(): FestivalServer | undefined {
    if (this.#settings.server === false || this.#serverFailed) return undefined;
    this.#server ??= leaseFestivalServer({
      binary: this.#settings.binary ?? 'festival',
      ...(this.#settings.serverIdleMs ? { idleMs: this.#settings.serverIdleMs } : {}),
    });
    return this.#server.server;
  }

  /** How calls run: in children of one festival server (the default) or one `festival -b` each. */
  get mode(): 'server' | 'per-call' {
    return this.#settings.server === false || this.#serverFailed ? 'per-call' : 'server';
  }

  /** Lets go of the process's festival server: it stops soon after no synthesizer holds it (`leaseFestivalServer`), when idle, and with this process. */
  async close(): Promise<void> {
    this.#server?.release();
    this.#server = undefined;
  }

  /** Every installed voice, SLT (HTS, US English) first: the best English voice here. */
  async listVoices(options: { signal?: AbortSignal } = {}): Promise<SynthesisVoice[]> {
    throwIfAborted(options.signal, this.engineId);
    return (await this.#catalogue()).map(toFestivalSynthesisVoice);
  }

  async doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: synthesizeOptionsSchema, vendor: 'festival' });

    const voices = await this.#catalogue();
    const entry = voices.find((voice) => voice.id.toLowerCase() === options.voice.trim().toLowerCase());
    if (!entry) throw new EngineInputError(`festival has no voice "${options.voice}" (see listVoices())`, { engineId: this.engineId });
    const { facts } = entry;

    if (options.language && !speaksLanguage(facts.languages, options.language)) {
      warnings.push({ type: 'unsupported-option', option: 'language', details: `voice ${entry.id} speaks ${facts.languages.join(', ')}, not ${options.language}` });
    }
    if (options.style) warnings.push({ type: 'unsupported-option', option: 'style', details: 'festival has no speaking styles' });
    const { speed, pitchSemitones, volume } = speechAdjustments(options, 'festival', warnings);

    // SSML: tags are blanked out (offsets still point into the markup); festival reads the words.
    const ssml = options.textFormat === 'ssml';
    if (ssml) warnings.push({ type: 'unsupported-option', option: 'textFormat', details: 'festival reads SSML as plain text: tags are ignored, so <break> adds no pause (split the text into segments instead)' });
    const prepared = prepareByteText(ssml ? decodeEntitiesKeepingLength(ssmlTextContent(options.text)) : options.text, facts);
    if (prepared.dropped > 0) warnings.push({ type: 'approximate-output', output: 'audio', details: `${prepared.dropped} characters the ${entry.id} voice cannot read were skipped` });
    if (!/[\p{L}\p{N}]/u.test(prepared.text)) throw new EngineInputError('the text has nothing festival can speak', { engineId: this.engineId });

    const format = options.outputFormat ?? 'wav';
    const wantTimings = options.wordTimings ?? true;
    const tempo = facts.speedMethod === 'rubberband' ? speed : 1;
    const timeoutMs = this.#settings.timeoutMs ?? 30_000 + 20 * options.text.length;
    try {
      return await withWorkDir('festival', async (_dir, file) => {
        const textFile = file('text.scm');
        const scriptFile = file('synthesis.scm');
        const wavFile = file('speech.wav');
        const wordsFile = file('words.tsv');
        await writeFile(textFile, encodeByteText(festivalTextData(festivalUtterances(prepared.text)), facts.encoding));
        const program = festivalScript({ voice: entry.id, textFile, wavFile, wordsFile, speedMethod: facts.speedMethod, speed });
        const synthStarted = performance.now();
        const server = this.#serverFor();
        let served = false;
        if (server) {
          served = await server.run(program, { voice: entry.id, signal: options.signal, timeoutMs, pidFile: options.text.length > KILLABLE_FROM_CHARACTERS ? file('festival.pid') : undefined }).then(
            () => true,
            (error: unknown) => {
              // A server that cannot start (no loopback, …): every call runs its own festival from now on.
              if (error instanceof EngineUnavailableError) {
                this.#serverFailed = true;
                warnings.push({ type: 'other', message: `${error.message}; festival now starts once per call (slower)` });
                return false;
              }
              throw error;
            },
          );
        }
        if (!served) {
          await writeFile(scriptFile, program);
          await runMediaTool(this.#settings.binary ?? 'festival', ['-b', scriptFile], { signal: options.signal, timeoutMs });
        }
        const synthesisMs = performance.now() - synthStarted;
        if (!(await stat(wavFile).then((info) => info.size > 44, () => false))) throw new EngineInputError('festival produced no audio for this text', { engineId: this.engineId });

        const finished = await finishSpeechAudio({
          rawWav: wavFile,
          outputFile: options.outputFile,
          format,
          pitchSemitones,
          tempo,
          volume,
          scratchWav: file('processed.wav'),
          rubberbandBinary: this.#settings.rubberbandBinary,
          signal: options.signal,
          timeoutMs,
        });
        let words: SynthesizeResult['words'] = [];
        if (wantTimings) {
          const { tokens } = parseFestivalWords(decodeByteText(await readFile(wordsFile), facts.encoding));
          const scaled = tempo === 1 ? tokens : tokens.map((token) => ({ ...token, words: token.words.map((word) => ({ startSeconds: word.startSeconds / tempo, endSeconds: word.endSeconds / tempo })) }));
          const timings = festivalWordTimings(scaled, prepared.text, finished.durationSeconds);
          words = timings.words;
          if (timings.unmatched > 0) warnings.push({ type: 'approximate-output', output: 'words', details: `${timings.unmatched} tokens festival rewrote could not be placed in the text; they have empty character spans` });
          if (tempo !== 1) warnings.push({ type: 'approximate-output', output: 'words', details: `the ${entry.id} voice cannot change its own rate: rubberband changed the tempo and word times were scaled by it` });
        }
        return {
          audio: { file: options.outputFile, format, sampleRate: finished.sampleRate, channels: 1, durationSeconds: finished.durationSeconds },
          words,
          wordTimingsApproximate: tempo !== 1 && words.length > 0,
          warnings,
          timings: { totalMs: performance.now() - startedAt, stepsMs: { synthesisMs, ...finished.stepsMs } },
          response: { engineId: this.engineId, voice: entry.id },
        };
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'synthesizing');
    }
  }
}

/** The festival engine (Debian's `festival` with its voice packages). */
export function createFestival(settings: FestivalSettings = {}): FestivalSpeechSynthesizer {
  return new FestivalSpeechSynthesizer(settings);
}
