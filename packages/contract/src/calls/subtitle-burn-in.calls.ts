import { z } from 'zod';
import { defineCall } from '../call.ts';
import { identifier } from '../input-schemas.ts';
import { subtitleFileReadSchema, subtitleFileSchema } from './subtitle-file.schema.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';

const hexColour = identifier({ max: 7 }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #FFD400');

/** Text height as a share of the picture's shorter side, per size. */
export const BURN_IN_SIZES = { small: 0.045, medium: 0.055, large: 0.07 } as const;

/**
 * How the subtitles look in the picture: size, colours, an outline or a translucent box, top or
 * bottom, and at most how many lines a cue may take (longer lines are broken, CJK-aware; the file's
 * own line breaks are kept).
 */
export const burnInStyleSchema = z
  .object({
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    position: z.enum(['bottom', 'top']).default('bottom'),
    textColor: hexColour.default('#FFFFFF'),
    look: z.enum(['outline', 'box']).default('outline'),
    outlineColor: hexColour.default('#101010'),
    bold: z.boolean().default(false),
    maxLines: z.int().min(1).max(3).default(2),
  })
  .strict();

export type BurnInStyle = z.infer<typeof burnInStyleSchema>;

export const subtitleBurnInOptionsCall = defineCall({
  path: '/api/subtitle-burn-in/options',
  summary: 'Subtitle burn-in: the price per started minute and the plan’s longest video.',
  tag: 'subtitle-burn-in',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ pricePerMinute: z.number().int(), maxVideoMinutes: z.number() }),
});

export const subtitleBurnInCreateCall = defineCall({
  path: '/api/subtitle-burn-in/create',
  summary: 'Subtitle burn-in: draws an SRT, VTT or ASS file into an uploaded video in the chosen style (the audio is copied); points per started minute.',
  tag: 'subtitle-burn-in',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      subtitleFile: subtitleFileSchema,
      style: burnInStyleSchema.default(burnInStyleSchema.parse({})),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int(), lines: z.number().int(), linesAfterEnd: z.number().int(), subtitleFile: subtitleFileReadSchema }),
});

/** The REST v1 create (`POST /api/v1/tools/subtitle-burn-in/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const subtitleBurnInApiJob = {
  call: subtitleBurnInCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, subtitleFile: { name: 'captions.srt', text: '1\n00:00:00,500 --> 00:00:02,000\nTen percent off today\n' }, style: { size: 'medium', position: 'bottom' } },
  summaryZh: '创建字幕压制任务（uploadId 为视频上传，附 SRT、VTT 或 ASS 字幕文件）：积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 subtitle-burn-in。',
} satisfies ApiJobDefinition;

/** The subtitle-burn-in calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const subtitleBurnInCalls = [subtitleBurnInOptionsCall, subtitleBurnInCreateCall] as const;
