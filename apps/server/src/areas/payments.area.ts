import { checkoutCreateCall, ErrorCode, orderGetCall, orderListCall, pickLocale, type OrderView } from '@voxwork/contract';
import { DomainError, InvalidWebhookError } from '@voxwork/core';
import type { OrderRow } from '@voxwork/db';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import type { Area } from './area.ts';

const orderView = (order: OrderRow): OrderView => ({
  id: order.id,
  kind: order.kind,
  productId: order.productId,
  currency: order.currency,
  amount: order.amount,
  status: order.status,
  provider: order.provider,
  fulfilment: order.fulfilment ?? null,
  failureReason: order.failureReason,
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
});

const userOf = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

const productTitle = (productId: string, locale: 'en' | 'zh') => {
  const [plan, period] = productId.split(':');
  if (period) {
    const name = plan === 'pro' ? 'Pro' : 'Business';
    return locale === 'zh' ? `Voxwork ${name} 会员（${period === 'month' ? '1 个月' : '1 年'}）` : `Voxwork ${name} plan (1 ${period})`;
  }
  const points = Number(productId.replace('points-', '')).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  return locale === 'zh' ? `${points} 积分包` : `${points} points pack`;
};

/** Checkout for plans and point packs, order state, provider webhooks and the sandbox's test-mode checkout page. */
export const paymentsArea: Area = {
  name: 'payments',
  calls: ({ services, config }) => [
    bindCall(checkoutCreateCall, async (body, context) => {
      const userId = userOf(context);
      const locale = pickLocale(context.request.headers['accept-language']);
      try {
        const result = await services.checkout.createCheckout({
          userId,
          email: context.user?.email ?? null,
          productId: body.productId,
          currency: body.currency,
          title: productTitle(body.productId, locale),
          returnUrl: (orderId) => `${config.publicUrl}${locale === 'zh' ? '/zh' : ''}/transfer-station/subscription-test?order=${orderId}`,
        });
        return { ...result, provider: services.paymentProvider.id };
      } catch (error) {
        if (error instanceof DomainError) throw error;
        context.request.log.error({ err: error }, 'checkout could not start');
        throw new DomainError(ErrorCode.PAYMENT_PROVIDER_ERROR, {}, { isRetryable: true, cause: error });
      }
    }),
    bindCall(orderGetCall, async (body, context) => orderView(await services.checkout.getOrder(userOf(context), body.orderId))),
    bindCall(orderListCall, async (_body, context) => ({ orders: (await services.checkout.listOrders(userOf(context))).map(orderView) })),
  ],
  routes: async (http, { services, log }) => {
    await http.register(async (scope) => {
      // Webhook signatures are computed over the exact bytes: keep the body raw.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
      scope.post<{ Params: { provider: string } }>('/api/payments/webhook/:provider', async (request, reply) => {
        if (request.params.provider !== services.paymentProvider.id) return sendError(request, reply, ErrorCode.CALL_NOT_FOUND, { status: 404, params: { path: request.url } });
        let event;
        try {
          event = await services.paymentProvider.parseWebhook(String(request.body ?? ''), request.headers);
        } catch (error) {
          if (error instanceof InvalidWebhookError) {
            request.log.warn({ err: error }, 'rejected payment webhook');
            return sendError(request, reply, ErrorCode.WEBHOOK_INVALID, { status: 400 });
          }
          throw error;
        }
        const outcome = await services.checkout.handleEvent(event);
        log.info({ provider: services.paymentProvider.id, eventId: event.eventId, orderId: event.orderId, type: event.type, outcome }, 'payment event');
        // The sandbox's page posts here as a browser form: send the tester back to the order page.
        if (services.paymentProvider.id === 'sandbox' && event.orderId) {
          const order = await services.billing.findOrder(event.orderId);
          const zh = pickLocale(request.headers['accept-language']) === 'zh';
          if (order) return reply.redirect(`${zh ? '/zh' : ''}/transfer-station/subscription-test?order=${order.id}`, 303);
        }
        return reply.send({ received: true, outcome });
      });
    });
    http.get<{ Querystring: { order?: string; signature?: string } }>('/api/payments/sandbox/checkout', async (request, reply) => {
      const { order: orderId = '', signature = '' } = request.query;
      const order = /^[0-9a-f-]{36}$/.test(orderId) && services.paymentProvider.id === 'sandbox' && services.sandbox.verifyView(orderId, signature) ? await services.billing.findOrder(orderId) : undefined;
      if (!order) return sendError(request, reply, ErrorCode.ORDER_NOT_FOUND, { status: 404 });
      const locale = order.currency === 'CNY' ? 'zh' : pickLocale(request.headers['accept-language']);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(services.sandbox.renderCheckout(order, productTitle(order.productId, locale), locale));
    });
  },
};
