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
