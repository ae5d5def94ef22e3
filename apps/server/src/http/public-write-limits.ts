import { isIP } from 'node:net';
import { feedbackCreateCall, logCreateCall, type CallDefinition } from '@voxwork/contract';
import type { RateLimiter, RateLimitRule } from '@voxwork/core';
import type { FastifyRequest } from 'fastify';
import { resolveClientAddress } from '../analytics/client-address.ts';
import { createCachedTokenUsers } from '../auth/request-user.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { RateLimitCheck } from './contract.plugin.ts';

type Setting = { limit: number; windowSeconds: number } | null;

/** A write anyone may send: counted per client address, and per user when a valid token comes with it. */
export interface PublicWriteLimit {
  perIp: RateLimitRule | undefined;
  perUser: RateLimitRule | undefined;
}

const rule = (name: string, setting: Setting): RateLimitRule | undefined => (setting ? { name, ...setting } : undefined);

/**
 * The public writes and their limits (issue 20, decision 022): analytics events (`POST /log` and
 * `/api/log/create` share one budget) and feedback. Every other `public` call only reads.
 */
export function publicWriteLimits(config: Pick<Config, 'RATE_LIMIT_EVENTS_PER_IP' | 'RATE_LIMIT_EVENTS_PER_USER' | 'RATE_LIMIT_FEEDBACK_PER_IP' | 'RATE_LIMIT_FEEDBACK_PER_USER'>) {
  return {
    events: { perIp: rule('events:ip', config.RATE_LIMIT_EVENTS_PER_IP), perUser: rule('events:user', config.RATE_LIMIT_EVENTS_PER_USER) },
    feedback: { perIp: rule('feedback:ip', config.RATE_LIMIT_FEEDBACK_PER_IP), perUser: rule('feedback:user', config.RATE_LIMIT_FEEDBACK_PER_USER) },
  } satisfies Record<string, PublicWriteLimit>;
}

/**
 * The subject an address is counted under: an IPv4 address itself, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single v6 addresses would not limit anyone).
 */
export function addressSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Enforces a public write's limits for one request: the address first (no lookup of the token for
 * a refused flood), then the user of a valid bearer token, if any (token answers cached for 30 s,
 * as analytics attribution does). Throws TOO_MANY_REQUESTS (HTTP 429 with Retry-After at the edge).
 */
export function createPublicWriteGuard(options: { limiter: RateLimiter; services: Pick<Services, 'authenticate' | 'analytics'> }) {
  const { limiter, services } = options;
  const userOfToken = createCachedTokenUsers(services.authenticate);
  return async (limit: PublicWriteLimit, request: FastifyRequest, caller: { token: string | undefined; userId?: string | undefined }) => {
    if (limit.perIp) {
      const address = resolveClientAddress(services.analytics.trustedProxies, request.socket.remoteAddress, request.headers['x-forwarded-for']);
      await limiter.enforce(limit.perIp, addressSubject(address.ip));
    }
    if (!limit.perUser) return;
    const userId = caller.userId ?? (await userOfToken(caller.token));
    if (userId) await limiter.enforce(limit.perUser, userId);
  };
}

export type PublicWriteGuard = ReturnType<typeof createPublicWriteGuard>;

/** The contract calls that are public writes, by path, with the limit each one counts against. */
export function publicWriteCalls(limits: ReturnType<typeof publicWriteLimits>): ReadonlyMap<string, PublicWriteLimit> {
  const calls: [CallDefinition, PublicWriteLimit][] = [
    [logCreateCall, limits.events],
    [feedbackCreateCall, limits.feedback],
  ];
  return new Map(calls.map(([call, limit]) => [call.path, limit]));
}

/** The contract plugin's `rateLimitFor`: public writes count against their limits; other calls have none. */
export function contractRateLimit(config: Parameters<typeof publicWriteLimits>[0], services: Pick<Services, 'authenticate' | 'analytics' | 'rateLimiter'>) {
  const calls = publicWriteCalls(publicWriteLimits(config));
  const guard = createPublicWriteGuard({ limiter: services.rateLimiter, services });
  return (definition: CallDefinition): RateLimitCheck | undefined => {
    const limit = calls.get(definition.path);
    if (!limit) return undefined;
    return (request, caller) => guard(limit, request, { token: caller.token, userId: caller.user?.id });
  };
}
