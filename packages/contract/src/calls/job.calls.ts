import { z } from 'zod';
import { defineCall } from '../call.ts';
import { identifier, integer } from '../input-schemas.ts';
import { jobStatusSchema, jobViewSchema } from './system.calls.ts';
import { displayName } from '../display-name.ts';

const jobId = z.uuid();
/** A job type (`text-to-speech.synthesize`) or stage name (`encode`). */
const name = identifier({ max: 64 });

/** The content history (spec: content-history): the caller's jobs, newest first. */
export const jobListCall = defineCall({
  path: '/api/jobs/list',
  summary: "A page of the caller's jobs (content history), newest first, filtered by tool and status.",
  tag: 'jobs',
  access: 'user',
  body: z
    .object({
      pageNum: integer(1, 100_000).default(1),
      pageSize: integer(1, 100).default(20),
      types: z.array(name).max(20).optional(),
      statuses: z.array(jobStatusSchema).max(6).optional(),
    })
    .strict(),
  data: z.object({ total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int(), list: z.array(jobViewSchema) }),
});

export const jobGetCall = defineCall({
  path: '/api/jobs/get',
  summary: 'One of the caller’s jobs, with its stages.',
  tag: 'jobs',
  access: 'user',
  body: z.object({ jobId }).strict(),
  data: jobViewSchema,
});

export const jobCancelCall = defineCall({
  path: '/api/jobs/cancel',
  summary: 'Cancel a queued or running job; its frozen points are refunded.',
  tag: 'jobs',
  access: 'user',
  body: z.object({ jobId }).strict(),
  data: jobViewSchema,
});

export const jobRenameCall = defineCall({
  path: '/api/jobs/rename',
  summary: 'Rename a job in the history.',
  tag: 'jobs',
  access: 'user',
  body: z.object({ jobId, title: displayName(120) }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const jobDeleteCall = defineCall({
  path: '/api/jobs/delete',
  summary: 'Delete a job and its files (a running job is cancelled first).',
  tag: 'jobs',
  access: 'user',
  body: z.object({ jobId }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const jobRerunStageCall = defineCall({
  path: '/api/jobs/rerunStage',
  summary: 'Run one stage of a finished job again, and every stage that depends on it; other stages keep their outputs.',
  tag: 'jobs',
  access: 'user',
  body: z.object({ jobId, stage: name }).strict(),
  data: jobViewSchema,
});

/** Server-sent events of `GET /api/jobs/events[?jobId=…]`: a snapshot on connect, then every change. */
export const jobEventSchema = z.object({
  jobId: z.string(),
  ownerId: z.string().nullable(),
  type: z.string(),
  status: jobStatusSchema,
  progress: z.number(),
  stage: z.string().nullable(),
});
export type JobEvent = z.infer<typeof jobEventSchema>;
export const JOB_EVENTS_PATH = '/api/jobs/events';
