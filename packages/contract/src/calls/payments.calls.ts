import { z } from 'zod';
import { defineCall } from '../call.ts';
import { identifier } from '../input-schemas.ts';

export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(['plan', 'points']),
  productId: z.string(),
  currency: z.enum(['USD', 'CNY']),
  amount: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
  provider: z.enum(['sandbox', 'stripe']),
  fulfilment: z.object({ points: z.number().int(), planId: z.string().nullable(), expireTime: z.string().nullable() }).nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderSchema>;

export const checkoutCreateCall = defineCall({
  path: '/api/payments/checkout/create',
  summary: 'Start a checkout for a plan period (`pro:month`, `business:year`, …) or a point pack (`points-5000`, …). Returns the page to send the user to.',
  tag: 'payments',
  access: 'user',
  body: z
    .object({
      productId: identifier({ max: 64 }).regex(/^(pro|business):(month|year)$|^points-\d+$/),
      currency: z.enum(['USD', 'CNY']).default('USD'),
    })
    .strict(),
  data: z.object({ orderId: z.string(), checkoutUrl: z.string(), provider: z.enum(['sandbox', 'stripe']) }),
});

export const orderGetCall = defineCall({
  path: '/api/payments/order/get',
  summary: "State of one of the caller's orders (the page after checkout polls it until it settles).",
  tag: 'payments',
  access: 'user',
  body: z.object({ orderId: z.uuid() }).strict(),
  data: orderSchema,
});

export const orderListCall = defineCall({
  path: '/api/payments/order/list',
  summary: "The caller's recent orders, newest first.",
  tag: 'payments',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ orders: z.array(orderSchema) }),
});
