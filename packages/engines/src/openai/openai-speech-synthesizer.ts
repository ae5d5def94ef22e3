import { z } from 'zod';
import { clampOption, parseOptions } from '../capabilities/call-options.ts';
import type { EngineId, LanguageTag } from '../capabilities/engine-common.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult, WordTiming } from '../capabilities/speech-synthesizer.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { finishVendorAudio, type AudioFormat, type VendorAudio } from '../remote/remote-audio.ts';
import { apiOrigin } from '../remote/remote-http.ts';
import { vendorLanguage } from '../remote/remote-language.ts';
import { pitchAppliedAfterwards, remoteSynthesizeOptionsSchema } from '../remote/remote-synthesis-options.ts';
import { ssmlTextContent } from '../text/ssml-text.ts';
import { estimateWordsByLength } from '../text/word-timing-estimate.ts';
import { tokenizeWords } from '../text/words.ts';
import {
  modelTakesInstructions,
  OPENAI_BUILT_IN_VOICES,
  OPENAI_DEFAULT_BASE_URL,
  OPENAI_MAX_INPUT_CHARACTERS,
  OPENAI_MAX_SPEED,
  OPENAI_MIN_SPEED,
  OPENAI_PCM_SAMPLE_RATE,
  OPENAI_SPEECH_LANGUAGES,
  OPENAI_SPEECH_PATH,
  openAIPost,
  type OpenAIResponseFormat,
  type OpenAISpeechRequest,
} from './openai-speech-api.ts';

/** A voice of an OpenAI-compatible server: its id, and the languages it speaks when they are known. */
export interface OpenAIVoiceSetting {
  id: string;
  name?: string;
  languages?: LanguageTag[];
  gender?: 'female' | 'male' | 'neutral';
}

export interface OpenAISpeechSettings {
  /** The model name sent as `model` (`gpt-4o-mini-tts`, `tts-1`, `tts-1-hd`, or a compatible server's). */
  model: string;
  /** Default `openai:<model>` (lower-cased, other characters as `-`). */
  engineId?: EngineId;
  /** Default `https://api.openai.com`; with or without `/v1`. */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer …`; self-hosted servers may need none. */
  apiKey?: string;
  /** The voices to offer (a compatible server's own names); default: OpenAI's built-in voices. */
  voices?: Array<string | OpenAIVoiceSetting>;
  /** What the model speaks; default: the languages of OpenAI's guide. */
  languages?: LanguageTag[];
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Whether `style` may be sent as `instructions` (default: for gpt-4o* models only). */
  takesInstructions?: boolean;
  /** Longest input (default 4,096 characters, OpenAI's limit). */
  maxInputCharacters?: number;
}

const voiceSettingSchema = z.union([
  z.string().trim().min(1),
  z.object({
    id: z.string().trim().min(1),
    name: z.string().optional(),
    languages: z.array(z.string().min(1)).min(1).optional(),
    gender: z.enum(['female', 'male', 'neutral']).optional(),
  }),
]);

const settingsSchema = z.object({
  model: z.string().trim().min(1, 'model is required'),
  engineId: z.string().optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiKey: z.string().optional(),
  voices: z.array(voiceSettingSchema).min(1).optional(),
  languages: z.array(z.string().min(1)).min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
  takesInstructions: z.boolean().optional(),
  maxInputCharacters: z.number().int().positive().optional(),
});

/** `openai:<model>`: the model name lower-cased, characters an engine id cannot hold as `-`. */
export function openAIEngineId(model: string): EngineId {
  const slug = model.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '');
  return `openai:${slug || 'speech'}`;
}

/** What to ask the API for, given the file the caller wants and whether ffmpeg must process it first. */
function vendorFormatFor(format: AudioFormat, processed: boolean): { request: OpenAIResponseFormat; vendor: VendorAudio } {
  if (processed) return { request: 'wav', vendor: { kind: 'encoded', format: 'wav' } };
  switch (format) {
    case 'ogg':
      return { request: 'opus', vendor: { kind: 'encoded', format: 'ogg' } };
    case 'pcm':
      return { request: 'pcm', vendor: { kind: 'pcm', sampleRate: OPENAI_PCM_SAMPLE_RATE, channels: 1 } };
    default:
      return { request: format, vendor: { kind: 'encoded', format } };
  }
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Speech from an OpenAI-compatible `/v1/audio/speech` endpoint. The API returns audio only, so word
 * timings are estimated (by word length over the sounding parts of the decoded audio); pitch and
 * gain are applied afterwards with ffmpeg (rubberband, formants kept).
 */
export class OpenAISpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly model: string;
  readonly #apiKey: string | undefined;
  readonly #endpoint: string;
  readonly #voices: SynthesisVoice[];
  readonly #timeoutMs: number;
  readonly #takesInstructions: boolean;
  readonly #maxInput: number;

  constructor(settings: OpenAISpeechSettings) {
    const parsed = settingsSchema.safeParse(settings);
    const engineId = settings.engineId ?? openAIEngineId(settings.model ?? '');
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EngineInputError(`${engineId} settings: ${issue?.path.join('.') || 'settings'}: ${issue?.message}`, { engineId });
    }
    this.engineId = engineId;
    this.model = parsed.data.model;
    this.#apiKey = parsed.data.apiKey || undefined;
    this.#endpoint = `${apiOrigin(parsed.data.baseUrl ?? OPENAI_DEFAULT_BASE_URL)}${OPENAI_SPEECH_PATH}`;
    this.#timeoutMs = parsed.data.timeoutMs ?? 120_000;
    this.#takesInstructions = parsed.data.takesInstructions ?? modelTakesInstructions(this.model);
    this.#maxInput = parsed.data.maxInputCharacters ?? OPENAI_MAX_INPUT_CHARACTERS;
    const languages = parsed.data.languages ?? [...OPENAI_SPEECH_LANGUAGES];
    this.#voices = (parsed.data.voices ?? [...OPENAI_BUILT_IN_VOICES]).map((entry) => {
      const voice = typeof entry === 'string' ? { id: entry } : entry;
      return { id: voice.id, name: voice.name ?? capitalize(voice.id), languages: voice.languages ?? languages, gender: voice.gender, variant: undefined, engineId: this.engineId };
    });
  }

  /** The endpoint this engine calls (no secrets). */
  get endpoint(): string {
    return this.#endpoint;
  }

  /** The configured list (the API has no voice listing); no request is made. */
  async listVoices(options: { signal?: AbortSignal } = {}): Promise<SynthesisVoice[]> {
    throwIfAborted(options.signal, this.engineId);
    return this.#voices.map((voice) => ({ ...voice, languages: [...voice.languages] }));
  }

  async doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: remoteSynthesizeOptionsSchema, vendor: 'openai', name: 'the OpenAI speech adapter' });

    const voice = this.#voices.find((entry) => entry.id === options.voice);
    if (!voice) throw new EngineInputError(`${this.engineId} has no voice "${options.voice}" (voices: ${this.#voices.map((entry) => entry.id).join(', ')})`, { engineId: this.engineId });

    // Text: SSML is not understood; its text content is spoken, offsets still point into the markup.
    const ssml = options.textFormat === 'ssml';
    const spokenText = ssml ? ssmlTextContent(options.text) : options.text;
    if (ssml) warnings.push({ type: 'unsupported-option', option: 'textFormat', details: 'the speech API takes plain text: markup was removed and its breaks and prosody ignored' });
    const input = spokenText.replace(/\s+/g, ' ').trim();
    if (input === '') throw new EngineInputError('text has no words', { engineId: this.engineId });
    if (input.length > this.#maxInput) {
      throw new EngineInputError(`text is ${input.length} characters; ${this.engineId} takes at most ${this.#maxInput} per request (split it into sentences)`, { engineId: this.engineId });
    }

    if (options.language) {
      const wanted = vendorLanguage(options.language);
      const speaks = voice.languages.some((language) => vendorLanguage(language) === wanted);
      if (!speaks) warnings.push({ type: 'unsupported-option', option: 'language', details: `voice ${voice.id} speaks ${voice.languages.slice(0, 8).join(', ')}…, not ${options.language}` });
    }

    const body: OpenAISpeechRequest = { model: this.model, input, voice: voice.id };
    if (options.style) {
      if (this.#takesInstructions) body.instructions = options.style;
      else warnings.push({ type: 'unsupported-option', option: 'style', details: `${this.model} takes no instructions (gpt-4o-mini-tts does)` });
    }
    if (options.speed !== undefined && options.speed !== 1) {
      body.speed = clampOption(warnings, 'speed', options.speed, [OPENAI_MIN_SPEED, OPENAI_MAX_SPEED], (used) => `the speech API speaks at ${OPENAI_MIN_SPEED}–${OPENAI_MAX_SPEED}×; used ${used}`);
    }
    const pitchSemitones = pitchAppliedAfterwards(options.pitchSemitones, 'the speech API', warnings);
    const volume = options.volume ?? 1;
    const format = options.outputFormat ?? 'wav';
    const processed = pitchSemitones !== 0 || volume !== 1;
    const { request: responseFormat, vendor } = vendorFormatFor(format, processed);
    body.response_format = responseFormat;
    const wantTimings = options.wordTimings ?? true;

    const requestStarted = performance.now();
    const response = await openAIPost({
      engineId: this.engineId,
      doing: 'synthesizing speech',
      url: this.#endpoint,
      apiKey: this.#apiKey,
      headers: { 'content-type': 'application/json', accept: '*/*' },
      body: JSON.stringify(body),
      signal: options.signal,
      timeoutMs: this.#timeoutMs,
    });
    const requestMs = performance.now() - requestStarted;

    const finishStarted = performance.now();
    let finished;
    try {
      finished = await finishVendorAudio({ bytes: response.body, vendor, outputFile: options.outputFile, format, transform: { pitchSemitones, volume }, wantEnvelope: wantTimings, signal: options.signal });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'writing the audio the speech API returned');
    }
    let words: WordTiming[] = [];
    if (wantTimings && finished.envelope) {
      words = estimateWordsByLength(tokenizeWords(spokenText), finished.envelope);
      warnings.push({ type: 'approximate-output', output: 'words', details: 'the speech API reports no word timings: estimated from word length between the pauses of the audio' });
    }
    return {
      audio: finished.audio,
      words,
      wordTimingsApproximate: words.length > 0,
      warnings,
      timings: { totalMs: performance.now() - startedAt, stepsMs: { requestMs, audioMs: performance.now() - finishStarted } },
      response: { engineId: this.engineId, voice: voice.id },
    };
  }
}

/** An OpenAI (or OpenAI-compatible) speech engine. The API key stays in a private field: it is never logged or serialised. */
export function createOpenAISpeech(settings: OpenAISpeechSettings): OpenAISpeechSynthesizer {
  return new OpenAISpeechSynthesizer(settings);
}
