import type { IncomingHttpHeaders } from 'node:http';
import type { Services } from '../services.ts';

/**
 * The signed-in user of a raw (non-contract) request, by its bearer token, as the calls check it.
 * Undefined when there is no valid token or the account is disabled.
 */
export async function userFromHeaders(services: Services, headers: IncomingHttpHeaders | Headers): Promise<string | undefined> {
  const authorization = headers instanceof Headers ? headers.get('authorization') : headers.authorization;
  if (!authorization || !/^Bearer\s+\S+/i.test(authorization)) return undefined;
  const user = await services.authenticate(authorization.replace(/^Bearer\s+/i, '').trim());
  return user && !user.disabled ? user.id : undefined;
}

/** The bearer token of raw request headers, if any. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (!authorization || !/^Bearer\s+\S+/i.test(authorization)) return undefined;
  return authorization.replace(/^Bearer\s+/i, '').trim();
}

/**
 * Token → user id (undefined when unknown, expired or disabled), remembered for `ttlMs`: analytics
 * events arrive many per page, and attributing one a few seconds after a sign-out is harmless,
 * while a database round trip per event is not. Bounded: the oldest answers go first.
 */
export function createCachedTokenUsers(authenticate: Services['authenticate'], options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { userId: string | undefined; until: number }>();
  return async (token: string | undefined): Promise<string | undefined> => {
    if (!token) return undefined;
    const known = answers.get(token);
    if (known && known.until > now()) return known.userId;
    const user = await authenticate(token);
    const userId = user && !user.disabled ? user.id : undefined;
    answers.delete(token);
    if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
    answers.set(token, { userId, until: now() + ttlMs });
    return userId;
  };
}
