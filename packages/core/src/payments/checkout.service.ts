import { ErrorCode, planById, POINT_PACKS, type Currency } from '@voxwork/contract';
import type { BillingRepository, OrderRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.port.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The price and effect of a product id, from the one plan catalogue. */
export function resolveProduct(productId: string, currency: Currency) {
  const pack = POINT_PACKS.find((candidate) => candidate.id === productId);
  if (pack) return { kind: 'points' as const, amount: pack.prices[currency], points: pack.points, planId: null, days: 0 };
  const [planId, period] = productId.split(':');
  if ((planId === 'pro' || planId === 'business') && (period === 'month' || period === 'year')) {
    const plan = planById(planId);
    return {
      kind: 'plan' as const,
      amount: plan.prices![period][currency],
      points: plan.comboDetail.pointsPerMonth,
      planId: planId as 'pro' | 'business',
      days: period === 'month' ? 30 : 365,
    };
  }
  throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'productId', reason: 'invalid_value' });
}

/**
 * Checkout and fulfilment. Plans are prepaid periods (a month or a year, no automatic renewal);
 * point packs are one-off. Fulfilment runs once per order whatever the number of webhook
 * deliveries: the event id is recorded, the order row is locked, and the ledger entry is keyed by
 * the order id — all in one transaction.
 */
export function createCheckoutService({ billing, provider, now = () => new Date() }: { billing: BillingRepository; provider: PaymentProvider; now?: () => Date }) {
  async function fulfil(orderId: string): Promise<OrderRow> {
    return billing.transaction(async ({ billing: tx, points }) => {
      const order = await tx.lockOrder(orderId);
      if (!order) throw new DomainError(ErrorCode.ORDER_NOT_FOUND);
      if (order.status === 'paid') return order;
      const product = resolveProduct(order.productId, order.currency);
      const account = await points.lockAccount(order.userId);
      if (!account) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
      const entry = await points.applyEntry({
        userId: order.userId,
        type: 'purchase',
        availableDelta: product.points,
        idempotencyKey: `purchase:${order.id}`,
        reference: order.id,
        reason: order.productId,
      });
      if (!entry) throw new Error(`could not credit order ${order.id}`);
      let expireTime: string | null = null;
      if (product.kind === 'plan' && product.planId) {
        const plan = planById(product.planId);
        const at = now();
        const activeSame = account.planId === plan.id && account.expireTime && account.expireTime > at;
        const base = activeSame ? account.expireTime! : at;
        const end = new Date(base.getTime() + product.days * DAY_MS);
        // A higher plan that is still running keeps its level; the purchase extends its end.
        const keepHigher = account.vipLevel > plan.vipLevel && account.expireTime && account.expireTime > at;
        await points.updatePlan(order.userId, {
          planId: keepHigher ? account.planId : plan.id,
          vipLevel: keepHigher ? account.vipLevel : plan.vipLevel,
          expireTime: keepHigher && account.expireTime! > end ? account.expireTime : end,
        });
        expireTime = end.toISOString();
      }
      await tx.markPaid(order.id, { points: product.points, planId: product.planId, expireTime });
      return (await tx.findOrder(order.id))!;
    });
  }

  return {
    async createCheckout(input: { userId: string; email: string | null; productId: string; currency: Currency; title: string; returnUrl: (orderId: string) => string }) {
      const product = resolveProduct(input.productId, input.currency);
      const order = await billing.insertOrder({
        userId: input.userId,
        kind: product.kind,
        productId: input.productId,
        currency: input.currency,
        amount: product.amount,
        provider: provider.id,
      });
      const { url, providerRef } = await provider.createCheckout({
        order,
        title: input.title,
        customerEmail: input.email,
        successUrl: input.returnUrl(order.id),
        cancelUrl: input.returnUrl(order.id),
      });
      await billing.setProviderRef(order.id, providerRef);
      return { orderId: order.id, checkoutUrl: url };
    },

    async getOrder(userId: string, orderId: string): Promise<OrderRow> {
      const order = await billing.findOrder(orderId);
      if (!order || order.userId !== userId) throw new DomainError(ErrorCode.ORDER_NOT_FOUND);
      return order;
    },

    listOrders: (userId: string) => billing.listOrders(userId),

    /** Applies a verified provider event once; a duplicate delivery returns without doing anything. */
    async handleEvent(event: PaymentEvent): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (event.type === 'ignored' || !event.orderId) return 'ignored';
      const order = await billing.findOrder(event.orderId);
      if (!order) return 'ignored';
      if (event.type === 'paid') await fulfil(order.id);
      else await billing.markClosed(order.id, event.type, event.reason ?? event.type);
      // Recorded after success: a delivery that failed midway is processed again on retry (fulfilment is idempotent).
      return (await billing.recordEvent({ provider: provider.id, eventId: event.eventId, type: event.type, orderId: order.id })) ? 'processed' : 'duplicate';
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
