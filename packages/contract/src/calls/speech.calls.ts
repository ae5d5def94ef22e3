import { z } from 'zod';
import { defineCall } from '../call.ts';
import { boundedRecord, decimal, integer, multiLineText, singleLineText } from '../input-schemas.ts';

/** Longest script of one text-to-speech call (the plan's `maxTtsCharacters` may be lower). */
const TTS_TEXT_MAX = 60_000;
/** Most named speakers of one dialogue. */
const MAX_DIALOGUE_SPEAKERS = 50;

/** `<engine id>/<voice id>` for library voices, `cloned/<uuid>` for a user's cloned voices. */
const voiceKey = singleLineText({ min: 3, max: 200, trim: true });
const language = singleLineText({ max: 35, trim: true })
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'expected a language tag such as en, en-us, zh or cmn')
  .transform((value) => value.toLowerCase());

export const voiceGenderSchema = z.enum(['female', 'male', 'neutral']);
export const voiceAgeSchema = z.enum(['child', 'young', 'adult', 'senior']);

export const voiceViewSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The voice's main language (BCP-47, lower case), and every language it speaks. */
  language: z.string(),
  languages: z.array(z.string()),
  accent: z.string().nullable(),
  gender: voiceGenderSchema.nullable(),
  age: voiceAgeSchema.nullable(),
  style: z.string().nullable(),
  useCases: z.array(z.string()),
  engineId: z.string(),
  engineName: z.string(),
  location: z.enum(['local', 'remote']),
  qualityTier: z.enum(['basic', 'standard', 'premium']),
  /** One honest line about how the voice is made. */
  description: z.string(),
  favorite: z.boolean(),
  /** A cloned voice of the caller. */
  cloned: z.boolean(),
  /** Cloned voices: `processing` until analysed. Library voices are always `ready`. */
  status: z.enum(['processing', 'ready', 'failed']),
  /** The preview sample, when it has been generated (otherwise ask `/api/voices/preview`). */
  previewUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Cloned voices: measured median pitch of the reference, Hz. */
  medianPitchHz: z.number().nullable(),
});
export type VoiceView = z.infer<typeof voiceViewSchema>;

const facet = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const voiceListCall = defineCall({
  path: '/api/voices/list',
  summary: 'The voice library: every voice of every configured engine plus the caller’s cloned voices, searchable and filtered, with facet counts.',
  tag: 'voices',
  access: 'user',
  body: z
    .object({
      tab: z.enum(['all', 'mine', 'favorites']).default('all'),
      query: singleLineText({ max: 100, trim: true }).optional(),
      language: singleLineText({ max: 20, trim: true }).optional(),
      gender: voiceGenderSchema.optional(),
      age: voiceAgeSchema.optional(),
      accent: singleLineText({ max: 60, trim: true }).optional(),
      useCase: singleLineText({ max: 40, trim: true }).optional(),
      engineId: singleLineText({ max: 80, trim: true }).optional(),
      pageNum: integer(1, 10_000).default(1),
      pageSize: integer(1, 200).default(48),
    })
    .strict(),
  data: z.object({
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(voiceViewSchema),
    facets: z.object({ languages: facet, genders: facet, ages: facet, accents: facet, useCases: facet, engines: facet }),
  }),
});

export const voiceGetCall = defineCall({
  path: '/api/voices/get',
  summary: 'One voice of the library or one of the caller’s cloned voices.',
  tag: 'voices',
  access: 'user',
  body: z.object({ voiceKey }).strict(),
  data: voiceViewSchema,
});

export const voiceFavoriteCall = defineCall({
  path: '/api/voices/favorite',
  summary: 'Star or unstar a voice.',
  tag: 'voices',
  access: 'user',
  body: z.object({ voiceKey, favorite: z.boolean() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const voicePreviewCall = defineCall({
  path: '/api/voices/preview',
  summary: 'The preview sample of a voice, in its own language: generated on first request, then cached.',
  tag: 'voices',
  access: 'user',
  body: z.object({ voiceKey }).strict(),
  data: z.object({ url: z.string(), text: z.string(), durationSeconds: z.number() }),
});

const ttsOptions = {
  voiceKey,
  /** Dialogue mode: `Name:` lines take the voice assigned to that name here. */
  dialogue: z.boolean().default(false),
  speakers: boundedRecord(singleLineText({ min: 1, max: 32, trim: true }), voiceKey, MAX_DIALOGUE_SPEAKERS).optional(),
  /** The text's language (default: the voice's). */
  language: language.optional(),
  speed: decimal(0.5, 2).default(1),
  pitchSemitones: decimal(-12, 12).default(0),
  volume: decimal(0, 2).default(1),
};

export const ttsCreateCall = defineCall({
  path: '/api/tts/create',
  summary: 'Text to speech: freezes the points for the billable characters and starts a job (audio + SRT/VTT subtitles from word timings).',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      text: multiLineText({ max: TTS_TEXT_MAX }),
      ...ttsOptions,
      format: z.enum(['mp3', 'wav']).default('mp3'),
      title: singleLineText({ max: 120, trim: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int(), billableCharacters: z.number().int() }),
});

export const ttsPreviewCall = defineCall({
  path: '/api/tts/preview',
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

export const ttsDetectLanguageCall = defineCall({
  path: '/api/tts/detectLanguage',
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
  path: '/api/pronunciations/list',
  summary: 'The caller’s pronunciation dictionary (all languages or one).',
  tag: 'speech',
  access: 'user',
  body: z.object({ language: language.optional() }).strict(),
  data: z.object({ list: z.array(pronunciationViewSchema), limit: z.number().int() }),
});

export const pronunciationSaveCall = defineCall({
  path: '/api/pronunciations/save',
  summary: 'Add or change one dictionary entry: in `language`, `term` is spoken as `replacement`.',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      language,
      term: singleLineText({ min: 1, max: 60, trim: true }),
      replacement: singleLineText({ min: 1, max: 200, trim: true }),
      kind: z.enum(['spelling', 'phonemes']).default('spelling'),
    })
    .strict(),
  data: pronunciationViewSchema,
});

export const pronunciationDeleteCall = defineCall({
  path: '/api/pronunciations/delete',
  summary: 'Delete one dictionary entry.',
  tag: 'speech',
  access: 'user',
  body: z.object({ id: z.uuid() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const recordingCheckSchema = z.object({
  accepted: z.boolean(),
  durationSeconds: z.number(),
  speechSeconds: z.number(),
  speechRatio: z.number(),
  loudnessLufs: z.number().nullable(),
  clippingRatio: z.number(),
  medianPitchHz: z.number().nullable(),
  /** Each problem as a catalogue code with the numbers for its message. */
  problems: z.array(z.object({ code: z.number().int(), params: z.record(z.string(), z.union([z.string(), z.number()])) })),
});
export type RecordingCheck = z.infer<typeof recordingCheckSchema>;

export const voiceCloneCheckCall = defineCall({
  path: '/api/voices/clone/check',
  summary: 'Quality checks of a recording before cloning: length (10 s – 3 min), clipping, loudness, share of speech.',
  tag: 'voices',
  access: 'user',
  body: z.object({ uploadId: z.uuid() }).strict(),
  data: recordingCheckSchema,
});

export const voiceCloneCreateCall = defineCall({
  path: '/api/voices/clone/create',
  summary: 'Clone a voice from a checked recording (consent required): takes a voice slot, freezes the points, analyses it in a job.',
  tag: 'voices',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      name: singleLineText({ min: 1, max: 40, trim: true }),
      language,
      consent: z.boolean(),
    })
    .strict(),
  data: z.object({ voice: voiceViewSchema, jobId: z.string(), cost: z.number().int() }),
});

export const voiceCloneRenameCall = defineCall({
  path: '/api/voices/clone/rename',
  summary: 'Rename one of the caller’s cloned voices.',
  tag: 'voices',
  access: 'user',
  body: z.object({ id: z.uuid(), name: singleLineText({ min: 1, max: 40, trim: true }) }).strict(),
  data: voiceViewSchema,
});

export const voiceCloneDeleteCall = defineCall({
  path: '/api/voices/clone/delete',
  summary: 'Delete one of the caller’s cloned voices (its recording, preview and remote clone too); frees the slot.',
  tag: 'voices',
  access: 'user',
  body: z.object({ id: z.uuid() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const stsCreateCall = defineCall({
  path: '/api/sts/create',
  summary: 'Speech to speech: converts an uploaded recording to a target voice, keeping its timing; points per minute.',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      voiceKey,
      denoise: z.boolean().default(false),
      keepBackground: z.boolean().default(false),
      format: z.enum(['mp3', 'wav']).default('mp3'),
      title: singleLineText({ max: 120, trim: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});
