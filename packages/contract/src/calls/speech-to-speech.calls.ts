import { z } from 'zod';
import { defineCall } from '../call.ts';
import { voiceKeySchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';
import { EXAMPLE_UPLOAD_ID, type ApiJobDefinition } from '../public-api/api-job.ts';

/** The calls of speech to speech (tool `speech-to-speech`). */

export const speechToSpeechCreateCall = defineCall({
  path: '/api/speech-to-speech/create',
  summary: 'Speech to speech: converts an uploaded recording to a target voice, keeping its timing; points per minute.',
  tag: 'speech',
  access: 'user',
  body: z
    .object({
      uploadId: z.uuid(),
      voiceKey: voiceKeySchema,
      denoise: z.boolean().default(false),
      keepBackground: z.boolean().default(false),
      format: z.enum(['mp3', 'wav']).default('mp3'),
      title: displayName(120, { allowEmpty: true }).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string(), cost: z.number().int() }),
});

/** The REST v1 create (`POST /api/v1/tools/speech-to-speech/jobs`, `public-api/api-job.ts`) takes this call's body. It starts from a file: upload it first (`POST /api/v1/uploads`), then pass its id. */
export const speechToSpeechApiJob = {
  call: speechToSpeechCreateCall,
  example: { uploadId: EXAMPLE_UPLOAD_ID, voiceKey: 'espeak:espeak-ng/en-us+f3', format: 'mp3' },
  summaryZh: '创建语音转语音任务（uploadId 来自上传接口）：积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 speech-to-speech。',
} satisfies ApiJobDefinition;

/** The speech-to-speech calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const speechToSpeechCalls = [speechToSpeechCreateCall] as const;
