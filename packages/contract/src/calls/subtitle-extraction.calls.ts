import { z } from 'zod';
import { defineCall } from '../call.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';
import { subtitleTrackChoiceSchema } from './subtitle-track.schema.ts';

/** The scripts of burned-in subtitles the tool reads: Chinese (Han) and English (Latin). */
export const SUBTITLE_SCRIPTS = ['zh', 'en'] as const;
export const subtitleScriptSchema = z.enum(SUBTITLE_SCRIPTS);
export type SubtitleScript = z.infer<typeof subtitleScriptSchema>;


const readerOffer = z.object({ id: z.string(), location: z.enum(['local', 'remote']), name: z.string(), languages: z.array(z.string()) });

export const subtitleExtractionOptionsCall = defineCall({
  path: '/api/subtitle-extraction/options',
  summary: 'Subtitle extraction: the readers of burned-in subtitles (OCR), the price per started minute and the plan’s longest video.',
  tag: 'subtitle-extraction',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ readers: z.array(readerOffer), pricePerMinute: z.number().int(), maxVideoMinutes: z.number() }),
});

export const subtitleExtractionCreateCall = defineCall({
  path: '/api/subtitle-extraction/create',
  summary: 'Subtitle extraction: reads the burned-in subtitles of an uploaded video (Chinese, English or both) into timed lines, SRT, VTT and a transcript; points per started minute.',
  tag: 'subtitle-extraction',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      /** Which scripts to read; a bilingual subtitle (a Chinese and an English row) gives a file per language too. */
      languages: z
        .array(subtitleScriptSchema)
        .min(1)
        .max(SUBTITLE_SCRIPTS.length)
        .refine((languages) => new Set(languages).size === languages.length, { message: 'each language once' })
        .default(['zh', 'en']),
      title: displayName(120, { allowEmpty: true }).optional(),
      /** Read only this track (a `subtitleTracks` box of an earlier result); absent: the dominant track and the rows shown with it. */
      subtitleTrack: subtitleTrackChoiceSchema.optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

/** The REST v1 create (`POST /api/v1/tools/subtitle-extraction/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const subtitleExtractionApiJob = {
  call: subtitleExtractionCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, languages: ['zh', 'en'] },
  summaryZh: '创建字幕提取任务（uploadId 为视频上传）：积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 subtitle-extraction。',
} satisfies ApiJobDefinition;

/** The subtitle-extraction calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const subtitleExtractionCalls = [subtitleExtractionOptionsCall, subtitleExtractionCreateCall] as const;
