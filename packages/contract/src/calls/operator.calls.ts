import { z } from 'zod';
import { defineCall } from '../call.ts';

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
      count: z.number().int().min(1).max(10_000),
      points: z.number().int().min(0).max(10_000_000),
      planId: z.enum(['pro', 'business']).optional(),
      vipDays: z.number().int().min(0).max(3660).optional(),
      maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
      perUserLimit: z.number().int().min(1).max(1000).optional(),
      expiresAt: z.iso.datetime({ offset: true }).optional(),
      note: z.string().max(500).optional(),
      code: z.string().min(4).max(64).optional(),
    })
    .strict(),
  data: z.object({ batchId: z.string(), codes: z.array(giftCodeSchema) }),
});

export const giftCodesListCall = defineCall({
  path: '/api/operator/giftCodes/list',
  summary: 'List gift codes, optionally of one batch.',
  tag: 'operator',
  access: 'operator',
  body: z.object({ batchId: z.string().max(64).optional() }).strict(),
  data: z.object({ codes: z.array(giftCodeSchema) }),
});

export const giftCodesDisableCall = defineCall({
  path: '/api/operator/giftCodes/disable',
  summary: 'Disable gift codes by code or by batch.',
  tag: 'operator',
  access: 'operator',
  body: z
    .object({ codes: z.array(z.string().min(4).max(64)).max(10_000).optional(), batchId: z.string().max(64).optional() })
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
      userId: z.string().min(1).max(128),
      points: z.number().int().min(-10_000_000).max(10_000_000).refine((value) => value !== 0, 'must not be 0'),
      reason: z.string().min(3).max(500),
      requestId: z.string().min(8).max(100),
    })
    .strict(),
  data: z.object({ availablePoint: z.number().int(), freezePoint: z.number().int(), duplicate: z.boolean() }),
});
