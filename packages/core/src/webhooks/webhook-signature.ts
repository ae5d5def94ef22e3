import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@voxwork/contract';

/** A new endpoint signing secret: `whsec_` and 32 random bytes in base64url. */
export function generateWebhookSecret(random: (size: number) => Uint8Array = randomBytes): string {
  return `${WEBHOOK_SECRET_PREFIX}${Buffer.from(random(32)).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `"<t>.<body>"` with the endpoint's secret (the whole `whsec_…` string is the key). */
export function webhookSignatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The `Voxwork-Signature` header: `t=<unix seconds>,v1=<hex>`. */
export function webhookSignatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${webhookSignatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does with `Voxwork-Signature` (here for tests and the docs' example): the
 * signature must match the raw body and the timestamp must be within `toleranceSeconds` of now
 * (a replayed old delivery is refused).
 */
export function verifyWebhookSignature(header: string | undefined, body: string, secret: string, options: { toleranceSeconds?: number; now?: number } = {}): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(webhookSignatureOf(secret, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
