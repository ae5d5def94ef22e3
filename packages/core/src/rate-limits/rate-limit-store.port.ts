import type { RateLimitCount, RateLimitHit } from '@voxwork/db';

/**
 * Where the counters live: the database (`rate_limit_counters`), so a limit holds across every
 * replica. `hit` decides and counts in one atomic statement.
 */
export interface RateLimitStore {
  hit(hit: RateLimitHit): Promise<RateLimitCount>;
  /** Deletes counters whose windows are over; returns how many. */
  deleteExpired(before: Date): Promise<number>;
}
