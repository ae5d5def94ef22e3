import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { uploads, type NewUploadRow, type UploadRow } from './schema/index.ts';

/** SQL for the uploads table. */
export function createUploadRepository(db: Database) {
  return {
    async insert(values: NewUploadRow): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },

    async find(ownerId: string, id: string): Promise<UploadRow | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)));
      return row;
    },

    async list(ownerId: string, options: { limit: number; offset: number }): Promise<{ total: number; items: UploadRow[] }> {
      const where = and(eq(uploads.ownerId, ownerId), eq(uploads.status, 'ready'));
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(uploads).where(where);
      const items = await db.select().from(uploads).where(where).orderBy(desc(uploads.createdAt)).limit(options.limit).offset(options.offset);
      return { total: count?.total ?? 0, items };
    },

    /** Bytes of the user's stored (ready) uploads. */
    async storedBytes(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), eq(uploads.status, 'ready')));
      return Number(row?.bytes ?? 0);
    },

    async delete(ownerId: string, id: string): Promise<UploadRow | undefined> {
      const [row] = await db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId))).returning();
      return row;
    },

    async deleteAllOf(ownerId: string): Promise<number> {
      const rows = await db.delete(uploads).where(eq(uploads.ownerId, ownerId)).returning({ id: uploads.id });
      return rows.length;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
