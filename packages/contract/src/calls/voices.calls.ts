import { z } from 'zod';
import { defineCall } from '../call.ts';
import { integer, singleLineText } from '../input-schemas.ts';

/**
 * The voice library (tool `voices`): every voice of every configured engine plus the caller's
 * cloned voices. Voices are what the other speech tools speak with, so the schemas they share (a
 * voice key, a language tag, the view of a voice) live here and they import them.
 */

/** `<engine id>/<voice id>` for library voices, `cloned/<uuid>` for a user's cloned voices. */
export const voiceKeySchema = singleLineText({ min: 3, max: 200, trim: true });
/** A BCP-47 language tag, lower-cased (`en`, `en-us`, `zh`, `cmn`). */
export const languageTagSchema = singleLineText({ max: 35, trim: true })
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'expected a language tag such as en, en-us, zh or cmn')
  .transform((value) => value.toLowerCase());

export const voiceGenderSchema = z.enum(['female', 'male', 'neutral']);
export const voiceAgeSchema = z.enum(['child', 'young', 'adult', 'senior']);

/**
 * How a voice sounds, as the web app describes it to people (a catalogued key, never engine notes):
 * `formant` eSpeak NG, `parametric` HTS, `clustergen` flite's statistical voices, `diphone` older
 * diphone voices, `unit-selection` voices joined from recordings, `neural` remote engines,
 * `matched` a local cloned voice (signal processing), `synthetic` a local voice not described here.
 */
export const VOICE_SOUNDS = ['formant', 'parametric', 'clustergen', 'diphone', 'unit-selection', 'neural', 'matched', 'synthetic'] as const;
export const voiceSoundSchema = z.enum(VOICE_SOUNDS);
export type VoiceSound = z.infer<typeof voiceSoundSchema>;

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
  /** How the voice sounds: the web app writes the user's description from it, in the page's language. */
  sound: voiceSoundSchema,
  /** One honest line about how the voice is made, for operators and API clients (English engine notes; pages never show it). */
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

/** A filter's values with their counts; `label` where the value is an id people should not see (engines). */
const facet = z.array(z.object({ value: z.string(), count: z.number().int(), label: z.string().optional() }));

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
  body: z.object({ voiceKey: voiceKeySchema }).strict(),
  data: voiceViewSchema,
});

export const voiceFavoriteCall = defineCall({
  path: '/api/voices/favorite',
  summary: 'Star or unstar a voice.',
  tag: 'voices',
  access: 'user',
  body: z.object({ voiceKey: voiceKeySchema, favorite: z.boolean() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const voicePreviewCall = defineCall({
  path: '/api/voices/preview',
  summary: 'The preview sample of a voice, in its own language: generated on first request, then cached.',
  tag: 'voices',
  access: 'user',
  body: z.object({ voiceKey: voiceKeySchema }).strict(),
  data: z.object({ url: z.string(), text: z.string(), durationSeconds: z.number() }),
});

/** The voices calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const voicesCalls = [voiceListCall, voiceGetCall, voiceFavoriteCall, voicePreviewCall] as const;
