/**
 * Speech recognition through an OpenAI-compatible transcription API (`POST
 * /v1/audio/transcriptions`, API reference "Create transcription"): OpenAI's `whisper-1` or any
 * compatible server (faster-whisper-server, whisper.cpp's server, LocalAI …). The recording goes
 * as 16 kHz mono MP3 in pieces of at most 20 minutes (the API takes 25 MB per file); each answer is
 * `verbose_json` with segment and word timestamps, shifted by the piece's start. Servers that
 * return no words get words spread over each segment by length (warned as approximate).
 */
import { readFile, stat } from 'node:fs/promises';
import { probeMedia, runFfmpeg, speechPieceArgs, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineId, EngineWarning, LanguageTag } from '../capabilities/engine-common.ts';
import type { RecognizedSegment, RecognizedWord, RecognizeOptions, RecognizeResult, SpeechRecognizer } from '../capabilities/speech-recognizer.ts';
import { EngineFailedError, EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { openAIEndpoint } from './openai-endpoint.ts';
import { tokenizeWords } from '../text/words.ts';
import { openAIPost } from './openai-speech-api.ts';

export const OPENAI_TRANSCRIPTION_PATH = '/v1/audio/transcriptions';
const PIECE_SECONDS = 20 * 60;

export interface OpenAITranscriptionSettings {
  /** `whisper-1`, or a compatible server's model name (`Systran/faster-whisper-large-v3`). */
  model: string;
  engineId?: EngineId;
  baseUrl?: string;
  apiKey?: string;
  /** Per piece (default 10 minutes). */
  timeoutMs?: number;
  languages?: LanguageTag[];
}

const settingsSchema = z.object({
  model: z.string().trim().min(1, 'model is required'),
  engineId: z.string().optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiKey: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
  languages: z.array(z.string().min(1)).min(1).optional(),
});

const requestSchema = z.object({
  audioFile: z.string().min(1, 'audioFile is empty'),
  language: z.string().optional(),
  vocabulary: z.array(z.string()).optional(),
});

const verboseSchema = z.object({
  language: z.string().optional(),
  duration: z.number().optional(),
  text: z.string().optional(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string(), avg_logprob: z.number().optional(), no_speech_prob: z.number().optional() })).optional(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number(), probability: z.number().optional() })).optional(),
});

/** Whisper answers with English language names; tags as the rest of the product uses them. */
const WHISPER_LANGUAGES: Record<string, LanguageTag> = {
  english: 'en', chinese: 'zh', mandarin: 'zh', cantonese: 'yue', japanese: 'ja', korean: 'ko', spanish: 'es', french: 'fr', german: 'de', italian: 'it',
  portuguese: 'pt', russian: 'ru', arabic: 'ar', hindi: 'hi', indonesian: 'id', malay: 'ms', thai: 'th', vietnamese: 'vi', turkish: 'tr', polish: 'pl',
  dutch: 'nl', catalan: 'ca', galician: 'gl', basque: 'eu', icelandic: 'is', macedonian: 'mk', ukrainian: 'uk', swedish: 'sv', czech: 'cs', greek: 'el',
};
const toTag = (language: string | undefined): LanguageTag | undefined => {
  if (!language) return undefined;
  const lower = language.toLowerCase();
  return WHISPER_LANGUAGES[lower] ?? (/^[a-z]{2,3}(-[a-z0-9]+)*$/.test(lower) ? lower : undefined);
};

export class OpenAITranscriptionRecognizer implements SpeechRecognizer {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly #settings: OpenAITranscriptionSettings;
  readonly #endpoint: string;

  constructor(settings: OpenAITranscriptionSettings) {
    ({ engineId: this.engineId, endpoint: this.#endpoint } = openAIEndpoint(settings, settingsSchema, 'transcription', OPENAI_TRANSCRIPTION_PATH));
    this.#settings = settings;
  }

  async doRecognize(options: RecognizeOptions): Promise<RecognizeResult> {
    const startedAt = performance.now();
    const { warnings: providerWarnings } = parseOptions(options, { engineId: this.engineId, request: requestSchema, vendor: 'openai' });
    const warnings: EngineWarning[] = [...providerWarnings];
    const info = await stat(options.audioFile).then(
      () => probeMedia(options.audioFile, { signal: options.signal }).catch(() => undefined),
      () => undefined,
    );
    throwIfAborted(options.signal, this.engineId);
    if (!info?.audio || !info.durationSeconds) throw new EngineInputError(`${options.audioFile} is not a readable audio file`, { engineId: this.engineId, reason: 'not-readable' });
    const durationSeconds = info.durationSeconds;
    const language = options.language ? options.language.toLowerCase().split('-')[0] : undefined;

    const segments: RecognizedSegment[] = [];
    let detected: LanguageTag | undefined;
    let approximateWords = false;
    try {
      await withWorkDir('transcribe', async (_dir, file) => {
        for (let start = 0, index = 0; start < durationSeconds; start += PIECE_SECONDS, index += 1) {
          throwIfAborted(options.signal, this.engineId);
          const piece = file(`piece-${index}.mp3`);
          await runFfmpeg(speechPieceArgs({ input: options.audioFile, output: piece, startSeconds: start, durationSeconds: Math.min(PIECE_SECONDS, durationSeconds - start) }), { signal: options.signal });
          const answer = await this.#transcribe(piece, language, options.vocabulary, options.signal);
          detected ??= toTag(answer.language);
          const words = (answer.words ?? []).map((word): RecognizedWord => ({ text: word.word.trim(), startSeconds: start + word.start, endSeconds: start + word.end, confidence: word.probability }));
          for (const segment of answer.segments ?? [{ start: 0, end: answer.duration ?? durationSeconds - start, text: answer.text ?? '' }]) {
            const text = segment.text.trim();
            if (!text) continue;
            const segmentStart = start + segment.start;
            const segmentEnd = Math.min(durationSeconds, start + segment.end);
            let segmentWords = words
              .filter((word) => word.startSeconds >= segmentStart - 0.05 && word.startSeconds < segmentEnd)
              .map((word) => ({ ...word, startSeconds: Math.max(word.startSeconds, segmentStart), endSeconds: Math.min(Math.max(word.endSeconds, word.startSeconds), segmentEnd) }));
            if (!segmentWords.length) {
              approximateWords = true;
              segmentWords = spreadWords(text, segmentStart, segmentEnd);
            }
            segments.push({ text, startSeconds: segmentStart, endSeconds: segmentEnd, words: segmentWords, speaker: undefined });
          }
        }
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'transcribing');
    }
    if (approximateWords) warnings.push({ type: 'approximate-output', output: 'words', details: 'the server returned no word timestamps: words are spread over their segment by length' });
    return {
      language: detected ?? options.language ?? 'und',
      segments,
      durationSeconds,
      warnings,
      timings: { totalMs: performance.now() - startedAt },
      response: { engineId: this.engineId },
    };
  }

  async #transcribe(file: string, language: string | undefined, vocabulary: string[] | undefined, signal: AbortSignal | undefined): Promise<z.infer<typeof verboseSchema>> {
    const form = new FormData();
    form.set('file', new Blob([await readFile(file)], { type: 'audio/mpeg' }), 'speech.mp3');
    form.set('model', this.#settings.model);
    form.set('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    if (language) form.set('language', language);
    // The documented way to favour names and terms: a prompt in the style of the speech.
    if (vocabulary?.length) form.set('prompt', vocabulary.join(', '));
    const response = await openAIPost({
      engineId: this.engineId,
      doing: 'transcribing',
      url: this.#endpoint,
      apiKey: this.#settings.apiKey,
      headers: { accept: 'application/json' },
      body: form,
      signal,
      timeoutMs: this.#settings.timeoutMs ?? 600_000,
    });
    let json: unknown;
    try {
      json = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new EngineFailedError(`${this.engineId} answered with something that is not JSON (is it an OpenAI-compatible transcription server?)`, { engineId: this.engineId, isRetryable: false });
    }
    const parsed = verboseSchema.safeParse(json);
    if (!parsed.success) throw new EngineFailedError(`${this.engineId} answered without verbose_json segments`, { engineId: this.engineId, isRetryable: false });
    return parsed.data;
  }
}

/** Words of `text` spread over a span in proportion to their length. */
function spreadWords(text: string, start: number, end: number): RecognizedWord[] {
  const words = tokenizeWords(text);
  const total = words.reduce((sum, word) => sum + word.text.length, 0) || 1;
  let at = start;
  return words.map((word) => {
    const length = ((end - start) * word.text.length) / total;
    const timed = { text: word.text, startSeconds: at, endSeconds: at + length, confidence: undefined };
    at += length;
    return timed;
  });
}

export function createOpenAITranscription(settings: OpenAITranscriptionSettings): OpenAITranscriptionRecognizer {
  return new OpenAITranscriptionRecognizer(settings);
}
