import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@voxwork/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The embedded database's new data directories (decision 086): the first one on a machine is
 * initialised by PGlite and kept as a template under the temporary folder; the next ones are
 * loaded from it, each its own database; a damaged template means a plain initialisation and a new
 * template. (This file points the temporary folder at its own, so it starts with no template.)
 */
describe('embedded database: new data directories from the initdb template', () => {
  let root: string;
  let savedTmp: string | undefined;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'voxwork-embedded-db-'));
    savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = path.join(root, 'tmp');
  });
  afterAll(async () => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    await rm(root, { recursive: true, force: true });
  });

  const templates = async () => (await readdir(path.join(root, 'tmp', 'voxwork-pglite')).catch(() => [] as string[])).filter((name) => name.endsWith('.tar'));
  const rowsOf = async (handle: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  /** Opens a new directory, migrates it (no job yet) and writes its name in a table of its own; returns the names it holds. */
  const openNew = async (name: string) => {
    const handle = await openDatabase({ dataDir: path.join(root, name) });
    try {
      await migrateDatabase(handle);
      expect(await rowsOf(handle, sql`select count(*)::int as jobs from jobs`)).toEqual([{ jobs: 0 }]);
      await handle.db.execute(sql`create table marker (name text)`);
      await handle.db.execute(sql`insert into marker values (${name})`);
      return (await rowsOf(handle, sql`select name from marker`)).map((row) => row.name);
    } finally {
      await handle.close();
    }
  };

  it('the first new directory leaves a template; the next loads it and is a database of its own; a damaged template is replaced', async () => {
    expect(await templates()).toEqual([]);
    expect(await openNew('first')).toEqual(['first']);
    const [template] = await templates();
    expect(template).toMatch(/^initdb-[0-9a-f]{16}\.tar$/);
    const file = path.join(root, 'tmp', 'voxwork-pglite', template!);
    expect((await stat(file)).size).toBeGreaterThan(1_000_000);

    // Loaded from the template (an initialisation writes a new template file: this one stays), its own tables.
    const made = await stat(file);
    expect(await openNew('second')).toEqual(['second']);
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([made.ino, made.mtimeMs]);

    // A damaged template: the directory is initialised as PGlite does, and the template made again.
    // (Its size shows it: the damaged one is nine bytes. Not its inode: the damaged file is deleted
    // before the new one is written, so the file system may give the new file the same number.)
    await writeFile(file, 'not a tar');
    expect(await openNew('third')).toEqual(['third']);
    expect((await stat(file)).size).toBeGreaterThan(1_000_000);

    // Each directory opens again as it was left (not new: the template is not used).
    const reopened = await openDatabase({ dataDir: path.join(root, 'first') });
    const names = (await rowsOf(reopened, sql`select name from marker`)).map((row) => row.name);
    await reopened.close();
    expect(names).toEqual(['first']);
  }, 120_000);
});
