import { z } from 'zod';
import { defineCall } from '../call.ts';
import { decimal, singleLineText } from '../input-schemas.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';
import { subtitleTrackChoiceSchema } from './subtitle-track.schema.ts';

/** Most regions one run erases (found and drawn together). */
export const MAX_ERASURE_REGIONS = 200;
/** Length of the preview, in seconds. */
export const ERASURE_PREVIEW_SECONDS = 10;

/** How masked pixels are filled: `best` (neighbouring frames, then inpainting), `inpaint` (inpainting only), `fast` (ffmpeg delogo). */
export const erasureFillSchema = z.enum(['best', 'inpaint', 'fast']);
/** What the automatic mode looks for: subtitle lines only, or every text on screen. */
export const erasureDetectionSchema = z.enum(['subtitles', 'all-text']);

/**
 * A rectangle to erase, in pixels of the video's picture, over a time range (both ends absent: the
 * whole video, e.g. a watermark). `text` regions (found by the detector) may erase only the text's
 * own pixels inside the rectangle; `area` regions erase the whole rectangle.
 */
export const erasureRegionSchema = z
  .object({
    x: decimal(0, 16_384),
    y: decimal(0, 16_384),
    width: decimal(1, 16_384),
    height: decimal(1, 16_384),
    startSeconds: decimal(0, 86_400).optional(),
    endSeconds: decimal(0, 86_400).optional(),
    kind: z.enum(['text', 'area']).default('area'),
    /** What the detector read there (shown in the list; not used to erase). */
    text: singleLineText({ max: 300 }).optional(),
  })
  .strict();

export type ErasureRegion = z.infer<typeof erasureRegionSchema>;

export const videoErasureOptionsCall = defineCall({
  path: '/api/video-erasure/options',
  summary: 'Video erasure: the price per started minute and the plan’s longest video.',
  tag: 'video-erasure',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ pricePerMinute: z.number().int(), maxVideoMinutes: z.number(), previewSeconds: z.number() }),
});

export const videoErasureDetectCall = defineCall({
  path: '/api/video-erasure/detect',
  summary: 'Video erasure: finds burned-in subtitles (or every text) in an uploaded video, as a free job whose result lists the regions with their time ranges.',
  tag: 'video-erasure',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      detection: erasureDetectionSchema.default('subtitles'),
      /** With `subtitles`: find only this track (a `subtitleTracks` box of an earlier detect result); the result lists every candidate track. */
      subtitleTrack: subtitleTrackChoiceSchema.optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string() }),
});

const runBody = {
  uploadId: z.uuid(),
  regions: z.array(erasureRegionSchema).max(MAX_ERASURE_REGIONS),
  fill: erasureFillSchema.default('best'),
};

export const videoErasurePreviewCall = defineCall({
  path: '/api/video-erasure/preview',
  summary: 'Video erasure: a free 10-second preview (the masks drawn on the original beside the erased picture) and the cost of the whole video.',
  tag: 'video-erasure',
  access: 'user',
  body: z.object({ ...runBody, startSeconds: decimal(0, 86_400).optional() }).strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

export const videoErasureCreateCall = defineCall({
  path: '/api/video-erasure/create',
  summary: 'Video erasure: erases the regions from the whole video (automatic mode with no regions finds them first); points per started minute.',
  tag: 'video-erasure',
  access: 'user',
  body: z
    .object({
      ...runBody,
      /** `automatic` with no regions: the job finds the text itself (`detection`) and erases all of it. */
      mode: z.enum(['automatic', 'regions']).default('regions'),
      detection: erasureDetectionSchema.default('subtitles'),
      /** Automatic mode with `subtitles`: erase only this track (a `subtitleTracks` box of a detect result). */
      subtitleTrack: subtitleTrackChoiceSchema.optional(),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

/** The REST v1 create (`POST /api/v1/tools/video-erasure/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const videoErasureApiJob = {
  call: videoErasureCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, regions: [], mode: 'automatic', detection: 'subtitles', fill: 'best' },
  summaryZh: '创建视频擦除任务（uploadId 为视频上传）：mode 为 automatic 且不给区域时，任务自己找出字幕或文字再擦除。按开始的分钟数冻结积分，成功后扣除。需要可读写的密钥，且范围中包含 video-erasure。',
} satisfies ApiJobDefinition;

/** The video-erasure calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const videoErasureCalls = [videoErasureOptionsCall, videoErasureDetectCall, videoErasurePreviewCall, videoErasureCreateCall] as const;
