import { z } from 'zod';
import { defineCall } from '../call.ts';
import { singleLineText } from '../input-schemas.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';

/** One way of separating a recording this server offers: a local engine or a configured remote one. */
export const audioSeparatorOfferSchema = z.object({
  /** Engine id (`rnnoise:rnnoise`, `elevenlabs:audio-isolation`). */
  id: z.string(),
  /** For people (English; the web shows its own text for the engines it knows). */
  name: z.string(),
  /** `remote`: the audio leaves this server for the vendor. */
  location: z.enum(['local', 'remote']),
  /** One honest line: what the voice stem and the background stem are with this engine. */
  description: z.string(),
  /** What the background stem is: the music and effects (`accompaniment`), or what a speech denoiser removed (`residual`). */
  background: z.enum(['accompaniment', 'residual']),
  /** Points per started minute with this engine. */
  pricePerMinute: z.number().int(),
});

export type AudioSeparatorOffer = z.infer<typeof audioSeparatorOfferSchema>;

export const audioSeparationOptionsCall = defineCall({
  path: '/api/audio-separation/options',
  summary: 'Audio separation: the separators set up here (local first, remote labelled), each with its price per started minute, and the plan’s longest file.',
  tag: 'audio-separation',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ separators: z.array(audioSeparatorOfferSchema), maxMinutes: z.number() }),
});

export const audioSeparationCreateCall = defineCall({
  path: '/api/audio-separation/create',
  summary: 'Audio separation: splits an uploaded recording (or a video’s first audio track) into a voice stem and a background stem, WAV and MP3; points per started minute.',
  tag: 'audio-separation',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      /** A separator id from the options call. */
      engineId: singleLineText({ max: 100 }),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

/** The REST v1 create (`POST /api/v1/tools/audio-separation/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const audioSeparationApiJob = {
  call: audioSeparationCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, engineId: 'rnnoise:rnnoise' },
  summaryZh: '创建人声分离任务（uploadId 来自上传接口）：积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 audio-separation。',
} satisfies ApiJobDefinition;

/** The audio-separation calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const audioSeparationCalls = [audioSeparationOptionsCall, audioSeparationCreateCall] as const;
