import { migrateDatabase, openDatabase, userAccounts, type DatabaseHandle } from '@voxwork/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The PGlite client drizzle is given (decision 112): queries whose rows drizzle maps by column go
 * to PGlite without drizzle's date parsers (PGlite copied its 318 parsers per query to merge them),
 * and so do writes that return no rows; their dates still come back as the Dates written, inside a
 * transaction too. Raw `execute` of rows keeps them, so its dates stay text as on PostgreSQL.
 */
describe('PGlite under drizzle', () => {
  let handle: Extract<DatabaseHandle, { kind: 'pglite' }>;
  beforeAll(async () => {
    const opened = await openDatabase({ memory: {} });
    if (opened.kind !== 'pglite') throw new Error('expected PGlite');
    handle = opened;
    await migrateDatabase(handle);
  });
  afterAll(() => handle.close());

  const expireTime = new Date('2026-12-31T23:59:58.123Z');

  it('mapped queries reach PGlite without parsers and read their timestamps as the Dates written, in and out of a transaction', async () => {
    const query = vi.spyOn(handle.pglite, 'query');
    try {
      await handle.db.insert(userAccounts).values({ userId: 'user-parsers', planId: 'pro', vipLevel: 1, expireTime });
      const [row] = await handle.db.select().from(userAccounts).where(eq(userAccounts.userId, 'user-parsers'));
      expect(row!.expireTime).toEqual(expireTime);
      expect(row!.createdAt).toBeInstanceOf(Date);
      const inTransaction = await handle.db.transaction(async (tx) => {
        await tx.update(userAccounts).set({ expireTime: new Date(expireTime.getTime() + 1000) }).where(eq(userAccounts.userId, 'user-parsers'));
        return (await tx.select({ expireTime: userAccounts.expireTime }).from(userAccounts).where(eq(userAccounts.userId, 'user-parsers')))[0]!.expireTime;
      });
      expect(inTransaction).toEqual(new Date(expireTime.getTime() + 1000));
      // Every query drizzle sent to PGlite itself (outside the transaction: the insert, the select) came without parsers.
      const sent = query.mock.calls.filter(([text]) => String(text).includes('user_accounts'));
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const [, , options] of sent) expect(options?.parsers).toBeUndefined();
    } finally {
      query.mockRestore();
    }
  });

  it('raw execute keeps drizzle’s parsers where rows come back: its timestamps are text', async () => {
    const query = vi.spyOn(handle.pglite, 'query');
    const result = (await handle.db.execute(sql`select expire_time from user_accounts where user_id = 'user-parsers'`)) as unknown as { rows: Array<{ expire_time: unknown }> };
    expect(typeof result.rows[0]!.expire_time).toBe('string');
    expect(new Date(result.rows[0]!.expire_time as string)).toEqual(new Date(expireTime.getTime() + 1000));
    expect(query.mock.calls[0]![2]?.parsers).toBeDefined();
    query.mockRestore();
  });
});
