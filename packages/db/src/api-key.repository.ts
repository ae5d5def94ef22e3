import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { apiKeys, type ApiKeyRow } from './schema/index.ts';

export type NewApiKey = Pick<ApiKeyRow, 'ownerId' | 'name' | 'prefix' | 'secretHash' | 'scopes' | 'access' | 'expiresAt'>;

/** SQL for API keys. Whether a key may do something is decided by the API key service. */
export function createApiKeyRepository(db: Database) {
  return {
    async insert(values: NewApiKey): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },

    /** The key whose secret hashes to `secretHash`, revoked or not (one indexed read per call). */
    async findBySecretHash(secretHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
      return row;
    },

    /** An owner's keys, newest first, revoked ones included. */
    async listOf(ownerId: string): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.ownerId, ownerId)).orderBy(desc(apiKeys.createdAt));
    },

    async countActive(ownerId: string): Promise<number> {
      const rows = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
      return rows.length;
    },

    /** Stamps `revoked_at` on the owner's active key; false when there is none. */
    async revoke(id: string, ownerId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** Records a use, writing only when the stored time is older than `unlessAfter` (one write a minute per key, not one per call). */
    async touch(id: string, at: Date, unlessAfter: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessAfter))));
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.delete(apiKeys).where(eq(apiKeys.ownerId, ownerId));
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
