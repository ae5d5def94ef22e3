/**
 * Replays OpenAI's documented speech API (`POST /v1/audio/speech`) for adapter tests. Requests are
 * checked as the API reference describes them — Bearer key, JSON body with `model`, `input`
 * (≤ 4,096 characters), `voice`, and only the documented optional fields (`instructions`, not for
 * tts-1/tts-1-hd; `response_format` mp3|opus|aac|flac|wav|pcm; `speed` 0.25–4) — and answered with
 * real audio of the input in the asked format (pcm: raw 24 kHz 16-bit mono), or with OpenAI's
 * error shape `{ error: { message, type, param, code } }`.
 */
import { OPENAI_BUILT_IN_VOICES } from '../openai/openai-speech-api.ts';
import { speakReplayAudio, type ReplayAudioFormat } from './replay-audio.ts';
import { startReplayServer, type ReplayRequest, type ReplayResponse, type ReplayServer } from './replay-http.ts';

export interface OpenAIReplayOptions {
  /** The key the server accepts (`Authorization: Bearer …`); undefined: no key needed (a self-hosted server). */
  apiKey?: string;
  /** Voices the server knows (default OpenAI's built-in ones). */
  voices?: readonly string[];
  /** Models the server knows (default tts-1, tts-1-hd, gpt-4o-mini-tts). */
  models?: readonly string[];
}

const FIELDS = new Set(['model', 'input', 'voice', 'instructions', 'response_format', 'speed', 'stream_format']);
const FORMATS: Record<string, { audio: ReplayAudioFormat; contentType: string }> = {
  mp3: { audio: { codec: 'mp3', sampleRate: 24_000, bitrateKbps: 64 }, contentType: 'audio/mpeg' },
  opus: { audio: { codec: 'opus' }, contentType: 'audio/opus' },
  aac: { audio: { codec: 'aac' }, contentType: 'audio/aac' },
  flac: { audio: { codec: 'flac', sampleRate: 24_000 }, contentType: 'audio/flac' },
  wav: { audio: { codec: 'wav-stream', sampleRate: 24_000 }, contentType: 'audio/wav' },
  pcm: { audio: { codec: 'pcm', sampleRate: 24_000 }, contentType: 'audio/pcm' },
};

const error = (status: number, message: string, extra: { type?: string; param?: string | null; code?: string | null } = {}): ReplayResponse => ({
  status,
  body: { error: { message, type: extra.type ?? 'invalid_request_error', param: extra.param ?? null, code: extra.code ?? null } },
});

export function openAISpeechHandler(options: OpenAIReplayOptions = {}) {
  const voices = new Set(options.voices ?? OPENAI_BUILT_IN_VOICES);
  const models = new Set(options.models ?? ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']);
  return async (request: ReplayRequest): Promise<ReplayResponse> => {
    if (request.method !== 'POST' || request.path !== '/v1/audio/speech') return error(404, `Invalid URL (${request.method} ${request.path})`);
    if (options.apiKey !== undefined) {
      const authorization = String(request.headers.authorization ?? '');
      if (!authorization.startsWith('Bearer ')) return error(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).");
      // The real API masks the key it echoes; echoing it whole tests that adapters scrub it themselves.
      if (authorization !== `Bearer ${options.apiKey}`) return error(401, `Incorrect API key provided: ${authorization.slice(7)}.`, { code: 'invalid_api_key' });
    }
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return error(400, 'Expected Content-Type application/json');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return error(400, 'We could not parse the JSON body of your request.');
    }
    for (const key of Object.keys(body)) if (!FIELDS.has(key)) return error(400, `Unrecognized request argument supplied: ${key}`);
    for (const key of ['model', 'input', 'voice']) {
      if (typeof body[key] !== 'string') return error(400, `Missing required parameter: '${key}'.`, { param: key });
    }
    const { model, input, voice } = body as { model: string; input: string; voice: string };
    if (!models.has(model)) return error(404, `The model \`${model}\` does not exist or you do not have access to it.`, { code: 'model_not_found' });
    if (input.length === 0 || input.length > 4096) return error(400, `Invalid 'input': string length must be 1–4096, got ${input.length}.`, { param: 'input' });
    if (!voices.has(voice)) return error(400, `Invalid value for 'voice': '${voice}'. Supported values are: ${[...voices].join(', ')}.`, { param: 'voice' });
    if (body.instructions !== undefined && (typeof body.instructions !== 'string' || !model.startsWith('gpt-4o'))) {
      return error(400, `Invalid 'instructions': not supported by ${model}.`, { param: 'instructions' });
    }
    const format = body.response_format ?? 'mp3';
    if (typeof format !== 'string' || !(format in FORMATS)) return error(400, `Invalid value for 'response_format': ${String(format)}.`, { param: 'response_format' });
    if (body.speed !== undefined && (typeof body.speed !== 'number' || body.speed < 0.25 || body.speed > 4)) return error(400, `Invalid 'speed': expected 0.25–4.`, { param: 'speed' });
    const { audio, contentType } = FORMATS[format]!;
    const { bytes } = await speakReplayAudio(input, audio);
    return { status: 200, headers: { 'content-type': contentType }, body: bytes };
  };
}

export async function startOpenAIReplayServer(options: OpenAIReplayOptions = {}): Promise<ReplayServer> {
  return startReplayServer(openAISpeechHandler(options));
}
