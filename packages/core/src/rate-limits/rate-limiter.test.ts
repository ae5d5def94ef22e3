import { ErrorCode } from '@voxwork/contract';
import type { RateLimitHit } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, leaseSize, retryAfterMs } from './rate-limiter.ts';

const rule = { name: 'test', limit: 10, windowSeconds: 60 };

describe('rate limiter', () => {
  it('waits exactly until the sliding estimate has room', () => {
    // 10 of 10 used this window, 30 s in: the next window must be 6 s old (10 × 0.9 + 1 ≤ 10).
    expect(retryAfterMs({ limit: 10, cost: 1, count: 10, previousCount: 0, windowMs: 60_000, elapsedMs: 30_000 })).toBe(36_000);
    // 8 of the previous window weigh 8 × (1 − t/60 s); with 2 used now, room for 1 once 8 × (1 − t/60) ≤ 7.
    expect(retryAfterMs({ limit: 10, cost: 1, count: 2, previousCount: 8, windowMs: 60_000, elapsedMs: 0 })).toBeCloseTo(7_500, 6);
    // A hit larger than the limit never fits: the end of the next window.
    expect(retryAfterMs({ limit: 10, cost: 11, count: 0, previousCount: 0, windowMs: 60_000, elapsedMs: 10_000 })).toBe(110_000);
  });

  it('leases only for busy limits, at most 100', () => {
    expect([10, 99, 100, 600, 10_000, 1_000_000].map((limit) => leaseSize({ limit }))).toEqual([1, 1, 5, 30, 100, 100]);
  });

  it('refuses with TOO_MANY_REQUESTS and the seconds to wait, then from memory without the store', async () => {
    const hits: RateLimitHit[][] = [];
    const limiter = createRateLimiter({
      store: {
        hitMany: async (batch) => {
          hits.push([...batch]);
          return batch.map(() => ({ allowed: false, count: 10, previousCount: 0 }));
        },
        deleteExpired: async () => 0,
      },
      now: () => 30_000,
    });
    await expect(limiter.enforce(rule, 'a')).rejects.toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, params: { seconds: 36 } });
    expect(await limiter.consume(rule, 'a')).toEqual({ allowed: false, retryAfterSeconds: 36 });
    expect(hits).toHaveLength(1);
    expect(hits[0]![0]).toMatchObject({ key: 'test:a', windowIndex: 0, previousWeight: 0.5, cost: 1, limit: 10, expiresAt: new Date(120_000) });
  });

  it('lets hits through when the store fails, and says so', async () => {
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      store: { hitMany: () => Promise.reject(new Error('connection refused')), deleteExpired: async () => 0 },
      onStoreError: (error) => errors.push(error),
    });
    expect(await limiter.consume(rule, 'b')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(errors).toEqual([new Error('connection refused')]);
  });
});
