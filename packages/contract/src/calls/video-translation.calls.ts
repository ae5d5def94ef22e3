import { z } from 'zod';
import { defineCall } from '../call.ts';
import { boundedRecord, decimal, identifier, integer, multiLineText, singleLineText } from '../input-schemas.ts';
import { subtitleFileReadSchema, subtitleFileSchema } from './subtitle-file.schema.ts';
import { languageTagSchema, voiceKeySchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';

/** Most target languages of one run (they share ingest and source text). */
export const MAX_TARGET_LANGUAGES = 5;

const engineOffer = z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string(), languages: z.array(z.string()) });

export const videoTranslationOptionsCall = defineCall({
  path: '/api/video-translation/options',
  summary: 'Video translation: where the source text can come from (speech recognisers, burned-in subtitle readers), which pairs translate and whether offline, the price per minute and the plan’s limits.',
  tag: 'video-translation',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({
    recognizers: z.array(engineOffer),
    /** How the background under the new voice is made: the local methods (chosen per video: centre cancellation or ducking), then separation engines. */
    separators: z.array(z.object({ id: z.string(), method: z.enum(['centre-cancel', 'duck', 'separator']), location: z.enum(['local', 'remote']), name: z.string(), description: z.string() })),
    textReaders: z.array(engineOffer),
    translators: z.array(z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string(), pairs: z.array(z.object({ source: z.string(), target: z.string() })) })),
    /** `en → es`, … : what works without a remote engine. */
    offlinePairs: z.array(z.string()),
    /** Languages some library voice speaks. */
    voiceLanguages: z.array(z.string()),
    pricePerMinute: z.number().int(),
    /** Per started minute and target language when only new subtitles are drawn (`output: 'subtitles'`): below the dub's. */
    subtitlesPricePerMinute: z.number().int(),
    maxVideoMinutes: z.number(),
    /** Runs per calendar month (-1 unlimited) and runs used this month. */
    monthlyLimit: z.number().int(),
    usedThisMonth: z.number().int(),
  }),
});

/**
 * A style picked for subtitles drawn over the picture's own (`subtitles: 'replace' | 'bilingual'`),
 * per target language; each field given replaces what was measured from the source lines:
 * `fontSize` the letters' height in pixels of the video's frame, `color` and `outlineColor`
 * (`#RRGGBB`; a trailing alpha pair is ignored), `marginBottom` the line's bottom at that share of
 * the frame's height above the bottom edge, centred, instead of where its source line was.
 */
export const drawnStyleSchema = z
  .object({
    fontSize: decimal(8, 200).optional(),
    color: singleLineText({ max: 9 }).regex(/^#[0-9a-f]{6}([0-9a-f]{2})?$/i).optional(),
    outlineColor: singleLineText({ max: 9 }).regex(/^#[0-9a-f]{6}([0-9a-f]{2})?$/i).optional(),
    marginBottom: decimal(0, 0.5).optional(),
  })
  .strict();

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
      subtitleFile: subtitleFileSchema.optional(),
      /**
       * What language the subtitle file is in: `source` (default: what is said, translated by an
       * engine) or `translation` (already in the one target language: its lines are spoken as
       * they are, no translation engine is used, so a pair nothing here translates can still be dubbed).
       */
      subtitleFileLanguage: z.enum(['source', 'translation']).default('source'),
      /** Voice per target language; a language left out gets the best library voice that speaks it. */
      voices: boundedRecord(languageTagSchema, voiceKeySchema, MAX_TARGET_LANGUAGES).optional(),
      mode: z.enum(['quick', 'pro']).default('quick'),
      /** How many people speak, when you know: the voices are told apart into that many speakers (otherwise estimated). */
      speakers: integer(1, 10).optional(),
      /** The background under the new voice: `local` (offline: centre cancellation or ducking, chosen per video) or a separation engine from `options.separators`. */
      background: identifier({ max: 64 }).default('local'),
      glossary: z
        .array(z.object({ source: singleLineText({ min: 1, max: 200, trim: true }), target: singleLineText({ min: 1, max: 200, trim: true }) }).strict())
        .max(200)
        .optional(),
      /** Draw the translated subtitles into the picture (re-encodes the video; otherwise the picture is copied untouched). */
      burnSubtitles: z.boolean().default(false),
      /**
       * The subtitles burned into the source picture: `keep` them (default: today's behaviour),
       * `replace` them (the source lines are erased and the translation is drawn where they were, in
       * their measured style; other on-screen text stays) or `bilingual` (the original kept, the
       * translation drawn next to it). Replace and bilingual need the picture's lines: the source
       * of text is the burned-in subtitles or a subtitle file (whose placement is still read from the picture).
       */
      subtitles: z.enum(['keep', 'replace', 'bilingual']).default('keep'),
      /**
       * What comes back per language: `dub` (default: the dubbed video), `subtitles` (the original
       * voices and picture with the new subtitles drawn; priced below a dub) or `both` (the two videos).
       */
      output: z.enum(['dub', 'subtitles', 'both']).default('dub'),
      /** With `replace` or `bilingual`: a style per target language for the drawn subtitles (see `drawnStyleSchema`); languages left out keep the measured style. */
      subtitleStyles: boundedRecord(languageTagSchema, drawnStyleSchema, MAX_TARGET_LANGUAGES).optional(),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  /** `subtitleFile` when the source text is a subtitle file: the encoding read and the cues left out. */
  data: z.object({ jobId: z.string(), cost: z.number().int(), subtitleFile: subtitleFileReadSchema.optional() }),
});

// The review gate (pro mode): the job waits after every line is spoken and fitted; its owner edits
// lines, voices and the glossary, regenerates only what changed (points per line), then exports.

const reviewJob = z.object({ jobId: z.uuid() }).strict();
/** Most speakers told apart in one video (a hint above it is refused). */
export const MAX_SPEAKERS = 10;
/** A speaker of a video (`s1`, `s2`, …). */
const speakerIdSchema = identifier({ max: 8 });
/** A line's text as a person writes it in the review table. */
const reviewText = multiLineText({ min: 1, max: 1000, trim: true });
/** How a line sits in its slot (`time-fit.ts`): `overlaps` is a too-long line its owner let play over the next one. */
const fitStatus = z.enum(['fits', 'borrowed', 'sped-up', 'overrun', 'overlaps']);

/**
 * One speaker as measured from the soundtrack (`s1`, `s2`, … in order of first appearance): its
 * median pitch over its voiced frames (null when too little is voiced), the gender that pitch
 * suggests, its seconds of speech. What the review table shows and the voice choice starts from.
 */
export const speakerSummarySchema = z.object({ speakerId: z.string(), medianPitchHz: z.number().nullable(), suggestedGender: z.enum(['female', 'male']).nullable(), totalSeconds: z.number() });
export type SpeakerSummary = z.infer<typeof speakerSummarySchema>;

export const videoTranslationReviewSchema = z.object({
  jobId: z.string(),
  sourceLanguage: z.string(),
  durationSeconds: z.number(),
  /** Points per line spoken again, before the voice's tier multiplier. */
  pricePerLine: z.number().int(),
  glossary: z.array(z.object({ source: z.string(), target: z.string() })),
  lines: z.array(z.object({ id: z.string(), startSeconds: z.number(), endSeconds: z.number(), source: z.string(), sourceEdited: z.boolean(), speakerId: z.string() })),
  /** Who speaks, as measured from the soundtrack (`s1`, `s2`, … in order of first appearance). */
  speakers: z.array(speakerSummarySchema),
  targets: z.array(
    z.object({
      language: z.string(),
      /** The voice asked for (`match-original` for the original speaker) and the one it was last spoken with. */
      voiceKey: z.string(),
      /** The library or cloned voice of the language (the fallback while the original speaker is matched). */
      libraryVoiceKey: z.string(),
      /** Each speaker's voice: asked (`match-original`, a voice key, or `auto`: chosen to suit a further speaker) and the library voice that spoke. */
      speakers: z.array(z.object({ speakerId: z.string(), voiceKey: z.string(), spokenVoiceKey: z.string().nullable() })),
      translatorId: z.string(),
      /** The voice track as placed (each line at its dub time), to listen before export. */
      previewUrl: z.string().nullable(),
      /** Points per line of this language (the voice's tier applied). */
      pricePerLine: z.number().int(),
      lines: z.array(
        z.object({
          id: z.string(),
          translation: z.string(),
          edited: z.boolean(),
          /** Changed since it was spoken: regenerating speaks it again. */
          pending: z.boolean(),
          fit: fitStatus.nullable(),
          /** Seconds it runs past its slot even at the highest speed (0 when it fits; null until placed). */
          overrunSeconds: z.number().nullable(),
          /** The fix its owner chose when it was too long: the whole pause after it, or over the next line (null: the rules). */
          fitChoice: z.enum(['borrow', 'overlap']).nullable(),
          speed: z.number().nullable(),
          dubStartSeconds: z.number().nullable(),
          dubEndSeconds: z.number().nullable(),
          /** The line drawn on its frame (the erased picture when the subtitles are replaced), as it will be rendered: a JPEG; null when nothing is drawn. */
          stillUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** Lines changed since they were spoken, and what speaking them again costs. */
  pending: z.object({ lines: z.number().int(), cost: z.number().int() }),
});
export type VideoTranslationReview = z.infer<typeof videoTranslationReviewSchema>;

export const videoTranslationReviewCall = defineCall({
  path: '/api/video-translation/review',
  summary: 'Video translation, pro: the review table of a job waiting at its review gate (lines, translations, fit, voices, pending changes and their cost).',
  tag: 'video-translation',
  access: 'user',
  body: reviewJob,
  data: videoTranslationReviewSchema,
});

export const videoTranslationReviewSaveCall = defineCall({
  path: '/api/video-translation/review/save',
  summary: 'Video translation, pro: saves edits at the review gate (free): line texts (an edited source is translated again unless its translation is given), voices per language, the glossary (lines it touches are translated again).',
  tag: 'video-translation',
  access: 'user',
  body: z
    .object({
      jobId: z.uuid(),
      lines: z
        .array(
          z
            .object({
              /** A line id of the review table (`l0001`); an id the job does not have is refused (7012). */
              id: identifier({ max: 16 }),
              source: reviewText.optional(),
              translations: boundedRecord(languageTagSchema, reviewText, MAX_TARGET_LANGUAGES).optional(),
            })
            .strict(),
        )
        .max(5000)
        .optional(),
      voices: boundedRecord(languageTagSchema, voiceKeySchema, MAX_TARGET_LANGUAGES).optional(),
      /** A voice per speaker of a language (`{ es: { s2: 'espeak:espeak-ng/es+m3' } }`). */
      speakerVoices: boundedRecord(languageTagSchema, boundedRecord(speakerIdSchema, voiceKeySchema, MAX_SPEAKERS), MAX_TARGET_LANGUAGES).optional(),
      /** Who speaks what: merge a speaker into another; move a line to another speaker, or (no speaker) to a new one. */
      speakers: z
        .object({
          merges: z.array(z.object({ from: speakerIdSchema, into: speakerIdSchema }).strict()).max(MAX_SPEAKERS).optional(),
          moves: z.array(z.object({ lineId: identifier({ max: 16 }), speakerId: speakerIdSchema.optional() }).strict()).max(5000).optional(),
        })
        .strict()
        .optional(),
      glossary: z
        .array(z.object({ source: singleLineText({ min: 1, max: 200, trim: true }), target: singleLineText({ min: 1, max: 200, trim: true }) }).strict())
        .max(200)
        .optional(),
    })
    .strict(),
  data: videoTranslationReviewSchema,
});

export const videoTranslationRegenerateCall = defineCall({
  path: '/api/video-translation/review/regenerate',
  summary: 'Video translation, pro: speaks again only the lines changed since they were spoken (points per line, frozen now and charged with the job), then the job waits at the review gate again.',
  tag: 'video-translation',
  access: 'user',
  body: reviewJob,
  data: z.object({ lines: z.number().int(), cost: z.number().int() }),
});

export const videoTranslationFitCall = defineCall({
  path: '/api/video-translation/review/fit',
  summary:
    'Video translation, pro: how a line too long for its slot is placed (free, nothing spoken again): `borrow` the whole pause after it, `overlap` the next line, or `auto` (up to 1.3×, then the next line waits). The job places the lines again and waits at the review gate again.',
  tag: 'video-translation',
  access: 'user',
  body: z.object({ jobId: z.uuid(), language: languageTagSchema, lineId: identifier({ max: 16 }), choice: z.enum(['auto', 'borrow', 'overlap']) }).strict(),
  data: z.object({ jobId: z.string() }),
});

export const videoTranslationApproveCall = defineCall({
  path: '/api/video-translation/review/approve',
  summary: 'Video translation, pro: ends the review; the job mixes, muxes and delivers the videos. Refused while edited lines are not spoken yet.',
  tag: 'video-translation',
  access: 'user',
  body: reviewJob,
  data: z.object({ jobId: z.string() }),
});

/** The REST v1 create (`POST /api/v1/tools/video-translation/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const videoTranslationApiJob = {
  call: videoTranslationCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'auto', mode: 'quick' },
  summaryZh: '创建视频翻译任务（uploadId 为视频上传，请求体与工作台相同）：按开始的分钟数和目标语言数冻结积分，成功后扣除；套餐的每月视频翻译次数同样适用。需要可读写的密钥，且范围中包含 video-translation。',
} satisfies ApiJobDefinition;

/** The video-translation calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const videoTranslationCalls = [videoTranslationOptionsCall, videoTranslationCreateCall, videoTranslationReviewCall, videoTranslationReviewSaveCall, videoTranslationRegenerateCall, videoTranslationFitCall, videoTranslationApproveCall] as const;
