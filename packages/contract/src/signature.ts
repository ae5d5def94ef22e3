import jsMd5 from 'js-md5';

/**
 * Request signing of spec §7: query `timestamp` (milliseconds since the epoch) and
 * `signature` = MD5(path + secret + timestamp), hex, lower case.
 * `path` is the call's path as declared in the contract (e.g. `/bill/userAccount/getUserAccount`),
 * without query string and without any base-URL prefix.
 *
 * The secret ships in the browser bundle, so this is an integrity and replay-window check,
 * not authentication: identity comes from the token.
 */
export function signPath(path: string, secret: string, timestamp: number | string, md5: Md5 = jsMd5.md5): string {
  return md5(`${path}${secret}${timestamp}`);
}

/** MD5 of a UTF-8 string as lower-case hex. js-md5 by default; the server passes Node's one-shot `hash('md5', …)`, several times cheaper per call. */
export type Md5 = (text: string) => string;

export const DEFAULT_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'invalid' | 'stale' };

export function verifySignature(input: {
  path: string;
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now: number;
  windowMs?: number;
  md5?: Md5;
}): SignatureCheck {
  const { path, secret, timestamp, signature, now } = input;
  if (!timestamp || !signature) return { ok: false, reason: 'missing' };
  if (!/^\d{10,16}$/.test(timestamp)) return { ok: false, reason: 'invalid' };
  if (!/^[0-9a-f]{32}$/i.test(signature) || !constantTimeEqual(signPath(path, secret, timestamp, input.md5), signature.toLowerCase())) {
    return { ok: false, reason: 'invalid' };
  }
  const windowMs = input.windowMs ?? DEFAULT_SIGNATURE_WINDOW_MS;
  if (Math.abs(now - Number(timestamp)) > windowMs) return { ok: false, reason: 'stale' };
  return { ok: true };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
