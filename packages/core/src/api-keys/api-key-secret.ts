import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, apiKeyShownPrefix, isApiKeyShaped } from '@voxwork/contract';

/**
 * A new API key secret: `vx_live_` and 32 random bytes in base64url (256 bits: no search can find
 * one, so a plain SHA-256 is the right way to keep it, decision 037), the hash to store and the
 * prefix to show.
 */
export function generateApiKeySecret(random: (size: number) => Uint8Array = randomBytes): { secret: string; hash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${Buffer.from(random(32)).toString('base64url')}`;
  if (!isApiKeyShaped(secret)) throw new Error('generated API key has the wrong shape');
  return { secret, hash: hashApiKeySecret(secret), prefix: apiKeyShownPrefix(secret) };
}

/** The stored form of a secret: SHA-256, hex. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Key-sorted JSON: the same value always gives the same text (for request fingerprints). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a create request an idempotency key is bound to: the route and the validated body. */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256').update(`${route}\n${canonicalJson(body)}`, 'utf8').digest('hex');
}
