import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDubbingRepository, createSeriesRepository, migrateDatabase, MIGRATIONS_FOLDER, openDatabase } from '@voxwork/db';
import { dubbingEditRules } from '@voxwork/core';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';

/** The migrations up to (not including) `tag`: a database as it was before that migration. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

describe('migration 0017: cast bibles become series', () => {
  it("moves an existing cast bible into a series with its id, characters (gender unknown), glossary (every language) and pronunciations; the dubbing studio still reads it as a cast", async () => {
    const handle = await openDatabase({ memory: {} });
    const before = await migrationsBefore('0017_cast-bibles-into-series');
    try {
      if (handle.kind !== 'pglite') throw new Error('expected PGlite');
      await migrate(handle.db as never, { migrationsFolder: before });
      const castId = '0f5c7b1e-2a3d-4c5e-9f8a-7b6c5d4e3f2a';
      const characters = [
        { id: 'c1', name: 'Lin Feng', voices: { es: 'festival/cmu_us_slt_arctic_hts' }, speed: 1.1, volume: 0.9, originalSpeakerId: 's1' },
        { id: 'c2', name: 'Mei', voices: {}, speed: 1, volume: 1, originalSpeakerId: null },
      ];
      await handle.db.execute(sql`insert into dubbing_casts (id, owner_id, name, characters, glossary, pronunciations, updated_at)
        values (${castId}, 'owner-1', 'The Jade Heir', ${JSON.stringify(characters)}::jsonb, ${JSON.stringify([{ source: 'Jade Palace', target: 'Palacio de Jade' }])}::jsonb,
                ${JSON.stringify([{ language: 'es', term: 'Lin', replacement: 'Lin' }])}::jsonb, '2026-11-01T10:00:00Z')`);

      await migrateDatabase(handle);

      const tables = await handle.db.execute(sql`select to_regclass('dubbing_casts') as casts`);
      expect((tables as unknown as { rows: Array<{ casts: string | null }> }).rows[0]!.casts).toBeNull();
      const [series] = await createSeriesRepository(handle.db).list('owner-1');
      expect(series).toMatchObject({
        id: castId,
        name: 'The Jade Heir',
        targetLanguages: [],
        characters: characters.map((character) => ({ ...character, gender: 'unknown' })),
        glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade', language: null }],
        pronunciations: [{ language: 'es', term: 'Lin', replacement: 'Lin' }],
        subtitleStyles: {},
      });
      expect(series!.updatedAt.toISOString()).toBe('2026-11-01T10:00:00.000Z');
      // The dubbing studio sees the same cast as before the migration.
      const casts = await createDubbingRepository(handle.db, { rules: dubbingEditRules }).listCasts('owner-1');
      expect(casts).toEqual([expect.objectContaining({ id: castId, name: 'The Jade Heir', characters, glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade' }] })]);
    } finally {
      await handle.close();
      await rm(before, { recursive: true, force: true });
    }
  }, 120_000);
});
