import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { RateLimitCount, RateLimitHit } from '@voxwork/db';
import type { RateLimitStore } from './rate-limit-store.port.ts';

/** A limit: at most `limit` hits per sliding window of `windowSeconds`, per subject (an IP, a user). */
export interface RateLimitRule {
  /** Names the counter (`{name}:{subject}`): rules with the same name share one budget. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: whole seconds until a hit of the same cost would be allowed (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
}

/** How many keys a process remembers (refusals, leases) before it forgets the oldest. */
const MEMORY_SIZE = 10_000;
/** How often a process that counts also deletes counters whose windows are over. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Most hits one statement carries. */
const BATCH_SIZE = 100;

/**
 * Hits a process takes from the database at once for a busy key and hands out locally: 1 (every
 * hit counted in the database) below 100 a window, else 5 % of the limit, at most 100. A replica
 * holds at most this many unused hits of a key, so with R replicas a client may be refused up to
 * R × lease hits early — never let through late.
 */
export function leaseSize(rule: Pick<RateLimitRule, 'limit'>): number {
  return rule.limit < 100 ? 1 : Math.min(100, Math.floor(rule.limit / 20));
}

/**
 * The one rate limiter: sliding-window counters (the current fixed window plus the previous one,
 * weighted by its overlap) kept in the database by `store`, decided atomically per round trip, so
 * every replica shares the same budget. Refused hits are not counted: a client that waits the
 * `Retry-After` it was given gets through.
 *
 * Cheap enough for the analytics hot path: a busy key takes a small lease of hits per round trip
 * (`leaseSize`), concurrent hits of one key in a process wait for one round trip instead of racing
 * for the same row, and a refusal is remembered in the process until its Retry-After, so a flood
 * from one address costs no round trips at all. Hits on different keys that arrive while a
 * statement is out go together in the next one (one statement at a time per process, up to 100
 * keys: no timer, no wait when idle). Expired counters are deleted by a process that counts, at
 * most every ten minutes, in the background.
 */
export function createRateLimiter(options: {
  store: RateLimitStore;
  now?: () => number;
  /**
   * The store failed (the database is unreachable): the hit is let through — a rate limit must not
   * take the service down with its database — and the error reported here.
   */
  onStoreError?: (error: unknown) => void;
  onSweepError?: (error: unknown) => void;
}) {
  const now = options.now ?? Date.now;
  const refusedUntil = new Map<string, number>();
  const leases = new Map<string, { windowIndex: number; remaining: number }>();
  const inFlight = new Map<string, Promise<unknown>>();
  let lastSweep = now();
  const pending: { hit: RateLimitHit; resolve: (count: RateLimitCount) => void; reject: (error: unknown) => void }[] = [];
  let sending = false;

  /** Queues a hit for the next statement; starts sending when nothing is out. */
  function storeHit(hit: RateLimitHit): Promise<RateLimitCount> {
    return new Promise((resolve, reject) => {
      pending.push({ hit, resolve, reject });
      if (!sending) void send();
    });
  }

  async function send() {
    sending = true;
    while (pending.length > 0) {
      // Distinct keys per statement (a key is in flight at most once anyway; a second waits its turn).
      const keys = new Set<string>();
      const batch: typeof pending = [];
      for (let index = 0; index < pending.length && batch.length < BATCH_SIZE; ) {
        const entry = pending[index]!;
        if (keys.has(entry.hit.key)) {
          index++;
          continue;
        }
        keys.add(entry.hit.key);
        batch.push(entry);
        pending.splice(index, 1);
      }
      try {
        const counts = await options.store.hitMany(batch.map((entry) => entry.hit));
        batch.forEach((entry, index) => entry.resolve(counts[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    sending = false;
  }

  function sweep(): Promise<number> {
    lastSweep = now();
    return options.store.deleteExpired(new Date(lastSweep));
  }

  /** Keeps a map within MEMORY_SIZE: drops entries `stale` says are over, then the oldest. */
  function makeRoom<V>(map: Map<string, V>, stale: (value: V) => boolean) {
    if (map.size < MEMORY_SIZE) return;
    for (const [key, value] of map) if (stale(value)) map.delete(key);
    for (const key of map.keys()) {
      if (map.size < MEMORY_SIZE) break;
      map.delete(key);
    }
  }

  async function countInStore(rule: RateLimitRule, key: string, cost: number, at: number): Promise<RateDecision> {
    const windowMs = rule.windowSeconds * 1000;
    const windowIndex = Math.floor(at / windowMs);
    const elapsedMs = at - windowIndex * windowMs;
    const hit = { key, windowIndex, previousWeight: 1 - elapsedMs / windowMs, limit: rule.limit, expiresAt: new Date((windowIndex + 2) * windowMs) };
    const lease = leaseSize(rule);
    if (lease > cost) {
      const leased = await storeHit({ ...hit, cost: lease });
      if (leased.allowed) {
        makeRoom(leases, (held) => held.windowIndex < windowIndex);
        leases.set(key, { windowIndex, remaining: lease - cost });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      // Not room for a lease: count this hit alone (a refused lease was not counted).
    }
    const counted = await storeHit({ ...hit, cost });
    if (counted.allowed) return { allowed: true, retryAfterSeconds: 0 };
    const waitMs = retryAfterMs({ limit: rule.limit, cost, count: counted.count, previousCount: counted.previousCount, windowMs, elapsedMs });
    makeRoom(refusedUntil, (until) => until <= at);
    refusedUntil.set(key, at + waitMs);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  async function consume(rule: RateLimitRule, subject: string, cost = 1): Promise<RateDecision> {
    const key = `${rule.name}:${subject}`;
    for (;;) {
      const at = now();
      const cachedUntil = refusedUntil.get(key);
      if (cachedUntil !== undefined) {
        if (cachedUntil > at) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cachedUntil - at) / 1000)) };
        refusedUntil.delete(key);
      }
      const held = leases.get(key);
      if (held && held.windowIndex === Math.floor(at / (rule.windowSeconds * 1000)) && held.remaining >= cost) {
        held.remaining -= cost;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      const pending = inFlight.get(key);
      if (pending) {
        // One round trip per key at a time: wait for it, then look at the lease or refusal it left.
        await pending.catch(() => undefined);
        continue;
      }
      leases.delete(key);
      if (at - lastSweep >= SWEEP_EVERY_MS) sweep().catch((error: unknown) => options.onSweepError?.(error));
      const counting = countInStore(rule, key, cost, at).catch((error: unknown): RateDecision => {
        options.onStoreError?.(error);
        return { allowed: true, retryAfterSeconds: 0 };
      });
      inFlight.set(key, counting);
      try {
        return await counting;
      } finally {
        inFlight.delete(key);
      }
    }
  }

  return {
    consume,

    /** Counts a hit, or throws TOO_MANY_REQUESTS with `seconds` (the edge adds `Retry-After` and HTTP 429). */
    async enforce(rule: RateLimitRule, subject: string, cost = 1): Promise<void> {
      const decision = await consume(rule, subject, cost);
      if (!decision.allowed) throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, { seconds: decision.retryAfterSeconds });
    },

    /** Deletes counters whose windows are over now (any replica may run it; it is idempotent). */
    sweep,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * How long until a hit of `cost` fits, assuming no other hits arrive: within this window once the
 * previous window's weight has shrunk enough, or else in the next window, where this window's
 * count becomes the previous one.
 */
export function retryAfterMs(state: { limit: number; cost: number; count: number; previousCount: number; windowMs: number; elapsedMs: number }): number {
  const { limit, cost, count, previousCount, windowMs, elapsedMs } = state;
  const toNextWindow = windowMs - elapsedMs;
  if (cost > limit) return toNextWindow + windowMs;
  const room = limit - count - cost;
  if (room >= 0 && previousCount > 0) {
    // previous × (1 − t / window) + count + cost ≤ limit  ⇔  t ≥ window × (1 − room / previous)
    return Math.max(0, windowMs * (1 - room / previousCount) - elapsedMs);
  }
  if (room >= 0) return 0;
  return toNextWindow + (count > 0 ? Math.max(0, windowMs * (1 - (limit - cost) / count)) : 0);
}
