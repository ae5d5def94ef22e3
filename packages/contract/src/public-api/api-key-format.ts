/**
 * The shape of an API key secret (decision 037): `vx_live_` and 43 base64url characters (32 random
 * bytes). The prefix makes a leaked key recognisable (secret scanners, logs); the secret itself is
 * only ever stored as its SHA-256. Pure, so the web app can check a pasted key and show prefixes.
 */
export const API_KEY_PREFIX = 'vx_live_';

/** Characters of the random part: 32 bytes in base64url, no padding. */
export const API_KEY_SECRET_LENGTH = 43;

/** How much of a key the account page shows to tell keys apart (prefix + 4 characters of the secret). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_SECRET_LENGTH}}$`);

/** Whether `value` has the shape of an API key (says nothing about whether it exists). */
export function isApiKeyShaped(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/**
 * The API key of an `Authorization` header value (`Bearer vx_live_…`, the scheme in any case,
 * surrounding spaces ignored); undefined when there is none or it is not shaped like a key.
 */
export function apiKeyFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  return key && isApiKeyShaped(key) ? key : undefined;
}

/** Whether an `Authorization` header carries something meant as an API key (the `vx_` family), well-formed or not. */
export function looksLikeApiKeyAuthorization(header: string | undefined): boolean {
  return !!header && /^\s*Bearer\s+vx_/i.test(header);
}

/** The part of a key shown in lists: `vx_live_AbCd`. */
export function apiKeyShownPrefix(key: string): string {
  return key.slice(0, API_KEY_SHOWN_LENGTH);
}

/** Longest `Idempotency-Key` accepted (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Whether an `Idempotency-Key` header value is usable: 1–255 printable ASCII characters. */
export function isValidIdempotencyKey(value: string): boolean {
  return value.length >= 1 && value.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x21-\x7e]+$/.test(value);
}
