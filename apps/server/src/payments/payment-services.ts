import { createCheckoutService } from '@voxwork/core';
import { createBillingRepository, type DatabaseHandle } from '@voxwork/db';
import type { Config } from '../config.ts';
import { createSandboxPaymentProvider } from './sandbox-payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

/** The configured payment provider (Stripe when its keys are set, else the sandbox) and checkout. */
export function createPaymentServices({ database, config }: { database: DatabaseHandle; config: Config }) {
  const billing = createBillingRepository(database.db);
  const sandbox = createSandboxPaymentProvider({ secret: config.AUTH_SECRET, publicUrl: config.publicUrl });
  const provider =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE })
      : sandbox.provider;
  return { billing, sandbox, paymentProvider: provider, checkout: createCheckoutService({ billing, provider }) };
}
