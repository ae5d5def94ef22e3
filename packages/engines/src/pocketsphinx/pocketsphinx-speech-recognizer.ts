import { stat } from 'node:fs/promises';
import { probeMedia, readWavInfo, resampleArgs, runFfmpeg, runMediaTool, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import type { RecognizeOptions, RecognizeResult, SpeechRecognizer } from '../capabilities/speech-recognizer.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { parsePocketsphinxOutput, POCKETSPHINX_ENGINE_ID } from './pocketsphinx-output.ts';

export interface PocketsphinxSettings {
  /** The recognizer binary (default Debian's `pocketsphinx_continuous`, pocketsphinx 0.8). */
  binary?: string;
  /** Acoustic model folder, language model and dictionary; default: the binary's built-in US English model. */
  acousticModel?: string;
  languageModel?: string;
  dictionary?: string;
  /**
   * Per call; default 60 s plus 4× the audio's duration: pocketsphinx runs at ~0.3 real time on
   * clear speech but its search slows to ~1.7 on speech it matches badly (robotic voices), more on a
   * busy machine.
   */
  timeoutMs?: number;
}

const settingsSchema = z.object({
  binary: z.string().min(1).optional(),
  acousticModel: z.string().min(1).optional(),
  languageModel: z.string().min(1).optional(),
  dictionary: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
});

const optionsSchema = z.object({
  audioFile: z.string().min(1, 'audioFile is empty'),
  language: z.string().optional(),
  vocabulary: z.array(z.string()).optional(),
});

const SAMPLE_RATE = 16_000;
export class PocketsphinxSpeechRecognizer implements SpeechRecognizer {
  readonly specificationVersion = 'v1';
  readonly engineId = POCKETSPHINX_ENGINE_ID;
  readonly #settings: PocketsphinxSettings;

  constructor(settings: PocketsphinxSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`pocketsphinx settings: ${parsed.error.issues[0]?.message}`, { engineId: POCKETSPHINX_ENGINE_ID });
    this.#settings = settings;
  }

  async doRecognize(options: RecognizeOptions): Promise<RecognizeResult> {
    const startedAt = performance.now();
    // Provider options are warned about after the options the recognizer cannot honour.
    const { warnings: providerWarnings } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'pocketsphinx' });
    const warnings: EngineWarning[] = [];
    if (options.language && !/^en(?:-|$)/i.test(options.language)) {
      warnings.push({ type: 'unsupported-option', option: 'language', details: `pocketsphinx has a US English model only; ${options.language} speech comes out as English words` });
    }
    if (options.vocabulary?.length) warnings.push({ type: 'unsupported-option', option: 'vocabulary', details: 'pocketsphinx 0.8 takes no phrase hints here (a custom dictionary or grammar would be needed)' });
    warnings.push(...providerWarnings);

    const info = await stat(options.audioFile).then(
      () => probeMedia(options.audioFile, { signal: options.signal }).catch(() => undefined),
      () => undefined,
    );
    throwIfAborted(options.signal, this.engineId);
    if (!info?.audio) throw new EngineInputError(`${options.audioFile} is not a readable audio file`, { engineId: this.engineId, reason: 'not-readable' });

    try {
      return await withWorkDir('pocketsphinx', async (_dir, file) => {
        const wav = file('speech-16k.wav');
        const decodeStarted = performance.now();
        await runFfmpeg(resampleArgs({ input: options.audioFile, output: wav, sampleRate: SAMPLE_RATE, channels: 1 }), { signal: options.signal });
        const decodeMs = performance.now() - decodeStarted;
        const { durationSeconds } = await readWavInfo(wav);
        const model = [
          ...(this.#settings.acousticModel ? ['-hmm', this.#settings.acousticModel] : []),
          ...(this.#settings.languageModel ? ['-lm', this.#settings.languageModel] : []),
          ...(this.#settings.dictionary ? ['-dict', this.#settings.dictionary] : []),
        ];
        const recognitionStarted = performance.now();
        const { stdout } = await runMediaTool(this.#settings.binary ?? 'pocketsphinx_continuous', [...model, '-infile', wav, '-time', 'yes', '-samprate', String(SAMPLE_RATE), '-logfn', '/dev/null'], {
          signal: options.signal,
          timeoutMs: this.#settings.timeoutMs ?? 60_000 + durationSeconds * 4000,
        });
        const recognitionMs = performance.now() - recognitionStarted;
        const segments = parsePocketsphinxOutput(stdout).map((segment) => ({
          ...segment,
          endSeconds: Math.min(segment.endSeconds, durationSeconds),
          words: segment.words.map((word) => ({ ...word, endSeconds: Math.min(word.endSeconds, durationSeconds), startSeconds: Math.min(word.startSeconds, durationSeconds) })),
        }));
        return {
          language: 'en-us',
          segments,
          durationSeconds,
          warnings,
          timings: { totalMs: performance.now() - startedAt, stepsMs: { decodeMs, recognitionMs } },
          response: { engineId: this.engineId },
        };
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'recognizing');
    }
  }
}

/** CMU pocketsphinx 0.8 with its US English model (Debian `pocketsphinx` + `pocketsphinx-en-us`). */
export function createPocketsphinx(settings: PocketsphinxSettings = {}): PocketsphinxSpeechRecognizer {
  return new PocketsphinxSpeechRecognizer(settings);
}
