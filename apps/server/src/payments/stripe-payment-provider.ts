import { InvalidWebhookError, type PaymentEvent, type PaymentProvider } from '@voxwork/core';
import Stripe from 'stripe';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local replay server in tests), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

/**
 * Stripe Checkout: a one-off payment Checkout Session per order (plans are prepaid periods), and
 * the signed webhook (`Stripe-Signature`) as the only source of truth for payment.
 */
export function createStripePaymentProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });

  return {
    id: 'stripe',
    async createCheckout({ order, title, customerEmail, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: title } } }],
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: `checkout:${order.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { url: session.url, providerRef: session.id };
    },
    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, Array.isArray(signature) ? signature[0]! : (signature ?? ''), options.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
      }
      if (!event.type.startsWith('checkout.session.')) return { eventId: event.id, type: 'ignored', orderId: null };
      const session = event.data.object as Stripe.Checkout.Session;
      const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
      const outcome: PaymentEvent['type'] =
        (event.type === 'checkout.session.completed' && session.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded'
          ? 'paid'
          : event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : event.type === 'checkout.session.expired'
              ? 'cancelled'
              : 'ignored';
      return { eventId: event.id, type: outcome, orderId, reason: event.type };
    },
  };
}
