/**
 * A series (issue 28, decision 056): the unit of work of people who localise a drama — its
 * characters and their voices, its glossary per target language, subtitle styles and default
 * target languages — and its episodes, each run as video-translation jobs with that memory. The
 * dubbing studio's cast bibles are series seen from the editor (`/api/dubbing/casts/*`).
 */
import { z } from 'zod';
import { defineCall, type CallDefinition } from '../call.ts';
import { dubbingIdSchema } from '../dubbing/dubbing-model.ts';
import { displayName } from '../display-name.ts';
import { boundedRecord, singleLineText } from '../input-schemas.ts';
import type { RestV1Route } from '../public-api/rest-v1.ts';
import { jobStatusSchema } from './system.calls.ts';
import { drawnStyleSchema, MAX_TARGET_LANGUAGES } from './video-translation.calls.ts';
import { languageTagSchema, voiceKeySchema } from './voices.calls.ts';

export const MAX_SERIES_GLOSSARY = 500;
export const MAX_SERIES_CHARACTERS = 50;
/** Most episodes added by one request (a season is added in a few). */
export const MAX_EPISODES_PER_ADD = 100;

export const seriesCharacterSchema = z
  .object({
    id: dubbingIdSchema,
    name: displayName(60),
    gender: z.enum(['female', 'male', 'unknown']).default('unknown'),
    /** Voice per target language: a library voice or `cloned/<id>`; the same in every episode. */
    voices: boundedRecord(languageTagSchema, voiceKeySchema, MAX_TARGET_LANGUAGES).default({}),
  })
  .strict();

export const seriesGlossaryTermSchema = z
  .object({
    source: singleLineText({ min: 1, max: 200, trim: true }),
    target: singleLineText({ min: 1, max: 200, trim: true }),
    /** The target language the term is for; null or absent: every target language. */
    language: languageTagSchema.nullable().default(null),
  })
  .strict();

/** A series' subtitle style for one target language: the video translator's drawn style, given to every run in that language. */
export const seriesSubtitleStyleSchema = drawnStyleSchema;

const seriesFields = {
  name: displayName(80),
  sourceLanguage: languageTagSchema.nullable(),
  targetLanguages: z.array(languageTagSchema).max(MAX_TARGET_LANGUAGES),
  glossary: z.array(seriesGlossaryTermSchema).max(MAX_SERIES_GLOSSARY),
  characters: z.array(seriesCharacterSchema).max(MAX_SERIES_CHARACTERS),
  subtitleStyles: boundedRecord(languageTagSchema, seriesSubtitleStyleSchema, MAX_TARGET_LANGUAGES),
};

export const seriesViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  sourceLanguage: z.string().nullable(),
  targetLanguages: z.array(z.string()),
  glossary: z.array(z.object({ source: z.string(), target: z.string(), language: z.string().nullable() })),
  characters: z.array(z.object({ id: z.string(), name: z.string(), gender: z.enum(['female', 'male', 'unknown']), voices: z.record(z.string(), z.string()) })),
  subtitleStyles: z.record(z.string(), z.object({ fontSize: z.number().optional(), color: z.string().optional(), outlineColor: z.string().optional(), marginBottom: z.number().optional() })),
  episodeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeriesView = z.infer<typeof seriesViewSchema>;

export const seriesGlossaryMissSchema = z.object({ language: z.string(), lineId: z.string(), source: z.string(), expected: z.string(), text: z.string() });

/** What the season board shows of one language's run, so a person knows which episode to look at. */
export const seriesEpisodeSignalsSchema = z.object({
  language: z.string(),
  /** Dubbed lines spoken faster than 1.2× to fit their slot. */
  spedUpLines: z.number().int().nullable(),
  /** Dubbed lines still longer than their slot (they play over what follows). */
  overSlotLines: z.number().int().nullable(),
  /** Translated lines that missed a glossary term. */
  glossaryMisses: z.number().int().nullable(),
  /** Erased frames (of those sampled) on which OCR still reads subtitle text. */
  textLeftFrames: z.number().int().nullable(),
  sampledFrames: z.number().int().nullable(),
  /** Largest distance, in seconds, between a dubbed line's start and its source line's start. */
  maxDriftSeconds: z.number().nullable(),
});
export type SeriesEpisodeSignals = z.infer<typeof seriesEpisodeSignalsSchema>;

/**
 * An episode on the season board: per target language the job it runs in (one job with every
 * language since decision 076, so languages share a `jobId`; episodes added earlier have one per
 * language), where they are, what they cost (a shared job's points split between its languages),
 * and the glossary check.
 */
export const seriesEpisodeViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  uploadId: z.string(),
  /** The least advanced of its jobs: `completed` only when every language is. */
  status: jobStatusSchema,
  progress: z.number(),
  cost: z.object({ estimated: z.number().int(), settled: z.number().int().nullable() }),
  jobs: z.array(z.object({ language: z.string(), jobId: z.string(), status: jobStatusSchema, progress: z.number(), cost: z.object({ estimated: z.number().int(), settled: z.number().int().nullable() }) })),
  /** Languages whose translation was checked against the glossary, and the lines that missed a term. */
  glossaryChecked: z.array(z.string()),
  glossaryMisses: z.array(seriesGlossaryMissSchema),
  /** Quality signals per target language, measured from the run's own outputs (null: not measured yet, e.g. the stage has not run or the output has no dub). */
  signals: z.array(seriesEpisodeSignalsSchema),
  createdAt: z.string(),
});
export type SeriesEpisodeView = z.infer<typeof seriesEpisodeViewSchema>;

const seriesId = z.object({ seriesId: z.uuid() }).strict();

export const seriesListCall = defineCall({
  path: '/api/series/list',
  summary: 'Series: the user’s series (the dubbing studio’s cast bibles among them), by name.',
  tag: 'series',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ list: z.array(seriesViewSchema) }),
});

export const seriesCreateBodySchema = z
  .object({
    name: seriesFields.name,
    sourceLanguage: seriesFields.sourceLanguage.default(null),
    targetLanguages: seriesFields.targetLanguages.default([]),
    glossary: seriesFields.glossary.default([]),
    characters: seriesFields.characters.default([]),
    subtitleStyles: seriesFields.subtitleStyles.default({}),
  })
  .strict();

export const seriesCreateCall = defineCall({
  path: '/api/series/create',
  summary: 'Series: creates a series (a name of the user’s other series is refused, 7702) with its default target languages, glossary, characters and subtitle styles.',
  tag: 'series',
  access: 'user',
  body: seriesCreateBodySchema,
  data: seriesViewSchema,
});

export const seriesGetCall = defineCall({
  path: '/api/series/get',
  summary: 'Series: one series with its glossary, characters and subtitle styles.',
  tag: 'series',
  access: 'user',
  body: seriesId,
  data: seriesViewSchema,
});

/** What an update may change (each part given replaces that part whole). */
export const seriesUpdateFieldsSchema = z
  .object({
    name: seriesFields.name.optional(),
    sourceLanguage: seriesFields.sourceLanguage.optional(),
    targetLanguages: seriesFields.targetLanguages.optional(),
    glossary: seriesFields.glossary.optional(),
    characters: seriesFields.characters.optional(),
    subtitleStyles: seriesFields.subtitleStyles.optional(),
  })
  .strict();

export const seriesUpdateCall = defineCall({
  path: '/api/series/update',
  summary: 'Series: replaces the parts given (name, languages, glossary, characters, subtitle styles); episodes added later run with them.',
  tag: 'series',
  access: 'user',
  body: seriesUpdateFieldsSchema.extend({ seriesId: z.uuid() }).strict(),
  data: seriesViewSchema,
});

export const seriesDeleteCall = defineCall({
  path: '/api/series/delete',
  summary: 'Series: deletes a series and its episode list (the episodes’ jobs and their files stay in the history).',
  tag: 'series',
  access: 'user',
  body: seriesId,
  data: z.object({ deleted: z.boolean() }),
});

export const seriesEpisodesAddBodySchema = z
  .object({
    episodes: z
      .array(z.object({ uploadId: z.uuid(), title: displayName(120, { allowEmpty: true }).optional() }).strict())
      .min(1)
      .max(MAX_EPISODES_PER_ADD),
    /** Where each episode's words come from (as the video translator's `textSource`). */
    textSource: z.enum(['auto', 'speech', 'subtitles']).default('auto'),
    /** Draw the translation into the picture. */
    burnSubtitles: z.boolean().default(true),
    /** The subtitles burned into the source picture (as the video translator's `subtitles`): keep them, replace them with the translation, or keep them under it. */
    subtitles: z.enum(['keep', 'replace', 'bilingual']).default('keep'),
    /** What each episode gives (as the video translator's `output`): the dub, the subtitled video only (priced below a dub), or both. */
    output: z.enum(['dub', 'subtitles', 'both']).default('dub'),
  })
  .strict();

/** A quote for adding episodes: nothing runs and nothing is held. */
export const seriesEpisodesQuoteBodySchema = z
  .object({
    seriesId: z.uuid(),
    uploadIds: z.array(z.uuid()).min(1).max(MAX_EPISODES_PER_ADD),
    subtitles: z.enum(['keep', 'replace', 'bilingual']).default('keep'),
    output: z.enum(['dub', 'subtitles', 'both']).default('dub'),
  })
  .strict();

export const seriesEpisodesQuoteCall = defineCall({
  path: '/api/series/episodes/quote',
  summary: 'Series: what adding these uploads as episodes would cost — points per started minute per target language of the series, subtitles only priced below a dub — measured from the uploaded media; nothing runs.',
  tag: 'series',
  access: 'user',
  body: seriesEpisodesQuoteBodySchema,
  data: z.object({
    cost: z.number().int(),
    languages: z.array(z.string()),
    episodes: z.array(z.object({ uploadId: z.string(), seconds: z.number(), cost: z.number().int() })),
  }),
});

export const seriesEpisodesAddCall = defineCall({
  path: '/api/series/episodes/add',
  summary:
    'Series: adds uploaded videos as the next episodes. Each runs as one video translation (quick) with every target language of the series: the picture’s subtitles are read and erased once, and each language gets its glossary and the characters’ voices; points per started minute and language, frozen now.',
  tag: 'series',
  access: 'user',
  body: seriesEpisodesAddBodySchema.extend({ seriesId: z.uuid() }).strict(),
  data: z.object({ episodes: z.array(seriesEpisodeViewSchema), cost: z.number().int() }),
});

export const seriesEpisodesListCall = defineCall({
  path: '/api/series/episodes/list',
  summary: 'Series: the season board — every episode with its status, cost and the lines that missed a glossary term.',
  tag: 'series',
  access: 'user',
  body: seriesId,
  data: z.object({ episodes: z.array(seriesEpisodeViewSchema) }),
});

export const seriesDownloadLinkCall = defineCall({
  path: '/api/series/download-link',
  summary:
    'Series: a short-lived signed link (`GET /api/series/zip/{ownerId}/{seriesId}?expires=&sig=`, no key or cookie needed) to the season as a zip, the same archive as REST v1’s `…/download`. SERIES_NOTHING_TO_DOWNLOAD before any episode has finished.',
  tag: 'series',
  access: 'user',
  body: seriesId,
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});

/** Every call of the series tool (listed once in `allCalls`). */
export const seriesCalls: readonly CallDefinition[] = [seriesListCall, seriesCreateCall, seriesGetCall, seriesUpdateCall, seriesDeleteCall, seriesEpisodesAddCall, seriesEpisodesQuoteCall, seriesEpisodesListCall, seriesDownloadLinkCall];

/** The series routes of the REST surface (`/api/v1/series…`), under `prefix`; a key needs the `video-translation` scope (episodes are video translations). */
export function seriesRestRoutes(prefix: string): RestV1Route[] {
  const params = z.object({ seriesId: z.uuid() }).strict();
  const common = { tag: 'series', tool: 'video-translation' as const };
  return [
    { ...common, operationId: 'v1_create_series', method: 'POST', path: `${prefix}/series`, summary: 'Create a series: name, default target languages, glossary (per target language), characters with a voice per language, subtitle styles.', access: 'write', body: seriesCreateBodySchema, data: seriesViewSchema, example: { body: { name: 'The Jade Heir', sourceLanguage: 'en', targetLanguages: ['es'], glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' }], characters: [{ id: 'lin', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } }] } } },
    { ...common, operationId: 'v1_list_series', method: 'GET', path: `${prefix}/series`, summary: 'The key owner’s series, by name.', access: 'read', data: seriesListCall.data },
    { ...common, operationId: 'v1_get_series', method: 'GET', path: `${prefix}/series/{seriesId}`, summary: 'A series with its glossary, characters and subtitle styles.', access: 'read', params, data: seriesViewSchema },
    { ...common, operationId: 'v1_update_series', method: 'PATCH', path: `${prefix}/series/{seriesId}`, summary: 'Replace parts of a series (name, languages, glossary, characters, subtitle styles).', access: 'write', params, body: seriesUpdateFieldsSchema, data: seriesViewSchema },
    { ...common, operationId: 'v1_add_series_episodes', method: 'POST', path: `${prefix}/series/{seriesId}/episodes`, summary: 'Add uploaded videos as the next episodes: each runs as one video translation with every target language of the series, its glossary and voices.', access: 'write', params, body: seriesEpisodesAddBodySchema, data: seriesEpisodesAddCall.data },
    { ...common, operationId: 'v1_quote_series_episodes', method: 'POST', path: `${prefix}/series/{seriesId}/episodes/quote`, summary: 'What adding these uploads as episodes would cost (points per started minute per target language, subtitles only below a dub), measured from the uploads; nothing runs and nothing is held.', access: 'read', params, body: seriesEpisodesQuoteBodySchema.omit({ seriesId: true }), data: seriesEpisodesQuoteCall.data },
    { ...common, operationId: 'v1_list_series_episodes', method: 'GET', path: `${prefix}/series/{seriesId}/episodes`, summary: 'The season board: episodes with status, cost and glossary misses.', access: 'read', params, data: seriesEpisodesListCall.data },
    { ...common, operationId: 'v1_download_series', method: 'GET', path: `${prefix}/series/{seriesId}/download`, summary: 'The season as a zip, streamed: each finished episode’s video and subtitle files per language (`E01 Title/es/…`).', access: 'read', params },
  ];
}
