import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dateTime, identifier, integer, multiLineText, singleLineText } from '../input-schemas.ts';

const giftCodeSchema = z.object({
  code: z.string(),
  batchId: z.string(),
  points: z.number().int(),
  planId: z.string().nullable(),
  vipDays: z.number().int(),
  maxRedemptions: z.number().int(),
  redemptions: z.number().int(),
  perUserLimit: z.number().int(),
  expiresAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCodeView = z.infer<typeof giftCodeSchema>;

export const giftCodesCreateCall = defineCall({
  path: '/api/operator/giftCodes/create',
  summary: 'Create a batch of gift codes granting points and/or plan days.',
  tag: 'operator',
  access: 'operator',
  body: z
    .object({
      count: integer(1, 10_000),
      points: integer(0, 10_000_000),
      planId: z.enum(['pro', 'business']).optional(),
      vipDays: integer(0, 3660).optional(),
      maxRedemptions: integer(1, 1_000_000).optional(),
      perUserLimit: integer(1, 1000).optional(),
      expiresAt: dateTime().optional(),
      note: multiLineText({ max: 500 }).optional(),
      code: singleLineText({ min: 4, max: 64 }).optional(),
    })
    .strict(),
  data: z.object({ batchId: z.string(), codes: z.array(giftCodeSchema) }),
});

export const giftCodesListCall = defineCall({
  path: '/api/operator/giftCodes/list',
  summary: 'List gift codes, optionally of one batch.',
  tag: 'operator',
  access: 'operator',
  body: z.object({ batchId: identifier({ max: 64 }).optional() }).strict(),
  data: z.object({ codes: z.array(giftCodeSchema) }),
});

export const giftCodesDisableCall = defineCall({
  path: '/api/operator/giftCodes/disable',
  summary: 'Disable gift codes by code or by batch.',
  tag: 'operator',
  access: 'operator',
  body: z
    .object({ codes: z.array(singleLineText({ min: 4, max: 64 })).max(10_000).optional(), batchId: identifier({ max: 64 }).optional() })
    .strict()
    .refine((body) => Boolean(body.codes?.length) !== Boolean(body.batchId), { message: 'give codes or batchId', path: ['batchId'] }),
  data: z.object({ disabled: z.number().int() }),
});

export const pointsAdjustCall = defineCall({
  path: '/api/operator/points/adjust',
  summary: 'Grant (positive) or remove (negative) points of a user, with a reason; idempotent by requestId.',
  tag: 'operator',
  access: 'operator',
  body: z
    .object({
      userId: identifier({ max: 128 }),
      points: integer(-10_000_000, 10_000_000).refine((value) => value !== 0, 'must not be 0'),
      reason: multiLineText({ min: 3, max: 500 }),
      requestId: identifier({ min: 8, max: 100 }),
    })
    .strict(),
  data: z.object({ availablePoint: z.number().int(), freezePoint: z.number().int(), duplicate: z.boolean() }),
});
