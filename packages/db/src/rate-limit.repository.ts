import { sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';

export interface RateLimitHit {
  key: string;
  /** The current fixed window: floor(now / window length). */
  windowIndex: number;
  /** How much of the previous window still counts (0–1: its overlap with the sliding window). */
  previousWeight: number;
  /** What this hit costs (1 per request). */
  cost: number;
  limit: number;
  /** When the row may be deleted (the end of the window after the current one). */
  expiresAt: Date;
}

export interface RateLimitCount {
  allowed: boolean;
  /** Hits allowed in the current window, this one included when allowed. */
  count: number;
  /** Hits allowed in the previous window. */
  previousCount: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** SQL for the shared rate-limit counters. The decision is taken inside the one statement that counts. */
export function createRateLimitRepository(db: Database) {
  const repository = {
    /**
     * One atomic upsert for a batch of hits on distinct keys: each row moves to its current window
     * (the old count becomes the previous one when the windows are adjacent), then takes its hit
     * only if the sliding estimate `previous × weight + current + cost` stays within its limit.
     * Refused hits are not counted. A row in a later window than ours (a replica whose clock runs
     * behind) is treated as current. Results come back in the order of `hits`.
     */
    async hitMany(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]> {
      if (hits.length === 0) return [];
      if (new Set(hits.map((hit) => hit.key)).size !== hits.length) throw new Error('rate-limit hits of one statement need distinct keys');
      const rows = sql.join(
        hits.map((hit) => sql`(${hit.key}::text, ${hit.windowIndex}::bigint, ${hit.cost}::integer, ${hit.limit}::integer, ${hit.previousWeight}::float8, ${hit.expiresAt.toISOString()}::timestamptz)`),
        sql`, `,
      );
      // The proposed row's own rule: `excluded` holds only table columns, so cost, limit and weight are looked up.
      const input = (column: string) => sql.raw(`(select ${column} from input where input.key = excluded.key)`);
      const win = sql`excluded.window_index`;
      const same = sql`rate_limit_counters.window_index >= ${win}`;
      const base = sql`(case when ${same} then rate_limit_counters.count else 0 end)`;
      const previous = sql`(case when ${same} then rate_limit_counters.previous_count when rate_limit_counters.window_index = ${win} - 1 then rate_limit_counters.count else 0 end)`;
      // A hair of tolerance: the weight is a float, and 10 × 0.9 must not count as more than 9.
      const allowed = sql`(${previous} * ${input('weight')} + ${base} + ${input('cost')} <= ${input('lim')} + 1e-9)`;
      const result = await db.execute(sql`
        with input (key, win, cost, lim, weight, expires) as (values ${rows})
        insert into rate_limit_counters (key, window_index, count, previous_count, last_allowed, expires_at)
        select key, win, case when cost <= lim then cost else 0 end, 0, cost <= lim, expires from input
        on conflict (key) do update set
          count = case when ${allowed} then ${base} + ${input('cost')} else ${base} end,
          previous_count = ${previous},
          last_allowed = ${allowed},
          window_index = greatest(rate_limit_counters.window_index, ${win}),
          expires_at = greatest(rate_limit_counters.expires_at, excluded.expires_at)
        returning key, count, previous_count, last_allowed`);
      const byKey = new Map(rowsOf<{ key: string; count: number; previous_count: number; last_allowed: boolean }>(result).map((row) => [row.key, row]));
      return hits.map((hit) => {
        const row = byKey.get(hit.key)!;
        return { allowed: row.last_allowed, count: Number(row.count), previousCount: Number(row.previous_count) };
      });
    },

    /** One hit (a batch of one). */
    async hit(hit: RateLimitHit): Promise<RateLimitCount> {
      const [counted] = await repository.hitMany([hit]);
      return counted!;
    },

    /** Deletes rows whose windows are over; at most `limit` per call. Returns how many. */
    async deleteExpired(before: Date, limit = 10_000): Promise<number> {
      // The expiry is checked again on the row deleted: a hit that renewed the row after the subquery chose it
      // (PostgreSQL re-reads a row it waited for against the outer condition only) keeps it. Without this, a sweep
      // beside a hit deleted the fresh count and let one more hit through (seen in CI: 9 of a limit of 8).
      const result = await db.execute(sql`
        delete from rate_limit_counters where key in (
          select key from rate_limit_counters where expires_at < ${before.toISOString()}::timestamptz limit ${limit}
        ) and expires_at < ${before.toISOString()}::timestamptz`);
      return (result as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    },
  };
  return repository;
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
