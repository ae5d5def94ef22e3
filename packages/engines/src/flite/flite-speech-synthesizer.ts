import { stat, writeFile } from 'node:fs/promises';
import { readWavInfo, runMediaTool, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions, speaksLanguage } from '../capabilities/call-options.ts';
import { synthesizeOptionsSchema } from '../capabilities/option-schemas.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult, WordTiming } from '../capabilities/speech-synthesizer.ts';
import { finishSpeechAudio, speechAdjustments } from '../audio/speech-output.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { prepareByteText } from '../text/byte-text.ts';
import { ssmlTextContent } from '../text/ssml-text.ts';
import { FLITE_ENGINE_ID, parseFliteVoiceList, toFliteSynthesisVoice } from './flite-voices.ts';
import { fliteWordTimings, fliteWordTimingsByLength, parsePhoneLines, parsePsdur, whitespaceTokens } from './flite-word-timings.ts';

export interface FliteSettings {
  /** The flite binary (default `flite` on PATH). */
  binary?: string;
  /** rubberband-cli, for pitch. */
  rubberbandBinary?: string;
  /** Per flite call; default 30 s plus 5 ms per character. */
  timeoutMs?: number;
}

const settingsSchema = z.object({
  binary: z.string().min(1).optional(),
  rubberbandBinary: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
});

const ENGLISH = { encoding: 'utf-8' as const, languages: ['en'] };

export class FliteSpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId = FLITE_ENGINE_ID;
  readonly #settings: FliteSettings;
  #voices: Promise<string[]> | undefined;

  constructor(settings: FliteSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`flite settings: ${parsed.error.issues[0]?.message}`, { engineId: FLITE_ENGINE_ID });
    this.#settings = settings;
  }

  #run(args: string[], signal: AbortSignal | undefined, timeoutMs: number) {
    return runMediaTool(this.#settings.binary ?? 'flite', args, { signal, timeoutMs });
  }

  /** `flite -lv`, once per instance, shared by concurrent callers (no caller's signal cancels it). */
  #catalogue(): Promise<string[]> {
    if (!this.#voices) {
      this.#voices = this.#run(['-lv'], undefined, 10_000).then(({ stdout }) => parseFliteVoiceList(stdout));
      this.#voices.catch(() => (this.#voices = undefined));
    }
    return this.#voices.catch((error: unknown) => {
      throw toEngineError(error, this.engineId, 'listing voices');
    });
  }

  /** The voices compiled into flite, SLT first; the limited-domain `awb_time` is left out. */
  async listVoices(options: { signal?: AbortSignal } = {}): Promise<SynthesisVoice[]> {
    throwIfAborted(options.signal, this.engineId);
    return (await this.#catalogue()).map(toFliteSynthesisVoice);
  }

  async doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: synthesizeOptionsSchema, vendor: 'flite' });

    const voices = await this.#catalogue();
    // Only listed names reach `-voice` (flite would also load a file or URL named there).
    const voiceId = voices.find((voice) => voice === options.voice.trim().toLowerCase());
    if (!voiceId) throw new EngineInputError(`flite has no voice "${options.voice}" (see listVoices())`, { engineId: this.engineId });
    const voice = toFliteSynthesisVoice(voiceId);

    if (options.language && !speaksLanguage(voice.languages, options.language)) {
      warnings.push({ type: 'unsupported-option', option: 'language', details: `flite speaks English only (voice ${voice.id}: ${voice.languages.join(', ')}), not ${options.language}` });
    }
    if (options.style) warnings.push({ type: 'unsupported-option', option: 'style', details: 'flite has no speaking styles' });
    const { speed, pitchSemitones, volume } = speechAdjustments(options, 'flite', warnings);

    const ssml = options.textFormat === 'ssml';
    if (ssml) warnings.push({ type: 'unsupported-option', option: 'textFormat', details: 'flite reads SSML as plain text here: tags are ignored, so <break> adds no pause (split the text into segments instead)' });
    // ASCII, one character per input UTF-16 unit: offsets into `prepared.text` are offsets into the input.
    const prepared = prepareByteText(ssml ? ssmlTextContent(options.text) : options.text, ENGLISH);
    if (prepared.dropped > 0) warnings.push({ type: 'approximate-output', output: 'audio', details: `${prepared.dropped} characters flite cannot read (not English letters) were skipped` });
    if (!/[A-Za-z0-9]/.test(prepared.text)) throw new EngineInputError('the text has nothing flite can speak', { engineId: this.engineId });

    const format = options.outputFormat ?? 'wav';
    const wantTimings = options.wordTimings ?? true;
    const timeoutMs = this.#settings.timeoutMs ?? 30_000 + 5 * options.text.length;
    try {
      return await withWorkDir('flite', async (_dir, file) => {
        const textFile = file('text.txt');
        const wavFile = file('speech.wav');
        // flite drops a last utterance that does not end in a newline.
        await writeFile(textFile, `${prepared.text}\n`);
        const rate = speed !== 1 ? ['--setf', `duration_stretch=${Number((1 / speed).toFixed(4))}`] : [];
        const synthStarted = performance.now();
        const { stdout } = await this.#run(['-voice', voiceId, ...rate, ...(wantTimings ? ['-psdur'] : []), '-f', textFile, '-o', wavFile], options.signal, timeoutMs);
        const synthesisMs = performance.now() - synthStarted;
        if (!(await stat(wavFile).then((info) => info.size > 44, () => false))) throw new EngineInputError('flite produced no audio for this text', { engineId: this.engineId });

        let words: WordTiming[] = [];
        const timingStarted = performance.now();
        if (wantTimings) {
          const phones = parsePsdur(stdout, (await readWavInfo(wavFile)).durationSeconds);
          const tokens = whitespaceTokens(prepared.text).map((token) => ({ ...token, text: options.text.slice(token.charStart, token.charEnd) }));
          const tokenFile = file('tokens.txt');
          await writeFile(tokenFile, `${tokens.map((token) => prepared.text.slice(token.charStart, token.charEnd)).join('\n\n')}\n\n`);
          // slt, rms, awb and kal16 share lexicon and post-lexical rules (same phones, checked), and
          // kal16 synthesises ~10× faster than the clustergen voices: it does the token pass for them.
          const tokenVoice = voiceId !== 'kal' && voices.includes('kal16') ? 'kal16' : voiceId;
          const tokenPass = await this.#run(['-voice', tokenVoice, '-ps', '-f', tokenFile, '-o', 'none'], options.signal, timeoutMs);
          const tokenPhones = parsePhoneLines(tokenPass.stdout);
          if (tokenPhones.length === tokens.length) words = fliteWordTimings(tokens, tokenPhones, phones);
          else {
            words = fliteWordTimingsByLength(tokens, phones);
            warnings.push({ type: 'approximate-output', output: 'words', details: 'flite split the words differently than expected: word times shared out by length between its phone times' });
          }
        }
        const timingMs = performance.now() - timingStarted;

        const finished = await finishSpeechAudio({
          rawWav: wavFile,
          outputFile: options.outputFile,
          format,
          pitchSemitones,
          tempo: 1,
          volume,
          scratchWav: file('processed.wav'),
          rubberbandBinary: this.#settings.rubberbandBinary,
          signal: options.signal,
          timeoutMs,
        });
        const clampToAudio = (seconds: number) => Math.min(seconds, finished.durationSeconds);
        return {
          audio: { file: options.outputFile, format, sampleRate: finished.sampleRate, channels: 1, durationSeconds: finished.durationSeconds },
          words: words.map((word) => ({ ...word, startSeconds: clampToAudio(word.startSeconds), endSeconds: clampToAudio(word.endSeconds) })),
          wordTimingsApproximate: warnings.some((warning) => warning.type === 'approximate-output' && warning.output === 'words'),
          warnings,
          timings: { totalMs: performance.now() - startedAt, stepsMs: { synthesisMs, wordTimingsMs: timingMs, ...finished.stepsMs } },
          response: { engineId: this.engineId, voice: voiceId },
        };
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'synthesizing');
    }
  }
}

/** The flite engine (Debian's `flite` with its built-in voices). */
export function createFlite(settings: FliteSettings = {}): FliteSpeechSynthesizer {
  return new FliteSpeechSynthesizer(settings);
}
