import { z } from 'zod';
import { defineCall } from '../call.ts';
import { singleLineText } from '../input-schemas.ts';
import { jobStatusSchema, jobViewSchema } from './system.calls.ts';

/** A share token: 32 random bytes, base64url. Calls accept any short string and answer 2101 for a bad one. */
const token = singleLineText({ min: 1, max: 200, trim: true });

export const shareLinkViewSchema = z.object({
  token: z.string(),
  jobId: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The public page, locale-neutral: `/share?token=…` (prefix `/zh` for Chinese). */
  path: z.string(),
});
export type ShareLinkView = z.infer<typeof shareLinkViewSchema>;

/** What anyone holding the link sees: the result and nothing about its owner or inputs. */
export const sharedJobViewSchema = z.object({
  title: z.string().nullable(),
  type: z.string(),
  status: jobStatusSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The job's result files (same shape as a job view's `media`), with links that stop working when the link is revoked. */
  media: jobViewSchema.shape.media,
});
export type SharedJobView = z.infer<typeof sharedJobViewSchema>;

/** Active links of one job at most; revoke one to make another. */
export const SHARE_LINKS_PER_JOB = 10;

export const shareCreateCall = defineCall({
  path: '/api/share/create',
  summary: 'Create a public link to one of the caller’s finished jobs (its output files, read-only).',
  tag: 'share',
  access: 'user',
  body: z.object({ jobId: z.uuid() }).strict(),
  data: shareLinkViewSchema,
});

export const shareListCall = defineCall({
  path: '/api/share/list',
  summary: 'The active public links of one of the caller’s jobs, newest first.',
  tag: 'share',
  access: 'user',
  body: z.object({ jobId: z.uuid() }).strict(),
  data: z.object({ list: z.array(shareLinkViewSchema) }),
});

export const shareRevokeCall = defineCall({
  path: '/api/share/revoke',
  summary: 'Revoke one of the caller’s public links; it stops working at once.',
  tag: 'share',
  access: 'user',
  body: z.object({ token }).strict(),
  data: z.object({ ok: z.literal(true) }),
});

export const shareGetCall = defineCall({
  path: '/api/share/get',
  summary: 'The public view of a shared job: title, type, dates and its output files with short-lived links. Unknown or revoked tokens answer 2101.',
  tag: 'share',
  access: 'public',
  body: z.object({ token }).strict(),
  data: sharedJobViewSchema,
});

/** `GET /api/share/media/{token}/{index}?expires=…&sig=…[&download=name]`: a shared output file (Range supported). */
export const SHARE_MEDIA_PATH = '/api/share/media';
