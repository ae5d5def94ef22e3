import { z } from 'zod';
import { defineCall } from '../call.ts';
import { identifier, integer } from '../input-schemas.ts';

export const uploadViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['video', 'audio', 'image']),
  mime: z.string(),
  bytes: z.number().int(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasAudio: z.boolean().nullable(),
  /** A short-lived link to the file (HTTP Range supported, so players can seek). */
  url: z.string(),
  createdAt: z.string(),
});
export type UploadView = z.infer<typeof uploadViewSchema>;

/** Where uploads go (raw routes beside the calls; they answer with the same envelope). */
export const UPLOAD_ROUTES = {
  /** Small files: `POST` as `multipart/form-data` (a file part), or body = the file (`application/octet-stream`) with `x-file-name` = percent-encoded name. */
  file: '/api/upload/file',
  /** Resumable uploads, tus 1.0 (creation, termination); metadata `filename`. */
  tus: '/api/upload/tus',
} as const;

export const uploadLimitsCall = defineCall({
  path: '/api/upload/limits',
  summary: "The signed-in user's upload limits from their plan: largest file, longest media, storage quota and use.",
  tag: 'uploads',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({
    maxBytes: z.number().int(),
    maxDurationSeconds: z.number().int(),
    quotaBytes: z.number().int(),
    usedBytes: z.number().int(),
    smallFileMaxBytes: z.number().int(),
  }),
});

export const uploadGetCall = defineCall({
  path: '/api/upload/get',
  summary: 'One upload of the signed-in user, with a fresh short-lived link.',
  tag: 'uploads',
  access: 'user',
  body: z.object({ uploadId: identifier({ max: 64 }) }).strict(),
  data: uploadViewSchema,
});

export const uploadListCall = defineCall({
  path: '/api/upload/list',
  summary: "The signed-in user's uploads, newest first.",
  tag: 'uploads',
  access: 'user',
  body: z.object({ pageNum: integer(1, 100_000).default(1), pageSize: integer(1, 100).default(20) }).strict(),
  data: z.object({ total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int(), list: z.array(uploadViewSchema) }),
});

export const uploadDeleteCall = defineCall({
  path: '/api/upload/delete',
  summary: 'Deletes one upload and its stored files.',
  tag: 'uploads',
  access: 'user',
  body: z.object({ uploadId: identifier({ max: 64 }) }).strict(),
  data: z.object({ deleted: z.boolean() }),
});
