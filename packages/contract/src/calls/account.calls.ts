import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dateTime, identifier, integer, singleLineText } from '../input-schemas.ts';
import { POINT_ENTRY_TYPES } from '../points.ts';

const comboDetailSchema = z.object({
  pointsPerMonth: z.number().int(),
  maxVideoMinutesPerJob: z.number().int(),
  voiceCloneSlots: z.number().int(),
  concurrentJobs: z.number().int(),
  waitingJobs: z.number().int(),
  uploadSizeMb: z.number().int(),
  imageLimits: z.object({ maxSide: z.number().int(), maxPixels: z.number().int() }),
  videoFrameLimits: z.object({ maxSide: z.number().int(), maxPixels: z.number().int() }),
  storageQuotaMb: z.number().int(),
  maxTtsCharacters: z.number().int(),
  watermarkFree: z.boolean(),
  queuePriority: z.number().int(),
  retentionDays: z.number().int(),
});

export const accountInfoSchema = z.object({
  userId: z.string(),
  planId: z.enum(['free', 'pro', 'business']),
  vipLevel: z.number().int(),
  status: z.enum(['active', 'disabled']),
  totalPoint: z.number().int(),
  availablePoint: z.number().int(),
  freezePoint: z.number().int(),
  expireTime: z.string().nullable(),
  comboDetail: comboDetailSchema,
  vtUseLimit: z.number().int(),
  vtUsed: z.number().int(),
});
export type AccountInfoView = z.infer<typeof accountInfoSchema>;

/** `POST /bill/userAccount/getUserAccount {userId}` (spec §7): plan and points of the signed-in user. */
export const getUserAccountCall = defineCall({
  path: '/bill/userAccount/getUserAccount',
  summary: 'Plan, points and limits of the signed-in user. `userId` must be the caller.',
  tag: 'account',
  access: 'user',
  body: z.object({ userId: identifier({ max: 128 }) }).strict(),
  data: accountInfoSchema,
});

export const pointEntrySchema = z.object({
  id: z.string(),
  type: z.enum(POINT_ENTRY_TYPES),
  /** Change of available points (negative when spent or frozen). */
  availableDelta: z.number().int(),
  /** Change of frozen points. */
  freezeDelta: z.number().int(),
  availableAfter: z.number().int(),
  freezeAfter: z.number().int(),
  jobId: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * The job the entry was for, as it is now: its type, its title (the file's name unless renamed)
   * and its edition (`quick` or `pro` for a video translation); null without a job or once deleted.
   */
  job: z.object({ type: z.string(), title: z.string().nullable(), mode: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});

/** `POST /bill/point/consume/pageList` (spec §7): the points history, newest first. */
export const pointPageListCall = defineCall({
  path: '/bill/point/consume/pageList',
  summary: 'A page of the points ledger of the signed-in user, newest first, filtered by type and date.',
  tag: 'account',
  access: 'user',
  body: z
    .object({
      pageNum: integer(1, 100_000).default(1),
      pageSize: integer(1, 100).default(20),
      types: z.array(z.enum(POINT_ENTRY_TYPES)).max(POINT_ENTRY_TYPES.length).optional(),
      /** ISO date-time, inclusive. */
      startTime: dateTime().optional(),
      /** ISO date-time, exclusive. */
      endTime: dateTime().optional(),
    })
    .strict(),
  data: z.object({ total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int(), list: z.array(pointEntrySchema) }),
});

/** `POST /bill/userAccount/redeemCode {redeemCode}` (spec §7): answered raw (codes 0, 11048, 11049, 11053, 11058). */
export const redeemCodeCall = defineCall({
  path: '/bill/userAccount/redeemCode',
  summary: 'Redeem a gift code. Errors come back as the raw codes 11048 (unknown), 11049 (used), 11053 (expired), 11058 (per-user limit).',
  tag: 'account',
  access: 'user',
  body: z.object({ redeemCode: singleLineText({ min: 1, max: 64, trim: true }) }).strict(),
  data: z.object({ code: z.string(), points: z.number().int(), vipDays: z.number().int(), planId: z.string().nullable(), expireTime: z.string().nullable() }),
});

export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int().nullable(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
  enforced: z.boolean(),
});

export const passwordPolicyCall = defineCall({
  path: '/api/account/passwordPolicy',
  summary: 'The password policy the server enforces (spec §5).',
  tag: 'account',
  access: 'public',
  body: z.object({}).strict(),
  data: passwordPolicySchema,
});

export const authProvidersCall = defineCall({
  path: '/api/account/providers',
  summary: 'Sign-in providers configured on this server (only these show a button).',
  tag: 'account',
  access: 'public',
  body: z.object({}).strict(),
  data: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(['social', 'oidc']) })) }),
});
