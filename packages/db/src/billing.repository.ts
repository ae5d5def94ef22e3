import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { createPointsRepository, type PointsRepository } from './points.repository.ts';
import { orders, paymentEvents, type OrderRow } from './schema/index.ts';

/** Orders and processed payment events. `transaction` binds billing and points to one transaction for fulfilment. */
export function createBillingRepository(db: Database): BillingRepository {
  return {
    ...billingQueries(db),
    transaction: (work) =>
      db.transaction((tx) => {
        const bound = tx as unknown as Database;
        return work({ billing: createBillingRepository(bound), points: createPointsRepository(bound) });
      }),
  };
}

export type BillingRepository = ReturnType<typeof billingQueries> & {
  transaction<T>(work: (tx: { billing: BillingRepository; points: PointsRepository }) => Promise<T>): Promise<T>;
};

function billingQueries(db: Database) {
  return {
    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },
    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async lockOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },
    async setProviderRef(id: string, providerRef: string): Promise<void> {
      await db.update(orders).set({ providerRef, updatedAt: sql`now()` }).where(eq(orders.id, id));
    },
    async markPaid(id: string, fulfilment: NonNullable<OrderRow['fulfilment']>): Promise<void> {
      await db.update(orders).set({ status: 'paid', fulfilment, paidAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, id));
    },
    async markClosed(id: string, status: 'failed' | 'cancelled', reason: string): Promise<void> {
      await db
        .update(orders)
        .set({ status, failureReason: reason, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
    },
    async listOrders(userId: string, limit = 20): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
    },
    /** Records an event; false when this provider already delivered this event id. */
    async recordEvent(values: { provider: string; eventId: string; type: string; orderId: string | null }): Promise<boolean> {
      const rows = await db.insert(paymentEvents).values(values).onConflictDoNothing().returning({ id: paymentEvents.id });
      return rows.length === 1;
    },
  };
}
