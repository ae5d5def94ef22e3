/**
 * The OpenAI speech API as documented (`POST /v1/audio/speech`, API reference "Create speech"):
 * a JSON body of `model`, `input` (at most 4,096 characters), `voice`, optional `instructions`
 * (gpt-4o-mini-tts only), `response_format` (mp3, opus, aac, flac, wav, pcm; pcm is raw 24 kHz
 * 16-bit little-endian mono) and `speed` (0.25–4); the answer is the audio file itself. Errors are
 * `{ error: { message, type, param, code } }`. OpenAI-compatible servers (self-hosted Kokoro,
 * Piper, …) take the same request and name their own voices.
 */
import { jsonErrorMessage, remoteRequest, type RemoteRequest, type RemoteResponse } from '../remote/remote-http.ts';

export interface OpenAISpeechRequest {
  model: string;
  input: string;
  voice: string;
  instructions?: string;
  response_format?: OpenAIResponseFormat;
  speed?: number;
}

export type OpenAIResponseFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export const OPENAI_SPEECH_PATH = '/v1/audio/speech';
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com';
export const OPENAI_MAX_INPUT_CHARACTERS = 4096;
export const OPENAI_MIN_SPEED = 0.25;
export const OPENAI_MAX_SPEED = 4;
/** `response_format: 'pcm'`: raw samples, 24 kHz, 16-bit signed little-endian, mono. */
export const OPENAI_PCM_SAMPLE_RATE = 24_000;

/** The built-in voices the API reference lists (previews in OpenAI's text-to-speech guide). */
export const OPENAI_BUILT_IN_VOICES = ['alloy', 'ash', 'ballad', 'cedar', 'coral', 'echo', 'fable', 'marin', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;

/**
 * Languages the speech models follow (OpenAI's guide: the Whisper languages; voices are tuned for
 * English). Every built-in voice speaks all of them.
 */
export const OPENAI_SPEECH_LANGUAGES = [
  'en', 'zh', 'ja', 'ko', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ar', 'hi', 'nl', 'pl', 'tr', 'uk', 'vi', 'th', 'id', 'ms',
  'sv', 'da', 'no', 'fi', 'cs', 'sk', 'ro', 'hu', 'el', 'he', 'bg', 'hr', 'sr', 'sl', 'et', 'lv', 'lt', 'ca', 'gl', 'af',
  'hy', 'az', 'be', 'bs', 'is', 'kn', 'kk', 'mk', 'mr', 'mi', 'ne', 'fa', 'sw', 'tl', 'ta', 'ur', 'cy',
] as const;

/** `instructions` works with gpt-4o-mini-tts (and its dated snapshots), not with tts-1 / tts-1-hd. */
export function modelTakesInstructions(model: string): boolean {
  return /^gpt-4o/.test(model);
}

/** The message of an OpenAI error body (`error.message`), or of a compatible server's `detail`/`message`. */
export function openAIErrorMessage(body: string): string | undefined {
  return jsonErrorMessage(body, (json) => {
    const error = json.error;
    if (error && typeof error === 'object' && 'message' in error) return (error as { message: unknown }).message;
    if (typeof error === 'string') return error;
    if (typeof json.detail === 'string') return json.detail;
    return json.message;
  });
}

/**
 * A POST to an OpenAI-compatible endpoint: the key, when there is one, as a bearer token (and kept
 * out of every message), and a failed answer's own message read the OpenAI way.
 */
export function openAIPost({ apiKey, headers, ...request }: Pick<RemoteRequest, 'engineId' | 'doing' | 'url' | 'headers' | 'body' | 'signal' | 'timeoutMs'> & { apiKey: string | undefined }): Promise<RemoteResponse> {
  return remoteRequest({
    ...request,
    method: 'POST',
    headers: apiKey ? { ...headers, authorization: `Bearer ${apiKey}` } : headers,
    secrets: apiKey ? [apiKey] : [],
    vendorMessage: openAIErrorMessage,
  });
}
