import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createJobRepository, MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '@voxwork/db';
import { JOB_NAMES } from '@voxwork/core';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromPglite, PgBoss } from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../support/test-app.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../support/test-database.ts';

/** The last migration before job types were named after their tools (0012). */
const BEFORE_RENAME = '0011_job-slots';
/** The queues of the release before: three old names, and the ones already named as they stay. */
const OLD_NAMES = ['tts.synthesize', 'sts.convert', 'voice.clone', 'video-translation.dub', 'system.selfCheck', 'system.ping'];

type Backend = [string, () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>];
const backends: Backend[] = [['PGlite', async () => ({ handle: await openDatabase({ memory: {} }), cleanup: async () => undefined })]];
if (TEST_DATABASE_URL) {
  backends.push([
    'PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      return { handle: await openDatabase({ url: database.url }), cleanup: () => database.drop() };
    },
  ]);
}

/** Applies the committed migrations up to `lastTag`, as a database of that release has them. */
async function migrateUpTo(handle: DatabaseHandle, lastTag: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'voxwork-migrations-'));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    expect(last).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: folder });
    else await migratePg(handle.db as never, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Queues of job types (pg-boss's own start with `__pgboss__`). */
async function queueNames(handle: DatabaseHandle): Promise<string[]> {
  const result = (await handle.db.execute(sql`select name from pgboss.queue where name not like '\_\_pgboss\_\_%' order by name`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

describe.each(backends)('job types renamed after their tools, on %s', (_name, open) => {
  it('a text-to-speech job waiting under its old name runs to the end under the new one after the upgrade', async () => {
    const { handle, cleanup } = await open();
    let stopApp: (() => Promise<void>) | undefined;
    try {
      // The previous release: its migrations, its queues (one per old job type), one accepted job waiting.
      await migrateUpTo(handle, BEFORE_RENAME);
      const boss =
        handle.kind === 'pglite'
          ? new PgBoss({ schema: 'pgboss', db: fromPglite(handle.pglite), backend: 'pglite', supervise: false, schedule: false })
          : new PgBoss({ schema: 'pgboss', connectionString: handle.url, max: 2, supervise: false, schedule: false });
      await boss.start();
      for (const name of OLD_NAMES) await boss.createQueue(name, { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600, notify: true });
      const jobs = createJobRepository(handle.db);
      const text = 'Queued before the upgrade. It still speaks after it.';
      const row = await jobs.insert(
        {
          type: 'tts.synthesize',
          ownerId: 'user-before-rename',
          title: 'Before the rename',
          admittedAt: new Date(),
          input: {
            text,
            dialogue: false,
            voices: {
              default: { kind: 'library', voiceKey: 'espeak:espeak-ng/en-us+f3', engineId: 'espeak:espeak-ng', voiceId: 'en-us+f3', language: 'en-us', qualityTier: 'basic' },
              bySpeaker: {},
            },
            speed: 1,
            pitchSemitones: 0,
            volume: 1,
            format: 'mp3',
            pronunciations: [],
            billableCharacters: text.replace(/\s/g, '').length,
          },
        },
        ['synthesize', 'assemble'],
      );
      expect(await boss.send('tts.synthesize', { jobId: row.id }, { id: row.id })).toBe(row.id);
      // pg-boss owns the pool it opened for PostgreSQL; the PGlite instance is ours.
      await boss.stop({ graceful: false, close: handle.kind === 'postgres' });
      expect(await queueNames(handle)).toEqual([...OLD_NAMES].sort());

      // The upgrade: the app migrates (0012), creates the queues of the new names and works them.
      const server = await startTestApp({ name: 'job-type-rename', database: handle, env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' } });
      stopApp = () => server.stop();
      await vi.waitFor(async () => expect((await jobs.findById(row.id))?.status).toBe('completed'), { timeout: 60_000, interval: 250 });

      const done = await jobs.findById(row.id);
      expect(done).toMatchObject({ type: 'text-to-speech.synthesize', completions: 1 });
      expect((done?.output?.media as { role: string }[]).map((file) => file.role)).toContain('audio');
      expect(await queueNames(handle)).toEqual([...JOB_NAMES].sort());
      // pg-boss marks its job completed just after the job row is (a moment later under load).
      await vi.waitFor(
        async () => {
          const moved = (await handle.db.execute(sql`select name, state from pgboss.job where id = ${row.id}`)) as unknown as { rows: { name: string; state: string }[] };
          expect(moved.rows).toEqual([{ name: 'text-to-speech.synthesize', state: 'completed' }]);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await stopApp?.();
      await handle.close();
      await cleanup();
    }
  }, 120_000);
});
