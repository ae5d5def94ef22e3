import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from './schema/index.ts';

export type NewWebhookEndpoint = Pick<WebhookEndpointRow, 'ownerId' | 'url' | 'events' | 'secret'>;
export type NewWebhookDelivery = Pick<WebhookDeliveryRow, 'endpointId' | 'ownerId' | 'eventId' | 'type' | 'payload'> & { nextAttemptAt?: Date };
/** A delivery taken by a worker, with what it needs to send it. */
export type ClaimedWebhookDelivery = WebhookDeliveryRow & { url: string; secret: string };

/** SQL for webhook endpoints, deliveries and attempts. When to send and retry is the webhook service's. */
export function createWebhookRepository(db: Database) {
  return {
    async insertEndpoint(values: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async listEndpoints(ownerId: string): Promise<WebhookEndpointRow[]> {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId)).orderBy(desc(webhookEndpoints.createdAt));
    },

    async findEndpoint(id: string, ownerId: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)));
      return row;
    },

    async countEndpoints(ownerId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId));
      return row?.total ?? 0;
    },

    async setEnabled(id: string, ownerId: string, enabled: boolean): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ enabled })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)))
        .returning();
      return row;
    },

    /** Deletes an endpoint with its deliveries and their attempts; false when there is none. */
    async deleteEndpoint(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId));
    },

    /** Deletes deliveries that ended (delivered or given up) before `before`, with their attempts; returns how many. */
    async deleteFinishedBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(webhookDeliveries)
        .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lte(webhookDeliveries.finishedAt, before)))
        .returning({ id: webhookDeliveries.id });
      return deleted.length;
    },

    /** The owner's enabled endpoints subscribed to `type`. */
    async subscribers(ownerId: string, type: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.ownerId, ownerId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
    },

    async insertDeliveries(rows: readonly NewWebhookDelivery[]): Promise<WebhookDeliveryRow[]> {
      if (!rows.length) return [];
      return db.insert(webhookDeliveries).values([...rows]).returning();
    },

    /**
     * Takes up to `limit` pending deliveries due at `now` (oldest first), skipping rows another
     * worker holds (`FOR UPDATE SKIP LOCKED`), and pushes their `next_attempt_at` to `leaseUntil`
     * in the same transaction: no other worker takes them while this one sends, and a worker that
     * dies mid-request leaves them to be taken again when the lease ends.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedWebhookDelivery[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
          .orderBy(asc(webhookDeliveries.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (!due.length) return [];
        const ids = due.map((row) => row.id);
        await tx.update(webhookDeliveries).set({ nextAttemptAt: leaseUntil }).where(inArray(webhookDeliveries.id, ids));
        return claimedRows(tx as unknown as Database, ids);
      });
    },

    async findDelivery(id: string, ownerId: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.ownerId, ownerId)));
      return row;
    },

    /** One delivery (any status) for a manual attempt, leased like `claimDue`; undefined when another worker holds it. */
    async claimOne(id: string, ownerId: string, leaseUntil: Date): Promise<ClaimedWebhookDelivery | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.ownerId, ownerId)))
          .for('update', { skipLocked: true });
        if (!row) return undefined;
        await tx.update(webhookDeliveries).set({ nextAttemptAt: leaseUntil }).where(eq(webhookDeliveries.id, id));
        return (await claimedRows(tx as unknown as Database, [id]))[0];
      });
    },

    /** Logs an attempt and moves its delivery on (delivered, retried at `nextAttemptAt`, or failed), in one transaction. */
    async recordAttempt(
      attempt: Pick<WebhookAttemptRow, 'deliveryId' | 'startedAt' | 'durationMs' | 'responseStatus' | 'error'>,
      next: { status: WebhookDeliveryRow['status']; nextAttemptAt: Date; finishedAt: Date | null },
    ): Promise<WebhookDeliveryRow> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            status: next.status,
            nextAttemptAt: next.nextAttemptAt,
            finishedAt: next.finishedAt,
            lastResponseStatus: attempt.responseStatus,
            lastError: attempt.error,
          })
          .where(eq(webhookDeliveries.id, attempt.deliveryId))
          .returning();
        await tx.insert(webhookAttempts).values({ ...attempt, number: updated!.attempts });
        return updated!;
      });
    },

    /** An endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
    async listDeliveries(endpointId: string, ownerId: string, limit: number): Promise<Array<WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] }>> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.ownerId, ownerId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      if (!rows.length) return [];
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(webhookAttempts.number));
      return rows.map((row) => ({ ...row, attemptLog: attempts.filter((attempt) => attempt.deliveryId === row.id) }));
    },
  };
}

async function claimedRows(db: Database, ids: readonly string[]): Promise<ClaimedWebhookDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, [...ids]));
  return rows.map((row) => ({ ...row.delivery, url: row.url, secret: row.secret }));
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
