import type { OrderRow } from '@voxwork/db';

/** What a payment provider tells us about an order, from a verified webhook (or the sandbox's form). */
export interface PaymentEvent {
  /** Unique per provider: a repeated delivery carries the same id. */
  eventId: string;
  type: 'paid' | 'failed' | 'cancelled' | 'ignored';
  orderId: string | null;
  reason?: string;
}

export interface CheckoutRequest {
  order: OrderRow;
  title: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A payment provider adapter (Stripe, the built-in sandbox). */
export interface PaymentProvider {
  readonly id: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string }>;
  /** Verifies the signature and reads the event; throws `InvalidWebhookError` when it cannot be trusted. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent>;
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
