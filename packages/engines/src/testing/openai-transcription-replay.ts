/**
 * Replays OpenAI's documented transcription API (`POST /v1/audio/transcriptions`) for recogniser
 * tests: a multipart form with `file` and `model`, optional `language`, `prompt`,
 * `response_format` (`verbose_json` here) and `timestamp_granularities[]`; the answer is the
 * documented verbose JSON `{ task, language, duration, text, segments: [{ id, seek, start, end,
 * text, … }], words: [{ word, start, end }] }`. The "model" is the test's: `transcript` gives the
 * text of the uploaded audio (whose duration is measured), spread over it sentence by sentence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { startReplayServer, type ReplayRequest, type ReplayResponse, type ReplayServer } from './replay-http.ts';

export interface OpenAITranscriptionReplayOptions {
  apiKey?: string;
  models?: readonly string[];
  /** The words of the uploaded audio and the language name Whisper would report (`english`). */
  transcript: (form: FormData) => { text: string; language: string };
  /** Leave `words` out of the answer (servers that give segments only). */
  omitWords?: boolean;
}

const error = (status: number, message: string, param: string | null = null): ReplayResponse => ({ status, body: { error: { message, type: 'invalid_request_error', param, code: null } } });

export function openAITranscriptionHandler(options: OpenAITranscriptionReplayOptions) {
  const models = new Set(options.models ?? ['whisper-1']);
  return async (request: ReplayRequest): Promise<ReplayResponse> => {
    if (request.method !== 'POST' || request.path !== '/v1/audio/transcriptions') return error(404, `Invalid URL (${request.method} ${request.path})`);
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) return error(401, 'Incorrect API key provided.');
    let form: FormData;
    try {
      form = await new Request('http://replay/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type'] ?? '') }, body: new Uint8Array(request.body) }).formData();
    } catch {
      return error(400, 'Expected a multipart/form-data body');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return error(400, "Missing required parameter: 'file'.", 'file');
    if (!models.has(String(form.get('model')))) return error(400, `Invalid model: ${String(form.get('model'))}`, 'model');
    const format = form.get('response_format') ?? 'json';
    if (format !== 'verbose_json') return error(400, 'this replay answers verbose_json only', 'response_format');
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-transcribe-replay-'));
    let duration: number;
    try {
      const audio = path.join(dir, 'upload.mp3');
      await writeFile(audio, Buffer.from(await file.arrayBuffer()));
      duration = (await probeMedia(audio).catch(() => undefined))?.durationSeconds ?? 0;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    if (!duration) return error(400, 'The audio file could not be decoded or its format is not supported.', 'file');
    const { text, language } = options.transcript(form);
    const sentences = text.match(/[^.!?。！？]+[.!?。！？]*/g)?.map((sentence) => sentence.trim()).filter(Boolean) ?? [];
    const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0) || 1;
    const span = Math.max(0, duration - 0.4);
    let at = 0.2;
    const words: Array<{ word: string; start: number; end: number }> = [];
    const segments = sentences.map((sentence, id) => {
      const start = at;
      const end = at + (span * sentence.length) / total;
      const parts = sentence.split(/\s+/);
      parts.forEach((word, index) => words.push({ word, start: start + ((end - start) * index) / parts.length, end: start + ((end - start) * (index + 1)) / parts.length }));
      at = end;
      return { id, seek: 0, start, end, text: ` ${sentence}`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.2, no_speech_prob: 0.01 };
    });
    return { status: 200, body: { task: 'transcribe', language, duration, text, segments, ...(options.omitWords ? {} : { words }) } };
  };
}

export function startOpenAITranscriptionReplayServer(options: OpenAITranscriptionReplayOptions): Promise<ReplayServer> {
  return startReplayServer(openAITranscriptionHandler(options));
}
