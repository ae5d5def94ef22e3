import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; url: string; close(): Promise<void> };

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database (PGlite). */
  dataDir?: string | undefined;
  /** In-memory PGlite (tests), optionally loaded from a dump made by `dumpDataDir()`. */
  memory?: { loadDataDir?: Blob | File } | undefined;
  poolMax?: number;
  applicationName?: string;
}

/** `close` runs once however often it is called (an app and a test may both close a handle). */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * PGlite's Postgres settings: its default 128 MB of shared buffers stay resident in the process
 * once touched (WebAssembly memory never shrinks); 16 MB holds our working set (a one-person or
 * small-team database) and cut the idle app by ~130 MB (`npm run bench:memory`, decision 059).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      application_name: options.applicationName ?? 'voxwork',
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { kind: 'postgres', db, pool, url: options.url, close: once(() => pool.end()) };
  }
  if (options.memory) {
    const pglite = await PGlite.create({ startParams: PGLITE_START_PARAMS, ...(options.memory.loadDataDir ? { loadDataDir: options.memory.loadDataDir } : {}) });
    return { kind: 'pglite', db: drizzleOver(pglite), pglite, close: once(() => pglite.close()) };
  }
  if (!options.dataDir) throw new Error('openDatabase needs a url, a dataDir or memory');
  const release = await acquireDirectoryLock(options.dataDir);
  try {
    const pglite = await createPgliteInDirectory(options.dataDir);
    return {
      kind: 'pglite',
      db: drizzleOver(pglite),
      pglite,
      close: once(async () => {
        await pglite.close();
        await release();
      }),
    };
  } catch (error) {
    await release();
    throw error;
  }
}

type PgliteQueryOptions = Parameters<PGlite['query']>[2];

/** The types drizzle's PGlite driver asks to keep as text (timestamp, timestamptz, interval, date, and arrays of numeric and of those). */
const DRIZZLE_TEXT_TYPES = ['1114', '1184', '1186', '1082', '1231', '1115', '1185', '1187', '1182'];

/** drizzle's options for a query whose rows it maps by column: array rows, and its text-keeping parsers. */
function mappedByColumns(options: PgliteQueryOptions): boolean {
  if (options?.rowMode !== 'array' || !options.parsers) return false;
  const types = Object.keys(options.parsers);
  return types.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((type) => types.includes(type));
}

/** A write that returns no rows (nothing for parsers to read). */
const returnsNoRows = (text: string) => /^\s*(?:insert|update|delete)\b/i.test(text) && !/\breturning\b/i.test(text);

/** `options` as PGlite is asked them: without drizzle's parsers where its columns map the rows, or there are none. */
const forPglite = (text: string, options: PgliteQueryOptions): PgliteQueryOptions =>
  options?.parsers && (mappedByColumns(options) || returnsNoRows(text)) ? { ...options, parsers: undefined } : options;

/**
 * drizzle over PGlite, through a client of its own (decision 112). With each query whose rows it maps by column,
 * drizzle's driver sends parsers that keep dates as text, and PGlite merges them into a copy of its
 * own parsers (318 of them, one per type and array type) on every such query: 0.1–0.2 ms, about
 * two thirds of what a one-row query cost. Those rows' dates are read by their columns, which take a
 * Date as they take the text (ours are all `timestamp with time zone`; there is no date, interval or
 * string-mode column), so these queries go without them, as do writes that return no rows. Raw
 * queries that return rows keep them: their rows are not mapped, and their dates stay text as on
 * PostgreSQL. PGlite itself is unchanged for everything else (pg-boss, LISTEN).
 */
function drizzleOver(pglite: PGlite): Database {
  type Query = PGlite['query'];
  /** `query` with the options mended (`forPglite`). */
  const mended = (query: Query) => ((text: string, params?: unknown[], options?: PgliteQueryOptions) => query(text, params, forPglite(text, options))) as Query;
  const client = {
    query: mended((...args) => pglite.query(...args)),
    transaction: <T>(callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
      pglite.transaction((tx) => callback(Object.assign(Object.create(tx) as typeof tx, { query: mended(tx.query) }))),
  };
  return drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
}

/**
 * A new data directory is not initialised again on a machine that has made one before: PGlite's
 * initdb (~5.8 s, ~4.6 s of CPU on a 2-core machine) is replaced by loading the tar of a directory
 * it made just after initdb (~0.6 s), kept under the system's temporary folder per PGlite version
 * and start parameters (decision 086). The template holds no table of ours: migrations run after,
 * as always. Anything wrong with the template (unreadable, refused by PGlite) means a plain initdb.
 */
async function createPgliteInDirectory(dataDir: string): Promise<PGlite> {
  const isNew = await readdir(dataDir).then((entries) => entries.length === 0, () => true);
  if (!isNew) return PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS });
  const template = await initdbTemplateFile();
  // A Blob backed by the file, not by memory: PGlite keeps its options (and so this Blob) for its
  // whole life, and a 40 MB tar read into a Blob stayed resident in the idle app (decision 094).
  // (openAsBlob throws at once for a missing file, rather than rejecting.)
  const tar = await (async () => openAsBlob(template))().catch(() => undefined);
  if (tar) {
    try {
      return await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS, loadDataDir: tar });
    } catch {
      // A damaged template: forget it, empty the new directory again and initialise it as PGlite does.
      await rm(template, { force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const pglite = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS });
  // Kept for the next new directory (written beside and renamed: never read half-written).
  await (async () => {
    const dump = await pglite.dumpDataDir('none');
    await mkdir(path.dirname(template), { recursive: true });
    const partial = `${template}.${process.pid}-${randomBytes(3).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, template);
  })().catch(() => undefined);
  return pglite;
}

/**
 * PGlite's package.json as installed (its bytes; PGlite exports no `./package.json`, so it is found
 * beside its entry point): what names its version in the templates made from it.
 */
export async function readPgliteManifest(): Promise<Buffer> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = await readFile(path.join(dir, 'package.json')).catch(() => undefined);
    if (manifest && (JSON.parse(manifest.toString('utf8')) as { name?: string }).name === '@electric-sql/pglite') return manifest;
  }
  throw new Error('@electric-sql/pglite is not installed');
}

/** The template's file: named by PGlite's version and our start parameters. */
async function initdbTemplateFile(): Promise<string> {
  const version = (JSON.parse((await readPgliteManifest()).toString('utf8')) as { version: string }).version;
  const key = createHash('sha256').update(JSON.stringify([version, PGLITE_START_PARAMS])).digest('hex').slice(0, 16);
  return path.join(tmpdir(), 'voxwork-pglite', `initdb-${key}.tar`);
}

/** Applies the committed drizzle-kit migrations. On PostgreSQL an advisory lock serialises concurrent starters. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7239045112)');
    await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7239045112)').catch(() => undefined);
    client.release();
  }
}

export class DataDirectoryLockedError extends Error {
  override name = 'DataDirectoryLockedError';
}

/**
 * PGlite is single-process: a second process opening the same directory would corrupt it.
 * A lock file holds the owner's pid; a lock left by a dead process (kill -9) is taken over.
 */
async function acquireDirectoryLock(dataDir: string): Promise<() => Promise<void>> {
  const parent = path.dirname(path.resolve(dataDir));
  await mkdir(parent, { recursive: true });
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return async () => {
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirectoryLockedError(
          `The database in ${dataDir} is open in another process (pid ${owner}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
