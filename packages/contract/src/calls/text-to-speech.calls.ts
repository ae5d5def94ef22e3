import { z } from 'zod';
import { defineCall } from '../call.ts';
import { boundedRecord, decimal, multiLineText, singleLineText } from '../input-schemas.ts';
import { languageTagSchema, voiceKeySchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';
import type { ApiJobDefinition } from '../public-api/api-job.ts';

/** The calls of text to speech (tool `text-to-speech`), its pronunciation dictionary among them. */

/** Longest script of one text-to-speech call (the plan's `maxTtsCharacters` may be lower). */
const TTS_TEXT_MAX = 60_000;
/** Most named speakers of one dialogue. */
const MAX_DIALOGUE_SPEAKERS = 50;

const ttsOptions = {
  voiceKey: voiceKeySchema,
  /** Dialogue mode: `Name:` lines take the voice assigned to that name here. */
  dialogue: z.boolean().default(false),
  speakers: boundedRecord(singleLineText({ min: 1, max: 32, trim: true }), voiceKeySchema, MAX_DIALOGUE_SPEAKERS).optional(),
  /** The text's language (default: the voice's). */
  language: languageTagSchema.optional(),
  speed: decimal(0.5, 2).default(1),
  pitchSemitones: decimal(-12, 12).default(0),
  volume: decimal(0, 2).default(1),
};

export const textToSpeechCreateCall = defineCall({
  path: '/api/text-to-speech/create',
  summary: 'Text to speech: freezes the points for the billable characters and starts a job (audio + SRT/VTT subtitles from word timings).',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      text: multiLineText({ max: TTS_TEXT_MAX }),
      ...ttsOptions,
      format: z.enum(['mp3', 'wav']).default('mp3'),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int(), billableCharacters: z.number().int() }),
});

export const textToSpeechPreviewCall = defineCall({
  path: '/api/text-to-speech/preview',
  summary: 'The first sentence of a script, spoken at once with the job’s exact settings (free; plays while the full job runs).',
  tag: 'speech',
  access: 'user',
  body: z.object({ text: multiLineText({ max: TTS_TEXT_MAX }), ...ttsOptions }).strict(),
  data: z.object({
    text: z.string(),
    /** `data:audio/wav;base64,…` (16-bit mono, 24 kHz): playable at once. */
    audio: z.string(),
    durationSeconds: z.number(),
    words: z.array(z.object({ text: z.string(), startSeconds: z.number(), endSeconds: z.number() })),
  }),
});

export const textToSpeechDetectLanguageCall = defineCall({
  path: '/api/text-to-speech/detectLanguage',
  summary: 'The language of a text (fastText) and a suggested voice for it.',
  tag: 'speech',
  access: 'user',
  body: z.object({ text: multiLineText({ max: TTS_TEXT_MAX }) }).strict(),
  data: z.object({
    language: z.string().nullable(),
    confidence: z.number(),
    suggestedVoiceKey: z.string().nullable(),
  }),
});

export const pronunciationViewSchema = z.object({
  id: z.string(),
  language: z.string(),
  term: z.string(),
  replacement: z.string(),
  kind: z.enum(['spelling', 'phonemes']),
});

export const pronunciationListCall = defineCall({
  path: '/api/text-to-speech/pronunciations/list',
  summary: 'The caller’s pronunciation dictionary (all languages or one).',
  tag: 'speech',
  access: 'user',
  body: z.object({ language: languageTagSchema.optional() }).strict(),
  data: z.object({ list: z.array(pronunciationViewSchema), limit: z.number().int() }),
});

export const pronunciationSaveCall = defineCall({
  path: '/api/text-to-speech/pronunciations/save',
  summary: 'Add or change one dictionary entry: in `language`, `term` is spoken as `replacement`.',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      language: languageTagSchema,
      term: singleLineText({ min: 1, max: 60, trim: true }),
      replacement: singleLineText({ min: 1, max: 200, trim: true }),
      kind: z.enum(['spelling', 'phonemes']).default('spelling'),
    })
    .strict(),
  data: pronunciationViewSchema,
});

export const pronunciationDeleteCall = defineCall({
  path: '/api/text-to-speech/pronunciations/delete',
  summary: 'Delete one dictionary entry.',
  tag: 'speech',
  access: 'user',
  body: z.object({ id: z.uuid() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

/** The REST v1 create (`POST /api/v1/tools/text-to-speech/jobs`, `public-api/api-job.ts`) takes this call's body. */
export const textToSpeechApiJob = {
  call: textToSpeechCreateCall,
  example: { text: 'Our new kettle boils in ninety seconds.', voiceKey: 'espeak:espeak-ng/en-us+f3', format: 'mp3' },
  summaryZh: '创建文本转语音任务（请求体与工作台相同）：积分与工作台一样先冻结，成功后扣除。需要可读写的密钥，且范围中包含 text-to-speech。',
} satisfies ApiJobDefinition;

/** The text-to-speech calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const textToSpeechCalls = [textToSpeechCreateCall, textToSpeechPreviewCall, textToSpeechDetectLanguageCall, pronunciationListCall, pronunciationSaveCall, pronunciationDeleteCall] as const;
