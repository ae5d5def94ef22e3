import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a webhook receiver does with a delivery's `Voxwork-Signature` header
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint's whole
 * `whsec_…` secret): true when the signature matches the raw body (as received, before any JSON
 * parsing) and the timestamp is within `toleranceSeconds` (default 300) of now, so an old delivery
 * replayed by someone else is refused.
 */
export function verifyWebhookSignature(header: string | null | undefined, rawBody: string, secret: string, options: { toleranceSeconds?: number; now?: number } = {}): boolean {
  if (!header) return false;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
