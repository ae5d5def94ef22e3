/**
 * The parts of the ElevenLabs API these adapters use, as documented (API reference and the
 * OpenAPI definition behind the official SDKs). Every call sends the key in `xi-api-key`.
 *
 * - `POST /v1/text-to-speech/{voice_id}/with-timestamps?output_format=…`, JSON `{ text, model_id,
 *   language_code?, voice_settings?, seed?, apply_text_normalization?, … }` →
 *   `{ audio_base64, alignment: { characters, character_start_times_seconds,
 *   character_end_times_seconds }, normalized_alignment }` (`alignment` follows the text as sent).
 * - `POST /v1/speech-to-speech/{voice_id}?output_format=…`, multipart `audio` (file), `model_id`,
 *   `voice_settings` (a JSON string), `seed`, `remove_background_noise`, `file_format` → audio bytes.
 * - `POST /v1/voices/add`, multipart `name`, `files` (one part per file), `remove_background_noise`,
 *   `description`, `labels` (a JSON string) → `{ voice_id, requires_verification }`.
 * - `DELETE /v1/voices/{voice_id}` → `{ status: 'ok' }`.
 * - `GET /v2/voices?page_size=…&next_page_token=…` → `{ voices, has_more, total_count, next_page_token }`.
 * - `output_format` is a query parameter: `mp3_44100_128` (default), `pcm_24000` (raw 16-bit
 *   little-endian mono), … Errors are `{ detail: { status, message } }` or, for validation, 422
 *   `{ detail: [{ loc, msg, type }] }`; an exhausted quota is a 401 with `status: 'quota_exceeded'`.
 */
import { z } from 'zod';
import { jsonErrorMessage } from '../remote/remote-http.ts';

export const ELEVENLABS_DEFAULT_BASE_URL = 'https://api.elevenlabs.io';
export const ELEVENLABS_STS_MODEL = 'eleven_multilingual_sts_v2';
export const ELEVENLABS_DEFAULT_TTS_MODEL = 'eleven_multilingual_v2';
/** `voice_settings.speed` as documented: 0.7–1.2 (1 is normal). */
export const ELEVENLABS_MIN_SPEED = 0.7;
export const ELEVENLABS_MAX_SPEED = 1.2;
/** `output_format=pcm_24000`: raw 16-bit little-endian mono at 24 kHz (available on every plan). */
export const ELEVENLABS_PCM_FORMAT = 'pcm_24000';
export const ELEVENLABS_PCM_SAMPLE_RATE = 24_000;
export const ELEVENLABS_MP3_FORMAT = 'mp3_44100_128';

/** Languages per model (ElevenLabs' model overview); unknown models get Multilingual v2's list. */
const MULTILINGUAL_V2 = ['en', 'ja', 'zh', 'de', 'hi', 'fr', 'ko', 'pt', 'it', 'es', 'id', 'nl', 'tr', 'fil', 'pl', 'sv', 'bg', 'ro', 'ar', 'cs', 'el', 'fi', 'hr', 'ms', 'sk', 'da', 'ta', 'uk', 'ru'];
const V2_5 = [...MULTILINGUAL_V2, 'hu', 'no', 'vi'];
export function elevenLabsModelLanguages(modelId: string): string[] {
  if (/v2_5|v3/.test(modelId)) return V2_5;
  if (/english|monolingual/.test(modelId)) return ['en'];
  return MULTILINGUAL_V2;
}

/** `language_code` is taken by the v2.5 Turbo/Flash models (and v3); others answer with an error. */
export function modelTakesLanguageCode(modelId: string): boolean {
  return /v2_5|v3/.test(modelId);
}

export interface ElevenLabsVoiceSettings {
  stability?: number;
  similarity_boost?: number;
  style?: number;
  use_speaker_boost?: boolean;
  speed?: number;
}

export interface ElevenLabsTextToSpeechRequest {
  text: string;
  model_id: string;
  language_code?: string;
  voice_settings?: ElevenLabsVoiceSettings;
  seed?: number;
  apply_text_normalization?: 'auto' | 'on' | 'off';
}

const alignmentSchema = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});
export type ElevenLabsAlignment = z.infer<typeof alignmentSchema>;

export const audioWithTimestampsSchema = z.object({
  audio_base64: z.string(),
  alignment: alignmentSchema.nullish(),
  normalized_alignment: alignmentSchema.nullish(),
});

export const addVoiceResponseSchema = z.object({ voice_id: z.string().min(1), requires_verification: z.boolean().optional() });
export const deleteVoiceResponseSchema = z.object({ status: z.string() });

const voiceSchema = z.object({
  voice_id: z.string(),
  name: z.string().nullish(),
  category: z.string().nullish(),
  labels: z.record(z.string(), z.string().nullish()).nullish(),
  description: z.string().nullish(),
  preview_url: z.string().nullish(),
  verified_languages: z.array(z.object({ language: z.string(), accent: z.string().nullish(), model_id: z.string().nullish() })).nullish(),
});
export type ElevenLabsVoice = z.infer<typeof voiceSchema>;

export const voicesPageSchema = z.object({
  voices: z.array(voiceSchema),
  has_more: z.boolean(),
  total_count: z.number().nullish(),
  next_page_token: z.string().nullish(),
});

/** `{ detail: { status: 'quota_exceeded', … } }` → `quota_exceeded`: the vendor's code for what went wrong, when it gives one. */
export function elevenLabsErrorCode(body: string): string | undefined {
  try {
    const detail: unknown = (JSON.parse(body) as { detail?: unknown } | null)?.detail;
    const status = detail && typeof detail === 'object' && !Array.isArray(detail) ? (detail as { status?: unknown }).status : undefined;
    return typeof status === 'string' && status ? status : undefined;
  } catch {
    return undefined;
  }
}

/** `{ detail: { status, message } }` → `status: message`; 422's `{ detail: [{ loc, msg }] }` → `loc: msg`. */
export function elevenLabsErrorMessage(body: string): string | undefined {
  return jsonErrorMessage(body, (json) => {
    const detail = json.detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      return detail
        .map((issue: { loc?: unknown; msg?: unknown }) => `${Array.isArray(issue.loc) ? issue.loc.join('.') : ''}: ${String(issue.msg ?? '')}`)
        .join('; ');
    }
    if (detail && typeof detail === 'object') {
      const { status, message } = detail as { status?: unknown; message?: unknown };
      if (typeof message === 'string') return typeof status === 'string' ? `${status}: ${message}` : message;
    }
    return json.message;
  });
}
