import type { RateLimitCount, RateLimitHit } from '@voxwork/db';

/**
 * Where the counters live: the database (`rate_limit_counters`), so a limit holds across every
 * replica. `hitMany` decides and counts hits on distinct keys in one atomic statement; results
 * come back in the order of the hits.
 */
export interface RateLimitStore {
  hitMany(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]>;
  /** Deletes counters whose windows are over; returns how many. */
  deleteExpired(before: Date): Promise<number>;
}
