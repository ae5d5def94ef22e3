/**
 * Replays the documented ElevenLabs endpoints the adapters use (see elevenlabs-api.ts for the
 * shapes): text to speech with timestamps, speech to speech, instant voice cloning, voice deletion
 * the v2 voice list and audio isolation. Every request must carry `xi-api-key`; query parameters, JSON fields and
 * multipart parts are checked against the documented names (anything else is a 422, as the API's
 * validation answers); answers carry real audio — espeak-ng speaking the text, or the uploaded
 * audio re-encoded — in the `output_format` asked for, and character alignments over that audio.
 */
import { writeFile } from 'node:fs/promises';
import { runFfmpeg, withWorkDir } from '@voxwork/media';
import type { ElevenLabsVoice } from '../elevenlabs/elevenlabs-api.ts';
import { encodeReplayAudio, speakReplayAudio, type ReplayAudioFormat } from './replay-audio.ts';
import { multipartOf, startReplayServer, type ReplayRequest, type ReplayResponse, type ReplayServer } from './replay-http.ts';

const OUTPUT_FORMATS = [
  'mp3_22050_32', 'mp3_44100_32', 'mp3_44100_64', 'mp3_44100_96', 'mp3_44100_128', 'mp3_44100_192',
  'pcm_8000', 'pcm_16000', 'pcm_22050', 'pcm_24000', 'pcm_44100', 'pcm_48000', 'ulaw_8000', 'alaw_8000',
  'opus_48000_32', 'opus_48000_64', 'opus_48000_96', 'opus_48000_128', 'opus_48000_192',
];
const TTS_FIELDS = new Set(['text', 'model_id', 'language_code', 'voice_settings', 'pronunciation_dictionary_locators', 'seed', 'previous_text', 'next_text', 'previous_request_ids', 'next_request_ids', 'use_pvc_as_ivc', 'apply_text_normalization', 'apply_language_text_normalization']);
const VOICE_SETTINGS = new Set(['stability', 'similarity_boost', 'style', 'use_speaker_boost', 'speed']);
const STS_PARTS = new Set(['audio', 'model_id', 'voice_settings', 'seed', 'remove_background_noise', 'file_format']);
const ISOLATION_PARTS = new Set(['audio', 'file_format', 'preview_b64']);
const ADD_PARTS = new Set(['name', 'files', 'remove_background_noise', 'description', 'labels']);
const TTS_MODELS = new Set(['eleven_multilingual_v2', 'eleven_flash_v2_5', 'eleven_turbo_v2_5', 'eleven_v3', 'eleven_monolingual_v1']);
const STS_MODELS = new Set(['eleven_multilingual_sts_v2', 'eleven_english_sts_v2']);

/** Two premade voices in the documented `GET /v2/voices` shape. */
export const REPLAY_PREMADE_VOICES: ElevenLabsVoice[] = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'American', age: 'young', description: 'calm', gender: 'female', use_case: 'narration' },
    description: 'A calm, young American voice.',
    preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/21m00Tcm4TlvDq8ikWAM/preview.mp3',
    verified_languages: [{ language: 'en', model_id: 'eleven_multilingual_v2', accent: 'American' }],
  },
  {
    voice_id: 'JBFqnCBsd6RMkjVDRZzb',
    name: 'George',
    category: 'premade',
    labels: { accent: 'British', age: 'middle aged', description: 'warm', gender: 'male', use_case: 'narration' },
    description: null,
    preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/JBFqnCBsd6RMkjVDRZzb/preview.mp3',
    verified_languages: null,
  },
  {
    voice_id: 'XB0fDUnXU5powFXDhCwa',
    name: 'Charlotte',
    category: 'premade',
    labels: { accent: 'Swedish', age: 'young', description: 'seductive', gender: 'female', use_case: 'characters' },
    description: null,
    preview_url: null,
    verified_languages: [{ language: 'sv', model_id: 'eleven_multilingual_v2', accent: 'Swedish' }],
  },
];

export interface ElevenLabsReplayServer extends ReplayServer {
  /** Voices the account holds now (premade + clones made through the server). */
  voices(): ElevenLabsVoice[];
  /** The last alignment the server sent (to check word timings against). */
  lastAlignment: { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] } | undefined;
}

const detail = (status: number, code: string, message: string): ReplayResponse => ({ status, body: { detail: { status: code, message } } });
const invalid = (location: string[], message: string): ReplayResponse => ({ status: 422, body: { detail: [{ loc: location, msg: message, type: 'value_error' }] } });

function audioFormatOf(outputFormat: string): ReplayAudioFormat {
  const [codec, rate, bitrate] = outputFormat.split('_');
  if (codec === 'mp3') return { codec: 'mp3', sampleRate: Number(rate), bitrateKbps: Number(bitrate) };
  if (codec === 'pcm') return { codec: 'pcm', sampleRate: Number(rate) };
  if (codec === 'opus') return { codec: 'opus' };
  throw new Error(`the replay server does not encode ${outputFormat}`);
}

/** Even character timings over the spoken part of the audio (espeak leaves ~50 ms at each end). */
function alignmentOver(text: string, durationSeconds: number) {
  const characters = Array.from(text);
  const start = Math.min(0.05, durationSeconds / 10);
  const step = Math.max(0, durationSeconds - 2 * start) / Math.max(1, characters.length);
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return {
    characters,
    character_start_times_seconds: characters.map((_, index) => round(start + index * step)),
    character_end_times_seconds: characters.map((_, index) => round(start + (index + 1) * step)),
  };
}

export interface ElevenLabsReplayOptions {
  apiKey: string;
  pageCap?: number;
  /**
   * What `/v1/audio-isolation` answers for an upload (a file on disk): the "isolated voice" as an
   * audio file ffmpeg reads. Default: the upload itself (the replay has no model); tests that know
   * the speech they mixed in return it, as an ideal isolator would.
   */
  isolate?: (uploadFile: string) => Promise<string>;
}

export async function startElevenLabsReplayServer(options: ElevenLabsReplayOptions): Promise<ElevenLabsReplayServer> {
  const voices = new Map(REPLAY_PREMADE_VOICES.map((voice) => [voice.voice_id, voice]));
  let cloned = 0;
  let lastAlignment: ElevenLabsReplayServer['lastAlignment'];

  const outputFormatOf = (request: ReplayRequest, allowed: string[]): string | ReplayResponse => {
    for (const key of request.query.keys()) if (!allowed.includes(key)) return invalid(['query', key], 'Extra inputs are not permitted');
    const format = request.query.get('output_format') ?? 'mp3_44100_128';
    if (!OUTPUT_FORMATS.includes(format)) return invalid(['query', 'output_format'], `Input should be one of ${OUTPUT_FORMATS.join(', ')}`);
    return format;
  };
  const booleanPart = (form: FormData, name: string): ReplayResponse | undefined => {
    const value = form.get(name);
    return value === null || value === 'true' || value === 'false' ? undefined : invalid(['body', name], 'Input should be a valid boolean');
  };

  const handler = async (request: ReplayRequest): Promise<ReplayResponse> => {
    if (request.headers['xi-api-key'] === undefined) return detail(401, 'needs_authorization', 'Neither authorization header nor xi-api-key received, please provide one.');
    // The real API does not echo keys; echoing it tests that adapters scrub it themselves.
    if (request.headers['xi-api-key'] !== options.apiKey) return detail(401, 'invalid_api_key', `Invalid API key: ${String(request.headers['xi-api-key'])}`);

    if (request.method === 'GET' && request.path === '/v2/voices') {
      const allowed = ['next_page_token', 'page_size', 'search', 'sort', 'sort_direction', 'voice_type', 'category', 'fine_tuning_state', 'collection_id', 'include_total_count'];
      for (const key of request.query.keys()) if (!allowed.includes(key)) return invalid(['query', key], 'Extra inputs are not permitted');
      const pageSize = Number(request.query.get('page_size') ?? '10');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return invalid(['query', 'page_size'], 'Input should be less than or equal to 100');
      const size = Math.min(pageSize, options.pageCap ?? pageSize);
      const all = [...voices.values()];
      const from = Number(request.query.get('next_page_token') ?? '0');
      const page = all.slice(from, from + size);
      const more = from + size < all.length;
      return { status: 200, body: { voices: page, has_more: more, total_count: all.length, next_page_token: more ? String(from + size) : null } };
    }

    const tts = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(request.path);
    if (request.method === 'POST' && tts) {
      const format = outputFormatOf(request, ['output_format', 'enable_logging', 'optimize_streaming_latency']);
      if (typeof format !== 'string') return format;
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return invalid(['body'], 'Expected a JSON body');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return invalid(['body'], 'JSON decode error');
      }
      for (const key of Object.keys(body)) if (!TTS_FIELDS.has(key)) return invalid(['body', key], 'Extra inputs are not permitted');
      if (typeof body.text !== 'string' || body.text === '') return invalid(['body', 'text'], 'Field required');
      const model = (body.model_id as string | undefined) ?? 'eleven_monolingual_v1';
      if (!TTS_MODELS.has(model)) return detail(400, 'model_not_found', `A model with model ID ${model} does not exist.`);
      if (body.language_code !== undefined && !/v2_5|v3/.test(model)) return detail(400, 'unsupported_language', `Model '${model}' does not support the language_code parameter.`);
      if (body.voice_settings !== undefined) {
        const settings = body.voice_settings as Record<string, unknown>;
        for (const key of Object.keys(settings)) if (!VOICE_SETTINGS.has(key)) return invalid(['body', 'voice_settings', key], 'Extra inputs are not permitted');
        if (settings.speed !== undefined && (Number(settings.speed) < 0.7 || Number(settings.speed) > 1.2)) return invalid(['body', 'voice_settings', 'speed'], 'Input should be between 0.7 and 1.2');
      }
      const voiceId = decodeURIComponent(tts[1]!);
      if (!voices.has(voiceId)) return detail(404, 'voice_not_found', `A voice with voice_id ${voiceId} was not found.`);
      const { bytes, durationSeconds } = await speakReplayAudio(body.text, audioFormatOf(format));
      lastAlignment = alignmentOver(body.text, durationSeconds);
      return { status: 200, body: { audio_base64: bytes.toString('base64'), alignment: lastAlignment, normalized_alignment: lastAlignment } };
    }

    const sts = /^\/v1\/speech-to-speech\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && sts) {
      const format = outputFormatOf(request, ['output_format', 'enable_logging', 'optimize_streaming_latency']);
      if (typeof format !== 'string') return format;
      if (!String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return invalid(['body'], 'Expected multipart/form-data');
      const form = await multipartOf(request);
      for (const key of form.keys()) if (!STS_PARTS.has(key)) return invalid(['body', key], 'Extra inputs are not permitted');
      const audio = form.get('audio');
      if (!(audio instanceof File) || audio.size === 0) return invalid(['body', 'audio'], 'Field required');
      const model = String(form.get('model_id') ?? 'eleven_english_sts_v2');
      if (!STS_MODELS.has(model)) return detail(400, 'invalid_model', `Model ${model} cannot do voice conversion.`);
      const settings = form.get('voice_settings');
      if (settings !== null) {
        try {
          for (const key of Object.keys(JSON.parse(String(settings)) as object)) if (!VOICE_SETTINGS.has(key)) return invalid(['body', 'voice_settings', key], 'Extra inputs are not permitted');
        } catch {
          return invalid(['body', 'voice_settings'], 'voice_settings must be a JSON encoded string');
        }
      }
      const noise = booleanPart(form, 'remove_background_noise');
      if (noise) return noise;
      const voiceId = decodeURIComponent(sts[1]!);
      if (!voices.has(voiceId)) return detail(404, 'voice_not_found', `A voice with voice_id ${voiceId} was not found.`);
      const bytes = await withWorkDir('replay-sts', async (_dir, file) => {
        const input = file(audio.name || 'input');
        await writeFile(input, Buffer.from(await audio.arrayBuffer()));
        return encodeReplayAudio(input, audioFormatOf(format));
      });
      return { status: 200, headers: { 'content-type': format.startsWith('mp3') ? 'audio/mpeg' : 'application/octet-stream' }, body: bytes };
    }

    // Audio isolation: multipart `audio` (required) and `file_format` (`pcm_s16le_16` | `other`), no query; the answer is MP3 (audio/mpeg) at 44.1 kHz.
    if (request.method === 'POST' && request.path === '/v1/audio-isolation') {
      for (const key of request.query.keys()) return invalid(['query', key], 'Extra inputs are not permitted');
      if (!String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return invalid(['body'], 'Expected multipart/form-data');
      const form = await multipartOf(request);
      for (const key of form.keys()) if (!ISOLATION_PARTS.has(key)) return invalid(['body', key], 'Extra inputs are not permitted');
      const audio = form.get('audio');
      if (!(audio instanceof File) || audio.size === 0) return invalid(['body', 'audio'], 'Field required');
      const fileFormat = form.get('file_format');
      if (fileFormat !== null && fileFormat !== 'pcm_s16le_16' && fileFormat !== 'other') return invalid(['body', 'file_format'], "Input should be 'pcm_s16le_16' or 'other'");
      const bytes = await withWorkDir('replay-isolation', async (_dir, file) => {
        const upload = file(fileFormat === 'pcm_s16le_16' ? 'upload.pcm' : audio.name || 'upload');
        await writeFile(upload, Buffer.from(await audio.arrayBuffer()));
        let input = upload;
        if (fileFormat === 'pcm_s16le_16') {
          input = file('upload.wav');
          await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', upload, input]);
        }
        const isolated = options.isolate ? await options.isolate(input) : input;
        return encodeReplayAudio(isolated, { codec: 'mp3', sampleRate: 44_100, bitrateKbps: 128 });
      });
      return { status: 200, headers: { 'content-type': 'audio/mpeg' }, body: bytes };
    }

    if (request.method === 'POST' && request.path === '/v1/voices/add') {
      if (!String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return invalid(['body'], 'Expected multipart/form-data');
      const form = await multipartOf(request);
      for (const key of form.keys()) if (!ADD_PARTS.has(key)) return invalid(['body', key], 'Extra inputs are not permitted');
      const name = form.get('name');
      if (typeof name !== 'string' || !name.trim()) return invalid(['body', 'name'], 'Field required');
      const files = form.getAll('files');
      if (files.length === 0 || files.some((file) => !(file instanceof File) || file.size === 0)) return invalid(['body', 'files'], 'Field required');
      const noise = booleanPart(form, 'remove_background_noise');
      if (noise) return noise;
      const labels = form.get('labels');
      if (labels !== null) {
        try {
          JSON.parse(String(labels));
        } catch {
          return invalid(['body', 'labels'], 'labels must be a JSON encoded dictionary');
        }
      }
      const voiceId = `clone${String(++cloned).padStart(15, '0')}`;
      const description = form.get('description');
      voices.set(voiceId, { voice_id: voiceId, name, category: 'cloned', labels: {}, description: typeof description === 'string' ? description : null, preview_url: null, verified_languages: [] });
      return { status: 200, body: { voice_id: voiceId, requires_verification: false } };
    }

    const voice = /^\/v1\/voices\/([^/]+)$/.exec(request.path);
    if (request.method === 'DELETE' && voice) {
      const voiceId = decodeURIComponent(voice[1]!);
      if (!voices.delete(voiceId)) return detail(404, 'voice_not_found', `A voice with voice_id ${voiceId} was not found.`);
      return { status: 200, body: { status: 'ok' } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  };

  const server = await startReplayServer(handler);
  Object.defineProperty(server, 'lastAlignment', { get: () => lastAlignment });
  return Object.assign(server, { voices: () => [...voices.values()] }) as ElevenLabsReplayServer;
}
