import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { analyticsEvents, type AnalyticsEventRow, type NewAnalyticsEventRow } from './schema/index.ts';

/** Rows per INSERT statement: 14 parameters a row stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

/** SQL for the analytics events table: batched appends and the aggregates of the report. No rules. */
export function createEventRepository(db: Database) {
  return {
    /** Appends rows in one transaction (multi-row INSERTs); all or nothing. */
    async insertMany(rows: readonly NewAnalyticsEventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await tx.insert(analyticsEvents).values(rows.slice(start, start + INSERT_CHUNK) as NewAnalyticsEventRow[]);
        }
      });
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(analyticsEvents);
      return Number(row?.value ?? 0);
    },

    async recent(limit: number, eventName?: string): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(analyticsEvents)
        .where(eventName ? eq(analyticsEvents.eventName, eventName) : undefined)
        .orderBy(desc(analyticsEvents.id))
        .limit(limit);
    },

    /** Events per UTC day since `since`, for one event name. */
    async dailyCounts(eventName: string, since: Date): Promise<{ day: string; events: number; visitors: number }[]> {
      const day = sql<string>`to_char(date_trunc('day', ${analyticsEvents.eventTime} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          events: count(),
          visitors: sql<number>`count(distinct coalesce(${analyticsEvents.userId}, ${analyticsEvents.remoteIp}))`,
        })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.eventName, eventName), gte(analyticsEvents.eventTime, since)))
        .groupBy(day)
        .orderBy(day);
      return rows.map((row) => ({ day: row.day, events: Number(row.events), visitors: Number(row.visitors) }));
    },

    /** Event counts grouped by one column (path, traffic source, language, country), largest first; `landingOnly`: first events of sessions only. */
    async countBy(
      column: 'path' | 'trafficSource' | 'language' | 'country',
      eventName: string,
      since: Date,
      limit: number,
      options: { landingOnly?: boolean } = {},
    ): Promise<{ key: string | null; events: number }[]> {
      const key = analyticsEvents[column];
      const rows = await db
        .select({ key, events: count() })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.eventName, eventName),
            gte(analyticsEvents.eventTime, since),
            // The first event of a page session carries properties.new_session = true.
            options.landingOnly ? sql`${analyticsEvents.payload} -> 'properties' ->> 'new_session' = 'true'` : undefined,
          ),
        )
        .groupBy(key)
        .orderBy(desc(count()), key)
        .limit(limit);
      return rows.map((row) => ({ key: row.key, events: Number(row.events) }));
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
