import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  DUBBING_EDITIONS,
  MAX_DUBBING_LANGUAGES,
  MAX_DUBBING_OPS,
  MAX_DUBBING_SEGMENTS,
  dubbingCharacterSchema,
  dubbingEditionSchema,
  dubbingIdSchema,
  dubbingOpSchema,
  dubbingSegmentSchema,
} from '../dubbing/dubbing-model.ts';
import { integer, singleLineText } from '../input-schemas.ts';
import { subtitleFileReadSchema, subtitleFileSchema } from './subtitle-file.schema.ts';
import { languageTagSchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';

// Dubbing studio and dubbing pro: projects edited line by line. Preparing a project (source text,
// characters, the background) and exporting it are free; translating and speaking segments cost
// points, quoted before they run.

const project = z.object({ projectId: z.uuid() }).strict();
const engineOffer = z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string() });

export const dubbingOptionsCall = defineCall({
  path: '/api/dubbing/options',
  summary: 'Dubbing: where a project’s source text can come from, which translation pairs work (offline or with a remote engine), voice languages, prices, plan limits, and the finished video translations that can be opened as projects.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({
    recognizers: z.array(engineOffer.extend({ languages: z.array(z.string()) })),
    textReaders: z.array(engineOffer.extend({ languages: z.array(z.string()) })),
    translators: z.array(engineOffer.extend({ pairs: z.array(z.object({ source: z.string(), target: z.string() })) })),
    /** `en → es`, …: pairs that translate without a remote engine. */
    offlinePairs: z.array(z.string()),
    voiceLanguages: z.array(z.string()),
    /** Points per 1,000 characters translated (local engines; remote ×3) and spoken (the voice's tier applied). */
    prices: z.object({ translationPer1000Characters: z.number().int(), synthesisPer1000Characters: z.number().int() }),
    maxMediaMinutes: z.number(),
    maxLanguages: z.object({ studio: z.number().int(), pro: z.number().int() }),
    /** Finished video translations of this user that can be opened in the editor. */
    translations: z.array(z.object({ jobId: z.string(), title: z.string().nullable(), sourceLanguage: z.string(), targetLanguages: z.array(z.string()), durationSeconds: z.number(), finishedAt: z.string() })),
  }),
});

export const dubbingProjectSummarySchema = z.object({
  id: z.string(),
  edition: dubbingEditionSchema,
  title: z.string(),
  status: z.enum(['preparing', 'ready', 'failed']),
  mediaKind: z.enum(['video', 'audio']),
  durationMs: z.number().int(),
  posterUrl: z.string().nullable(),
  sourceLanguage: z.string(),
  targetLanguages: z.array(z.string()),
  segmentCount: z.number().int(),
  updatedAt: z.string(),
});
export type DubbingProjectSummary = z.infer<typeof dubbingProjectSummarySchema>;

export const dubbingProjectSchema = dubbingProjectSummarySchema.extend({
  /** The preparation job (progress while `preparing`), and why it failed. */
  prepareJobId: z.string().nullable(),
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
  origin: z.object({ kind: z.enum(['upload', 'video-translation']), jobId: z.string().nullable() }),
  media: z.object({
    url: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** The original soundtrack's peaks (0–255, `WAVEFORM_PEAKS_PER_SECOND` per second), a binary file of bytes. */
    peaksUrl: z.string().nullable(),
    /** The background without the voices, and the original voices alone. */
    backgroundUrl: z.string().nullable(),
    dialogueUrl: z.string().nullable(),
  }),
  /** Every settings edit raises it (characters, glossary, pronunciations, languages). */
  settingsRevision: z.number().int(),
  /** Every applied edit raises it. */
  revision: z.number().int(),
  characters: z.array(dubbingCharacterSchema),
  glossary: z.array(z.object({ source: z.string(), target: z.string() })),
  pronunciations: z.array(z.object({ language: z.string(), term: z.string(), replacement: z.string() })),
  segments: z.array(dubbingSegmentSchema),
  /** Translate, synthesis and export jobs of the project still running. */
  activeJobs: z.array(z.object({ jobId: z.string(), type: z.string(), language: z.string().nullable() })),
});
export type DubbingProject = z.infer<typeof dubbingProjectSchema>;

export const dubbingProjectListCall = defineCall({
  path: '/api/dubbing/projects/list',
  summary: 'Dubbing: the user’s projects of an edition, most recently edited first.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ edition: dubbingEditionSchema }).strict(),
  data: z.object({ projects: z.array(dubbingProjectSummarySchema) }),
});

export const dubbingProjectCreateCall = defineCall({
  path: '/api/dubbing/projects/create',
  summary: 'Dubbing: a new project from an uploaded video or audio (its lines, characters and background are prepared by a free job) or from a finished video translation (its lines, translations, speakers and takes are taken over).',
  tag: 'dubbing',
  access: 'user',
  body: z
    .object({
      edition: dubbingEditionSchema,
      title: displayName(120, { allowEmpty: true }).optional(),
      from: z.discriminatedUnion('kind', [
        z
          .object({
            kind: z.literal('upload'),
            uploadId: z.uuid(),
            sourceLanguage: languageTagSchema,
            textSource: z.enum(['auto', 'speech', 'subtitles', 'subtitle-file', 'none']).default('auto'),
            subtitleFile: subtitleFileSchema.optional(),
            /** How many people speak, when known. */
            speakers: integer(1, 10).optional(),
          })
          .strict(),
        z.object({ kind: z.literal('video-translation'), jobId: z.uuid() }).strict(),
      ]),
      /** Studio: one; pro: up to `MAX_DUBBING_LANGUAGES` (a translation opened brings its own). */
      targetLanguages: z.array(languageTagSchema).min(1).max(MAX_DUBBING_LANGUAGES),
    })
    .strict(),
  data: z.object({
    projectId: z.string(),
    prepareJobId: z.string().nullable(),
    /** When the source text is a subtitle file: the encoding read and the cues left out. */
    subtitleFile: subtitleFileReadSchema.optional(),
    /** What the person should know about the project made, in English and Chinese: a target language no engine here translates into (its translations are typed by hand). */
    notices: z.array(z.object({ en: z.string(), zh: z.string() })),
  }),
});

export const dubbingProjectGetCall = defineCall({
  path: '/api/dubbing/projects/get',
  summary: 'Dubbing: a whole project (media, characters, glossary, every segment with its takes, revisions, running jobs).',
  tag: 'dubbing',
  access: 'user',
  body: project,
  data: dubbingProjectSchema,
});

/** What the editor polls: the revisions and the running jobs, without the segments (it reads the whole project only when a revision moved). */
export const dubbingProjectStateSchema = z.object({
  settingsRevision: z.number().int(),
  revision: z.number().int(),
  activeJobs: z.array(z.object({ jobId: z.string(), type: z.string(), language: z.string().nullable() })),
});
export type DubbingProjectState = z.infer<typeof dubbingProjectStateSchema>;

export const dubbingProjectStateCall = defineCall({
  path: '/api/dubbing/projects/state',
  summary: 'Dubbing: a project’s revisions and running jobs (a cheap poll; read the project when a revision moved).',
  tag: 'dubbing',
  access: 'user',
  body: project,
  data: dubbingProjectStateSchema,
});

export const dubbingProjectRenameCall = defineCall({
  path: '/api/dubbing/projects/rename',
  summary: 'Dubbing: renames a project.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ projectId: z.uuid(), title: displayName(120) }).strict(),
  data: dubbingProjectSummarySchema,
});

export const dubbingProjectDuplicateCall = defineCall({
  path: '/api/dubbing/projects/duplicate',
  summary: 'Dubbing: a copy of a project (segments, characters, takes; the copy shares the media files).',
  tag: 'dubbing',
  access: 'user',
  body: project,
  data: dubbingProjectSummarySchema,
});

export const dubbingProjectDeleteCall = defineCall({
  path: '/api/dubbing/projects/delete',
  summary: 'Dubbing: deletes a project, its versions and the files no other project uses.',
  tag: 'dubbing',
  access: 'user',
  body: project,
  data: z.object({ deleted: z.boolean() }),
});

export const dubbingEditCall = defineCall({
  path: '/api/dubbing/edit',
  summary: 'Dubbing: applies a batch of edits atomically when every segment it touches is at the revision the editor saw; otherwise answers with the conflicts and applies nothing. A batch applied before (same batchId) is answered again, never applied twice.',
  tag: 'dubbing',
  access: 'user',
  body: z
    .object({
      projectId: z.uuid(),
      /** Chosen by the editor per batch: a replay after a lost answer is recognised. */
      batchId: z.uuid(),
      ops: z.array(dubbingOpSchema).min(1).max(MAX_DUBBING_OPS),
      /** Apply over newer revisions (the user chose "keep mine" after a conflict). */
      force: z.boolean().default(false),
    })
    .strict(),
  data: z.object({
    applied: z.boolean(),
    /** True when this batch had been applied before. */
    replayed: z.boolean(),
    revision: z.number().int(),
    settingsRevision: z.number().int(),
    /** Each touched segment's revision after the batch (deleted ones: null). */
    segments: z.array(z.object({ id: z.string(), revision: z.number().int().nullable() })),
    /** When not applied: the segments (and settings) someone else changed, as they are now (null: deleted). */
    conflicts: z.array(z.object({ segmentId: z.string().nullable(), current: dubbingSegmentSchema.nullable() })),
  }),
});

export const dubbingVersionListCall = defineCall({
  path: '/api/dubbing/versions/list',
  summary: 'Dubbing: the saved versions of a project (made automatically as it is edited, before every restore and before each translate or synthesis run), newest first.',
  tag: 'dubbing',
  access: 'user',
  body: project,
  data: z.object({ versions: z.array(z.object({ id: z.string(), createdAt: z.string(), reason: z.enum(['autosave', 'before-restore', 'before-translate', 'before-synthesis', 'created']), segmentCount: z.number().int(), revision: z.number().int() })) }),
});

export const dubbingVersionRestoreCall = defineCall({
  path: '/api/dubbing/versions/restore',
  summary: 'Dubbing: restores a saved version (the current state is saved as a version first, so a restore can be undone).',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ projectId: z.uuid(), versionId: z.uuid() }).strict(),
  data: dubbingProjectSchema,
});

/** Which segments an action takes: all of the language, the ones changed since they were spoken, or a selection. */
const segmentSelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('changed') }).strict(),
  z.object({ kind: z.literal('selected'), segmentIds: z.array(dubbingIdSchema).min(1).max(MAX_DUBBING_SEGMENTS) }).strict(),
]);

const translateBody = z
  .object({
    projectId: z.uuid(),
    language: languageTagSchema,
    /** `changed` here: segments without a translation yet. */
    segments: segmentSelection,
    translatorId: singleLineText({ max: 64, trim: true }).optional(),
  })
  .strict();
const quote = z.object({ segments: z.number().int(), characters: z.number().int(), cost: z.number().int(), translatorId: z.string().optional() });

export const dubbingTranslateQuoteCall = defineCall({
  path: '/api/dubbing/translate/quote',
  summary: 'Dubbing: what translating these segments costs (points) and which engine would translate, before it runs.',
  tag: 'dubbing',
  access: 'user',
  body: translateBody,
  data: quote,
});

export const dubbingTranslateCall = defineCall({
  path: '/api/dubbing/translate',
  summary: 'Dubbing: translates the source text of these segments into a target language (points per 1,000 characters, charged for what was translated).',
  tag: 'dubbing',
  access: 'user',
  body: translateBody,
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

const synthesizeBody = z.object({ projectId: z.uuid(), language: languageTagSchema, segments: segmentSelection }).strict();

export const dubbingSynthesizeQuoteCall = defineCall({
  path: '/api/dubbing/synthesize/quote',
  summary: 'Dubbing: what speaking these segments costs (points, the voices’ tiers applied), before it runs.',
  tag: 'dubbing',
  access: 'user',
  body: synthesizeBody,
  data: quote,
});

export const dubbingSynthesizeCall = defineCall({
  path: '/api/dubbing/synthesize',
  summary: 'Dubbing: speaks these segments with their characters’ voices (points per 1,000 characters, charged for the segments spoken).',
  tag: 'dubbing',
  access: 'user',
  body: synthesizeBody,
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

export const dubbingRecordCall = defineCall({
  path: '/api/dubbing/record',
  summary: 'Dubbing: makes an uploaded recording a segment’s take (silence trimmed, level evened). Free.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ projectId: z.uuid(), segmentId: dubbingIdSchema, language: languageTagSchema, uploadId: z.uuid() }).strict(),
  data: dubbingSegmentSchema,
});

export const DUBBING_EXPORT_FORMATS = ['video', 'audio', 'stems', 'subtitles', 'project'] as const;

export const dubbingExportCall = defineCall({
  path: '/api/dubbing/export',
  summary: 'Dubbing: exports a language (free): the video (mp4), the dubbed audio, the dialogue and background stems, SRT/VTT, the project as JSON.',
  tag: 'dubbing',
  access: 'user',
  body: z
    .object({
      projectId: z.uuid(),
      languages: z.array(languageTagSchema).min(1).max(MAX_DUBBING_LANGUAGES),
      formats: z.array(z.enum(DUBBING_EXPORT_FORMATS)).min(1).max(DUBBING_EXPORT_FORMATS.length),
      /** Takes that run past their segment's end play over what follows (never cut). Without it, such takes refuse the export (7617) so they are not exported unseen. */
      allowOverlap: z.boolean().default(false),
    })
    .strict(),
  data: z.object({ jobId: z.string() }),
});

/** A cast bible: characters with their voices, the glossary and pronunciations of a series, applied to its next episode. */
export const dubbingCastSchema = z.object({
  id: z.string(),
  name: z.string(),
  characters: z.array(dubbingCharacterSchema),
  glossary: z.array(z.object({ source: z.string(), target: z.string() })),
  pronunciations: z.array(z.object({ language: z.string(), term: z.string(), replacement: z.string() })),
  updatedAt: z.string(),
});

export const dubbingCastListCall = defineCall({
  path: '/api/dubbing/casts/list',
  summary: 'Dubbing: the user’s cast bibles.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ casts: z.array(dubbingCastSchema) }),
});

export const dubbingCastSaveCall = defineCall({
  path: '/api/dubbing/casts/save',
  summary: 'Dubbing: saves a project’s characters, voices, glossary and pronunciations as a cast bible (a name already used is replaced).',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ projectId: z.uuid(), name: displayName(80) }).strict(),
  data: dubbingCastSchema,
});

export const dubbingCastApplyCall = defineCall({
  path: '/api/dubbing/casts/apply',
  summary: 'Dubbing: applies a cast bible to a project: characters matched by name (or by order of the original speakers) take its voices; its glossary and pronunciations are added.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ projectId: z.uuid(), castId: z.uuid() }).strict(),
  data: dubbingProjectSchema,
});

export const dubbingCastDeleteCall = defineCall({
  path: '/api/dubbing/casts/delete',
  summary: 'Dubbing: deletes a cast bible.',
  tag: 'dubbing',
  access: 'user',
  body: z.object({ castId: z.uuid() }).strict(),
  data: z.object({ deleted: z.boolean() }),
});

export { DUBBING_EDITIONS };

/** The dubbing calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const dubbingCalls = [dubbingOptionsCall, dubbingProjectListCall, dubbingProjectCreateCall, dubbingProjectGetCall, dubbingProjectStateCall, dubbingProjectRenameCall, dubbingProjectDuplicateCall, dubbingProjectDeleteCall, dubbingEditCall, dubbingVersionListCall, dubbingVersionRestoreCall, dubbingTranslateQuoteCall, dubbingTranslateCall, dubbingSynthesizeQuoteCall, dubbingSynthesizeCall, dubbingRecordCall, dubbingExportCall, dubbingCastListCall, dubbingCastSaveCall, dubbingCastApplyCall, dubbingCastDeleteCall] as const;
