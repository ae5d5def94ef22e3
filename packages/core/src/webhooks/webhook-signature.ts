import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@voxwork/contract';

/** A new endpoint signing secret: `whsec_` and 32 random bytes in base64url. */
export function generateWebhookSecret(random: (size: number) => Uint8Array = randomBytes): string {
  return `${WEBHOOK_SECRET_PREFIX}${Buffer.from(random(32)).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `"<t>.<body>"` with the endpoint's secret (the whole `whsec_…` string is the key). Receivers check it with `verifyWebhookSignature` from `@voxwork/client`. */
export function webhookSignatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The `Voxwork-Signature` header: `t=<unix seconds>,v1=<hex>`. */
export function webhookSignatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${webhookSignatureOf(secret, timestamp, body)}`;
}
