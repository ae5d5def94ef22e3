import { z } from 'zod';
import { defineCall } from '../call.ts';
import { boundedRecord, multiLineText, singleLineText } from '../input-schemas.ts';
import { languageTagSchema, voiceKeySchema } from './voices.calls.ts';

/** Most target languages of one run (they share ingest and source text). */
export const MAX_TARGET_LANGUAGES = 5;
/** Longest subtitle file pasted into a request (an hour of dense subtitles is ~100,000 characters). */
const SUBTITLE_FILE_MAX = 400_000;

const engineOffer = z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string(), languages: z.array(z.string()) });

export const videoTranslationOptionsCall = defineCall({
  path: '/api/video-translation/options',
  summary: 'Video translation: where the source text can come from (speech recognisers, burned-in subtitle readers), which pairs translate and whether offline, the price per minute and the plan’s limits.',
  tag: 'video-translation',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({
    recognizers: z.array(engineOffer),
    textReaders: z.array(engineOffer),
    translators: z.array(z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string(), pairs: z.array(z.object({ source: z.string(), target: z.string() })) })),
    /** `en → es`, … : what works without a remote engine. */
    offlinePairs: z.array(z.string()),
    /** Languages some library voice speaks. */
    voiceLanguages: z.array(z.string()),
    pricePerMinute: z.number().int(),
    maxVideoMinutes: z.number(),
    /** Runs per calendar month (-1 unlimited) and runs used this month. */
    monthlyLimit: z.number().int(),
    usedThisMonth: z.number().int(),
  }),
});

export const videoTranslationCreateCall = defineCall({
  path: '/api/video-translation/create',
  summary: 'Video translation: dubs an uploaded video into one or more languages (source text from speech, burned-in subtitles or a subtitle file); points per started minute and target language.',
  tag: 'video-translation',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      sourceLanguage: languageTagSchema,
      targetLanguages: z.array(languageTagSchema).min(1).max(MAX_TARGET_LANGUAGES),
      textSource: z.enum(['auto', 'speech', 'subtitles', 'subtitle-file']).default('auto'),
      subtitleFile: z.object({ name: singleLineText({ max: 255, trim: true }), text: multiLineText({ min: 1, max: SUBTITLE_FILE_MAX }) }).strict().optional(),
      /** Voice per target language; a language left out gets the best library voice that speaks it. */
      voices: boundedRecord(languageTagSchema, voiceKeySchema, MAX_TARGET_LANGUAGES).optional(),
      mode: z.enum(['quick', 'pro']).default('quick'),
      glossary: z
        .array(z.object({ source: singleLineText({ min: 1, max: 200, trim: true }), target: singleLineText({ min: 1, max: 200, trim: true }) }).strict())
        .max(200)
        .optional(),
      /** Draw the translated subtitles into the picture (re-encodes the video; otherwise the picture is copied untouched). */
      burnSubtitles: z.boolean().default(false),
      title: singleLineText({ max: 120, trim: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});
