import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import {
  giftCodeRedemptions,
  giftCodes,
  jobs,
  pointEntries,
  pointHolds,
  userAccounts,
  type GiftCodeRow,
  type PointEntryRow,
  type PointEntryType,
  type PointHoldRow,
  type UserAccountRow,
} from './schema/index.ts';

/** Rows per INSERT of gift codes (11 columns each, well under PostgreSQL's 65,535 parameters). */
const GIFT_CODE_INSERT_ROWS = 1000;

export interface EntryInput {
  userId: string;
  type: PointEntryType;
  availableDelta: number;
  freezeDelta?: number;
  idempotencyKey: string;
  jobId?: string | null;
  reference?: string | null;
  reason?: string | null;
}

/**
 * The job an entry was for, read from the job itself (the ledger keeps only its id): its type,
 * its title (the file's name unless renamed) and its edition (`input.mode`, e.g. a pro
 * translation); null when the entry has no job or the job was deleted.
 */
export interface EntryJob {
  type: string;
  title: string | null;
  mode: string | null;
}

export interface EntryPage {
  total: number;
  items: (PointEntryRow & { job: EntryJob | null })[];
}

/**
 * SQL of accounts, the points ledger, holds and gift codes. Balance changes are conditional
 * updates (`available + Δ >= 0`), so concurrent writers can never drive a balance negative;
 * the rules (what to charge, when) live in the points and account services.
 * `transaction(fn)` runs `fn` with the same API bound to one transaction.
 */
export function createPointsRepository(db: Database): PointsRepository {
  return {
    ...pointsQueries(db),
    transaction: (work) => db.transaction((tx) => work(createPointsRepository(tx as unknown as Database))),
  };
}

export type PointsRepository = ReturnType<typeof pointsQueries> & {
  transaction<T>(work: (tx: PointsRepository) => Promise<T>): Promise<T>;
};

function pointsQueries(db: Database) {
  return {
    async findAccount(userId: string): Promise<UserAccountRow | undefined> {
      const [row] = await db.select().from(userAccounts).where(eq(userAccounts.userId, userId));
      return row;
    },

    async lockAccount(userId: string): Promise<UserAccountRow | undefined> {
      const [row] = await db.select().from(userAccounts).where(eq(userAccounts.userId, userId)).for('update');
      return row;
    },

    /** Creates the account row if missing; returns whether it was created. */
    async insertAccountIfMissing(values: { userId: string; planId: UserAccountRow['planId']; vipLevel: number }): Promise<boolean> {
      const rows = await db.insert(userAccounts).values(values).onConflictDoNothing().returning({ userId: userAccounts.userId });
      return rows.length === 1;
    },

    async updatePlan(userId: string, values: { planId: UserAccountRow['planId']; vipLevel: number; expireTime: Date | null }): Promise<void> {
      await db.update(userAccounts).set({ ...values, updatedAt: sql`now()` }).where(eq(userAccounts.userId, userId));
    },

    /** Removes the account row of a deleted user (ledger entries stay: they are the financial record). */
    async deleteAccount(userId: string): Promise<void> {
      await db.delete(pointHolds).where(eq(pointHolds.userId, userId));
      await db.delete(userAccounts).where(eq(userAccounts.userId, userId));
    },

    async setStatus(userId: string, status: UserAccountRow['status']): Promise<void> {
      await db.update(userAccounts).set({ status, updatedAt: sql`now()` }).where(eq(userAccounts.userId, userId));
    },

    async findEntryByKey(idempotencyKey: string): Promise<PointEntryRow | undefined> {
      const [row] = await db.select().from(pointEntries).where(eq(pointEntries.idempotencyKey, idempotencyKey));
      return row;
    },

    /**
     * Changes the balances and appends the entry. Returns undefined when a balance would go
     * negative (or the account does not exist); nothing is written then. A second entry with the
     * same idempotency key fails with a unique violation (the caller's transaction rolls back).
     */
    async applyEntry(input: EntryInput): Promise<PointEntryRow | undefined> {
      const freezeDelta = input.freezeDelta ?? 0;
      const [balances] = await db
        .update(userAccounts)
        .set({
          availablePoint: sql`${userAccounts.availablePoint} + ${input.availableDelta}`,
          freezePoint: sql`${userAccounts.freezePoint} + ${freezeDelta}`,
          totalPoint: sql`${userAccounts.totalPoint} + ${input.availableDelta + freezeDelta}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(userAccounts.userId, input.userId),
            sql`${userAccounts.availablePoint} + ${input.availableDelta} >= 0`,
            sql`${userAccounts.freezePoint} + ${freezeDelta} >= 0`,
          ),
        )
        .returning({ available: userAccounts.availablePoint, freeze: userAccounts.freezePoint });
      if (!balances) return undefined;
      const [entry] = await db
        .insert(pointEntries)
        .values({
          userId: input.userId,
          type: input.type,
          availableDelta: input.availableDelta,
          freezeDelta,
          availableAfter: balances.available,
          freezeAfter: balances.freeze,
          jobId: input.jobId ?? null,
          reference: input.reference ?? null,
          reason: input.reason ?? null,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      return entry;
    },

    async listEntries(userId: string, filter: { page: number; pageSize: number; types?: PointEntryType[]; from?: Date; to?: Date }): Promise<EntryPage> {
      const where = and(
        eq(pointEntries.userId, userId),
        filter.types?.length ? inArray(pointEntries.type, filter.types) : undefined,
        filter.from ? gte(pointEntries.createdAt, filter.from) : undefined,
        filter.to ? lt(pointEntries.createdAt, filter.to) : undefined,
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(pointEntries).where(where);
      const rows = await db
        .select({ entry: pointEntries, jobType: jobs.type, jobTitle: jobs.title, jobMode: sql<string | null>`${jobs.input} ->> 'mode'` })
        .from(pointEntries)
        // Only the owner's own job is named (an entry's job is always its user's; this keeps it so).
        .leftJoin(jobs, and(eq(jobs.id, pointEntries.jobId), eq(jobs.ownerId, pointEntries.userId)))
        .where(where)
        .orderBy(desc(pointEntries.createdAt), desc(pointEntries.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const items = rows.map(({ entry, jobType, jobTitle, jobMode }) => ({ ...entry, job: jobType === null ? null : { type: jobType, title: jobTitle, mode: jobMode } }));
      return { total, items };
    },

    /** Sum of every entry's deltas for a user: must equal the account's balances. */
    async sumEntries(userId: string): Promise<{ available: number; freeze: number }> {
      const [row] = await db
        .select({
          available: sql<number>`coalesce(sum(${pointEntries.availableDelta}), 0)::int`,
          freeze: sql<number>`coalesce(sum(${pointEntries.freezeDelta}), 0)::int`,
        })
        .from(pointEntries)
        .where(eq(pointEntries.userId, userId));
      return row ?? { available: 0, freeze: 0 };
    },

    async insertHold(values: { jobId: string; userId: string; amount: number }): Promise<boolean> {
      const rows = await db.insert(pointHolds).values(values).onConflictDoNothing().returning({ jobId: pointHolds.jobId });
      return rows.length === 1;
    },

    async findHold(jobId: string): Promise<PointHoldRow | undefined> {
      const [row] = await db.select().from(pointHolds).where(eq(pointHolds.jobId, jobId));
      return row;
    },

    async lockHold(jobId: string): Promise<PointHoldRow | undefined> {
      const [row] = await db.select().from(pointHolds).where(eq(pointHolds.jobId, jobId)).for('update');
      return row;
    },

    /** Raises a held hold by `points` (work added to a running job); false when it is no longer held. */
    async raiseHold(jobId: string, points: number): Promise<boolean> {
      const rows = await db
        .update(pointHolds)
        .set({ amount: sql`${pointHolds.amount} + ${points}` })
        .where(and(eq(pointHolds.jobId, jobId), eq(pointHolds.status, 'held')))
        .returning({ jobId: pointHolds.jobId });
      return rows.length === 1;
    },

    async closeHold(jobId: string, status: 'settled' | 'released', charged: number): Promise<void> {
      await db.update(pointHolds).set({ status, charged, closedAt: sql`now()` }).where(eq(pointHolds.jobId, jobId));
    },

    async findHeldBefore(cutoff: Date, limit: number): Promise<PointHoldRow[]> {
      return db
        .select()
        .from(pointHolds)
        .where(and(eq(pointHolds.status, 'held'), lt(pointHolds.createdAt, cutoff)))
        .limit(limit);
    },

    async insertGiftCodes(rows: (typeof giftCodes.$inferInsert)[]): Promise<void> {
      // A statement takes at most 65,535 parameters: a batch of 10,000 codes is written in parts, all or none.
      if (rows.length <= GIFT_CODE_INSERT_ROWS) {
        if (rows.length) await db.insert(giftCodes).values(rows);
        return;
      }
      await db.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += GIFT_CODE_INSERT_ROWS) {
          await tx.insert(giftCodes).values(rows.slice(start, start + GIFT_CODE_INSERT_ROWS));
        }
      });
    },

    async lockGiftCode(code: string): Promise<GiftCodeRow | undefined> {
      const [row] = await db.select().from(giftCodes).where(eq(giftCodes.code, code)).for('update');
      return row;
    },

    async listGiftCodes(filter: { batchId?: string }): Promise<GiftCodeRow[]> {
      return db
        .select()
        .from(giftCodes)
        .where(filter.batchId ? eq(giftCodes.batchId, filter.batchId) : undefined)
        .orderBy(desc(giftCodes.createdAt), giftCodes.code);
    },

    async disableGiftCodes(filter: { codes?: string[]; batchId?: string }): Promise<number> {
      const where = filter.codes?.length ? inArray(giftCodes.code, filter.codes) : filter.batchId ? eq(giftCodes.batchId, filter.batchId) : undefined;
      if (!where) return 0;
      const rows = await db
        .update(giftCodes)
        .set({ disabledAt: sql`now()` })
        .where(and(where, sql`${giftCodes.disabledAt} is null`))
        .returning({ code: giftCodes.code });
      return rows.length;
    },

    async countRedemptions(code: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(giftCodeRedemptions)
        .where(and(eq(giftCodeRedemptions.code, code), eq(giftCodeRedemptions.userId, userId)));
      return row?.n ?? 0;
    },

    async recordRedemption(values: { code: string; userId: string; grant: { points: number; planId: string | null; vipDays: number } }): Promise<string> {
      await db
        .update(giftCodes)
        .set({ redemptions: sql`${giftCodes.redemptions} + 1` })
        .where(eq(giftCodes.code, values.code));
      const [row] = await db.insert(giftCodeRedemptions).values(values).returning({ id: giftCodeRedemptions.id });
      return row!.id;
    },
  };
}
