import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase, readPgliteManifest, type DatabaseHandle } from '@voxwork/db';
import pg from 'pg';

let template: Promise<Blob> | undefined;

/** The migrations (every file's name and bytes) and PGlite's package: what the template is made of. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readPgliteManifest());
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(file);
      } else {
        hash.update(`${path.relative(MIGRATIONS_FOLDER, file)}\n`);
        hash.update(await readFile(file));
      }
    }
  };
  await walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated template's dump, made once per machine and migration set: cached under the system's
 * temporary folder by the hash of the migrations and PGlite's version (a changed migration makes a
 * new one), so the suite's dozens of test files (each its own module graph) load it instead of each
 * migrating again (~4 s of CPU a file, more on a busy machine).
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), 'voxwork-test-media', `pglite-template-${await templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet on this machine.
  }
  const handle = await openDatabase({ memory: {} });
  await migrateDatabase(handle);
  if (handle.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await handle.pglite.dumpDataDir('none');
  await handle.close();
  // Written beside and renamed: a file of another worker making it at the same time is never read half-written.
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(3).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

/**
 * A migrated in-memory PGlite, cloned with `loadDataDir` from the migrated template (~0.5 s instead
 * of ~4 s for a fresh instance and its migrations).
 */
export async function freshPglite(): Promise<DatabaseHandle> {
  template ??= migratedTemplate();
  const handle = await openDatabase({ memory: { loadDataDir: await template } });
  return handle;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

if (!TEST_DATABASE_URL) {
  console.info('[tests] TEST_DATABASE_URL is not set: PostgreSQL tests are skipped (CI sets it).');
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped by `drop()`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `voxwork_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type OpenTestDatabase = () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>;

/**
 * The databases an integration test runs on, for `describe.each`: a migrated PGlite always, and a
 * fresh migrated PostgreSQL database when TEST_DATABASE_URL is set. `cleanup` closes (and drops) it.
 */
export function testDatabases(options: { poolMax?: number } = {}): [string, OpenTestDatabase][] {
  const backends: [string, OpenTestDatabase][] = [
    [
      'PGlite',
      async () => {
        const handle = await freshPglite();
        return { handle, cleanup: () => handle.close() };
      },
    ],
  ];
  if (TEST_DATABASE_URL) {
    backends.push([
      'PostgreSQL',
      async () => {
        const database = await createPostgresDatabase();
        const handle = await openDatabase({ url: database.url, poolMax: options.poolMax ?? 10 });
        await migrateDatabase(handle);
        return {
          handle,
          cleanup: async () => {
            await handle.close();
            await database.drop();
          },
        };
      },
    ]);
  }
  return backends;
}
