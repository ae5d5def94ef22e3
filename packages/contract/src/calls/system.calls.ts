import { z } from 'zod';
import { defineCall } from '../call.ts';
import { identifier, integer } from '../input-schemas.ts';
import { jobErrorSchema } from '../job-error.ts';

export const jobStatusSchema = z.enum(['queued', 'running', 'paused', 'completed', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobStageViewSchema = z.object({
  name: z.string(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  progress: z.number().min(0).max(100),
  attempts: z.number().int(),
  output: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed: the catalogue code and params, and the message in the caller's `Accept-Language` (en or zh). */
  error: jobErrorSchema.nullable(),
});

export const jobViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string().nullable(),
  status: jobStatusSchema,
  /** Queued behind the owner's other jobs: the plan's `concurrentJobs` are all in use (decision 023). */
  waitingForSlot: z.boolean(),
  progress: z.number().min(0).max(100),
  currentStage: z.string().nullable(),
  stages: z.array(jobStageViewSchema),
  /** Points: estimated before the run, frozen on acceptance, charged on success (0 when refunded). */
  cost: z.object({ estimated: z.number().int(), frozen: z.number().int(), settled: z.number().int().nullable() }),
  attempts: z.number().int(),
  completions: z.number().int(),
  input: z.record(z.string(), z.unknown()),
  output: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed: the catalogue code and params, and the message in the caller's `Accept-Language` (en or zh). */
  error: jobErrorSchema.nullable(),
  /** Result files of a completed job, with links that work for an hour (`downloadUrl` saves under the job's title). */
  media: z.array(
    z.object({
      name: z.string(),
      role: z.enum(['audio', 'video', 'subtitles', 'image', 'data']),
      contentType: z.string(),
      bytes: z.number().int(),
      durationSeconds: z.number().nullable(),
      url: z.string(),
      downloadUrl: z.string(),
    }),
  ),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export const systemTimeCall = defineCall({
  path: '/api/system/time',
  summary: "The server's clock, so a client whose timestamp was rejected can correct its offset.",
  tag: 'system',
  access: 'public',
  body: z.object({}).strict(),
  data: z.object({ serverTime: z.number().int() }),
});

export const selfCheckCreateCall = defineCall({
  path: '/api/system/selfCheck/create',
  summary:
    'Queue a media self-check job: the worker renders a test tone with ffmpeg in real time for the given duration, ' +
    'encodes it and measures its loudness. Proves that the queue, the worker and ffmpeg work end to end.',
  tag: 'system',
  access: 'operator',
  body: z
    .object({
      durationSeconds: integer(1, 600),
      frequencyHz: integer(20, 20000).default(440),
      /** Output sample rate; MP3 supports 8–48 kHz, so higher rates make the encode stage fail (a real failure for tests). */
      sampleRate: integer(8000, 96000).optional(),
      /** Run it on behalf of a user (support diagnostics): the job shows in their history. */
      ownerId: identifier({ max: 128 }).optional(),
      /** Points to freeze for it (needs ownerId); settled on success, released on failure. */
      cost: integer(0, 1_000_000).optional(),
    })
    .strict(),
  data: z.object({ jobId: z.string() }),
});

export const selfCheckGetCall = defineCall({
  path: '/api/system/selfCheck/get',
  summary: 'State, progress and result of a self-check job.',
  tag: 'system',
  access: 'operator',
  body: z.object({ jobId: z.uuid() }).strict(),
  data: jobViewSchema,
});
