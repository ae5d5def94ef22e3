import { z } from 'zod';
import { defineCall } from '../call.ts';
import { languageTagSchema, voiceViewSchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';

/** The calls of voice cloning (tool `voice-cloning`): check a recording, then clone, rename, delete. */

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

export const voiceCloningCheckCall = defineCall({
  path: '/api/voice-cloning/check',
  summary: 'Quality checks of a recording before cloning: length (10 s – 3 min), clipping, loudness, share of speech.',
  tag: 'voices',
  access: 'user',
  body: z.object({ uploadId: z.uuid() }).strict(),
  data: recordingCheckSchema,
});

export const voiceCloningCreateCall = defineCall({
  path: '/api/voice-cloning/create',
  summary: 'Clone a voice from a checked recording (consent required): takes a voice slot, freezes the points, analyses it in a job.',
  tag: 'voices',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      name: displayName(40),
      language: languageTagSchema,
      consent: z.boolean(),
    })
    .strict(),
  data: z.object({ voice: voiceViewSchema, jobId: z.string(), cost: z.number().int() }),
});

export const voiceCloningRenameCall = defineCall({
  path: '/api/voice-cloning/rename',
  summary: 'Rename one of the caller’s cloned voices.',
  tag: 'voices',
  access: 'user',
  body: z.object({ id: z.uuid(), name: displayName(40) }).strict(),
  data: voiceViewSchema,
});

export const voiceCloningDeleteCall = defineCall({
  path: '/api/voice-cloning/delete',
  summary: 'Delete one of the caller’s cloned voices (its recording, preview and remote clone too); frees the slot.',
  tag: 'voices',
  access: 'user',
  body: z.object({ id: z.uuid() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

/** The REST v1 create (`POST /api/v1/tools/voice-cloning/jobs`, `public-api/api-job.ts`) takes this call's body. A clone takes a voice slot; its recording goes through the same checks as in the workbench (consent required). */
export const voiceCloningApiJob = {
  call: voiceCloningCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, name: 'Shop voice', language: 'en', consent: true },
  summaryZh: '克隆一个声音（uploadId 为录音上传，consent 必须为 true）：录音要通过与工作台相同的检查，占用一个声音名额，积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 voice-cloning。',
} satisfies ApiJobDefinition;

/** The voice-cloning calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const voiceCloningCalls = [voiceCloningCheckCall, voiceCloningCreateCall, voiceCloningRenameCall, voiceCloningDeleteCall] as const;
