import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, type DubbingProject, type DubbingProjectSummary } from '@voxwork/contract';
import { MAX_DUBBING_SEGMENTS, peaksFromBase64, type DubbingCharacter, type DubbingOp, type DubbingSegment } from '@voxwork/contract/dubbing';
import { dubbingEditRules } from '@voxwork/core';
import { createDubbingRepository, createJobRepository, type DubbingRepository } from '@voxwork/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases, type OpenTestDatabase } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

interface EditData {
  applied: boolean;
  replayed: boolean;
  revision: number;
  settingsRevision: number;
  segments: Array<{ id: string; revision: number | null }>;
  conflicts: Array<{ segmentId: string | null; current: DubbingSegment | null }>;
}

const character = (id: string, name: string, speaker: string | null, voices: Record<string, string> = {}): DubbingCharacter => ({ id, name, voices, speed: 1, volume: 1, originalSpeakerId: speaker });
const line = (id: string, startMs: number, endMs: number, characterId: string, sourceText: string) => ({ id, startMs, endMs, characterId, sourceText, translations: {}, speed: 1, volume: 1, takes: {} });

/**
 * The dubbing editor's server side over HTTP: projects made ready through the store (as the
 * preparation job does), then edited by the calls — create, move, split, merge, delete; two tabs
 * on one segment (the second is told, and "keep mine" applies it); a batch sent twice applied once;
 * concurrent batches; autosaved versions and restore; duplicate and delete with shared files kept;
 * cast bibles; every validation error with its code; and another user seeing nothing.
 */
describe.each(testDatabases().slice(-1))('dubbing edits on %s', (_name, open: OpenTestDatabase) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let store: DubbingRepository;
  let alice: ToolClient;
  let bob: ToolClient;
  let aliceId: string;
  let bobId: string;
  let bobEmail: string;
  let projectId: string;

  const fileAt = (key: string) => path.join(testApp.dataDir, 'files', key);
  async function storeFile(key: string, text: string): Promise<string> {
    await mkdir(path.dirname(fileAt(key)), { recursive: true });
    await writeFile(fileAt(key), text);
    return key;
  }
  const keyOf = (name: string) => `users/${aliceId}/dubbing-test/${name}`;

  /** A ready project of Alice's, as preparation leaves it. */
  async function readyProject(options: { edition?: 'studio' | 'pro'; targetLanguages?: string[]; characters?: DubbingCharacter[]; segments?: ReturnType<typeof line>[] } = {}): Promise<string> {
    const created = await store.createProject({
      ownerId: aliceId,
      edition: options.edition ?? 'studio',
      title: 'Episode 1',
      origin: { kind: 'upload', jobId: null },
      mediaKind: 'video',
      durationMs: 60_000,
      sourceLanguage: 'en',
      targetLanguages: options.targetLanguages ?? ['es'],
    });
    await store.finishPreparation(created.id, {
      mediaKind: 'video',
      durationMs: 60_000,
      width: 640,
      height: 360,
      mediaKey: keyOf('media.mp4'),
      posterKey: keyOf('poster.jpg'),
      peaksKey: keyOf('peaks.bin'),
      backgroundKey: null,
      dialogueKey: null,
      characters: options.characters ?? [character('c1', 'Alice', 's1'), character('c2', 'Bob', 's2')],
      segments: options.segments ?? [line('a', 1000, 3000, 'c1', 'Hello there.'), line('b', 4000, 6000, 'c2', 'Hi. How are you?'), line('c', 7000, 9000, 'c1', 'Fine.')],
    });
    return created.id;
  }

  const get = (client: ToolClient, id = projectId) => client.data<DubbingProject>('/api/dubbing/projects/get', { projectId: id });
  const edit = (client: ToolClient, ops: DubbingOp[], options: { batchId?: string; force?: boolean; id?: string } = {}) =>
    client.call('/api/dubbing/edit', { projectId: options.id ?? projectId, batchId: options.batchId ?? randomUUID(), ops, force: options.force ?? false });
  async function applied(client: ToolClient, ops: DubbingOp[], options: { batchId?: string; force?: boolean; id?: string } = {}): Promise<EditData> {
    const envelope = await edit(client, ops, options);
    expect(envelope, JSON.stringify(envelope).slice(0, 400)).toMatchObject({ code: 0, data: { applied: true } });
    return envelope.data as unknown as EditData;
  }
  /** The project without its signed links (they carry their expiry time). */
  const unsigned = (project: DubbingProject) => ({
    ...project,
    posterUrl: null,
    media: { ...project.media, url: null, peaksUrl: null },
    segments: project.segments.map((entry) => ({ ...entry, takes: Object.fromEntries(Object.entries(entry.takes).map(([language, take]) => [language, { ...take, url: '' }])) })),
  });
  const segment = (project: DubbingProject, id: string) => project.segments.find((candidate) => candidate.id === id);

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'dubbing-edits', database: opened.handle });
    store = createDubbingRepository(opened.handle.db, { rules: dubbingEditRules });
    const aliceUser = await createVerifiedUser(testApp.base, testApp.dataDir, `dubbing-alice-${Date.now()}@example.com`);
    bobEmail = `dubbing-bob-${Date.now()}@example.com`;
    const bobUser = await createVerifiedUser(testApp.base, testApp.dataDir, bobEmail);
    bobId = bobUser.userId;
    aliceId = aliceUser.userId;
    alice = toolClient(testApp.base, aliceUser);
    bob = toolClient(testApp.base, bobUser);
    for (const name of ['media.mp4', 'poster.jpg', 'peaks.bin', 'take-a.wav']) await storeFile(keyOf(name), name);
    projectId = await readyProject();
    await store.setTakes(projectId, 'es', [{ segmentId: 'a', take: { kind: 'synthesized', key: keyOf('take-a.wav'), durationMs: 1800, madeFrom: 'es|v|Hola', peaks: [1, 2, 3] } }]);
  }, 120_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
  });

  it('shows the project with signed links, its running jobs, and lists it under its edition only', async () => {
    const jobs = createJobRepository(testApp.app.database.db);
    const job = await jobs.insert({ type: 'dubbing.translate', ownerId: aliceId, input: { projectId, language: 'es', segmentIds: ['a'] } });
    await jobs.insert({ type: 'dubbing.translate', ownerId: aliceId, status: 'completed', input: { projectId, language: 'es', segmentIds: ['b'] } });
    const project = await get(alice);
    expect(project).toMatchObject({ id: projectId, status: 'ready', edition: 'studio', segmentCount: 3, revision: 2, targetLanguages: ['es'], activeJobs: [{ jobId: job.id, type: 'dubbing.translate', language: 'es' }] });
    expect(project.segments.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    const media = await fetch(new URL(project.media.url!, testApp.base));
    expect(await media.text()).toBe('media.mp4');
    const take = await fetch(new URL(segment(project, 'a')!.takes.es!.url, testApp.base));
    expect(await take.text()).toBe('take-a.wav');
    // The poll's cheap answer: the same revisions and running jobs, no segments; the links are the same when read again.
    expect(await alice.data('/api/dubbing/projects/state', { projectId })).toEqual({ revision: 2, settingsRevision: project.settingsRevision, activeJobs: project.activeJobs });
    const again = await get(alice);
    expect([again.media.url, again.media.peaksUrl, segment(again, 'a')!.takes.es!.url]).toEqual([project.media.url, project.media.peaksUrl, segment(project, 'a')!.takes.es!.url]);
    await jobs.cancel(job.id);
    expect((await get(alice)).activeJobs).toEqual([]);
    expect(await alice.data('/api/dubbing/projects/state', { projectId })).toMatchObject({ revision: 2, activeJobs: [] });

    const studio = await alice.data<{ projects: DubbingProjectSummary[] }>('/api/dubbing/projects/list', { edition: 'studio' });
    expect(studio.projects.map((entry) => entry.id)).toContain(projectId);
    expect((await alice.data<{ projects: DubbingProjectSummary[] }>('/api/dubbing/projects/list', { edition: 'pro' })).projects.map((entry) => entry.id)).not.toContain(projectId);
    const renamed = await alice.data<DubbingProjectSummary>('/api/dubbing/projects/rename', { projectId, title: '  Pilot  ' });
    expect(renamed.title).toBe('Pilot');
  });

  it('creates, moves, splits, merges and deletes segments, each batch one revision for what it touched', async () => {
    const before = await get(alice);
    const created = await applied(alice, [{ kind: 'segment.put', segmentId: 'd', baseRevision: 0, fields: { startMs: 10_000, endMs: 12_000, characterId: 'c2', sourceText: 'See you.' } }]);
    expect(created).toMatchObject({ revision: before.revision + 1, segments: [{ id: 'd', revision: before.revision + 1 }] });

    const moved = await applied(alice, [{ kind: 'segment.put', segmentId: 'a', baseRevision: segment(before, 'a')!.revision, fields: { startMs: 1200, endMs: 3200 } }]);
    // Split b at 5 s: b keeps its start, b2 takes the rest.
    const split = await applied(alice, [
      { kind: 'segment.put', segmentId: 'b', baseRevision: segment(before, 'b')!.revision, fields: { endMs: 5000, sourceText: 'Hi.' } },
      { kind: 'segment.put', segmentId: 'b2', baseRevision: 0, fields: { startMs: 5000, endMs: 6000, characterId: 'c2', sourceText: 'How are you?' } },
    ]);
    expect(split.revision).toBe(moved.revision + 1);
    // Merge c and d into c.
    const merged = await applied(alice, [
      { kind: 'segment.put', segmentId: 'c', baseRevision: segment(before, 'c')!.revision, fields: { endMs: 12_000, sourceText: 'Fine. See you.' } },
      { kind: 'segment.delete', segmentId: 'd', baseRevision: created.revision },
    ]);
    expect(merged.segments).toEqual([
      { id: 'c', revision: split.revision + 1 },
      { id: 'd', revision: null },
    ]);
    const removed = await applied(alice, [{ kind: 'segment.delete', segmentId: 'b2', baseRevision: split.revision }]);

    const after = await get(alice);
    expect(after.revision).toBe(removed.revision);
    expect(after.segmentCount).toBe(3);
    expect(after.segments.map((entry) => [entry.id, entry.startMs, entry.endMs, entry.sourceText, entry.revision])).toEqual([
      ['a', 1200, 3200, 'Hello there.', moved.revision],
      ['b', 4000, 5000, 'Hi.', split.revision],
      ['c', 7000, 12_000, 'Fine. See you.', merged.revision],
    ]);
    // The take stays with its segment (it no longer fits the moved slot exactly; the editor shows that).
    expect(segment(after, 'a')!.takes.es).toMatchObject({ kind: 'synthesized', durationMs: 1800 });
  });

  it('tells the second tab of the conflict, applies nothing of it, and applies it when the user keeps theirs', async () => {
    const seen = await get(alice);
    const base = segment(seen, 'a')!.revision;
    await applied(alice, [{ kind: 'segment.put', segmentId: 'a', baseRevision: base, fields: { translations: { es: 'Hola desde la pestaña uno.' } } }]);
    const second = randomUUID();
    const ops: DubbingOp[] = [
      { kind: 'segment.put', segmentId: 'a', baseRevision: base, fields: { translations: { es: 'Hola desde la pestaña dos.' } } },
      { kind: 'segment.put', segmentId: 'c', baseRevision: segment(seen, 'c')!.revision, fields: { sourceText: 'Fine!' } },
    ];
    const refused = await edit(alice, ops, { batchId: second });
    expect(refused.data).toMatchObject({ applied: false, replayed: false, segments: [], conflicts: [{ segmentId: 'a', current: { id: 'a', translations: { es: 'Hola desde la pestaña uno.' } } }] });
    expect((refused.data as unknown as EditData).conflicts).toHaveLength(1);
    let now = await get(alice);
    expect(segment(now, 'c')!.sourceText).toBe('Fine. See you.');
    // A refused batch is not remembered: sent again it is refused again, not "replayed".
    expect((await edit(alice, ops, { batchId: second })).data).toMatchObject({ applied: false, replayed: false });

    const kept = await applied(alice, ops, { force: true });
    now = await get(alice);
    expect(segment(now, 'a')!.translations.es).toBe('Hola desde la pestaña dos.');
    expect(segment(now, 'c')!).toMatchObject({ sourceText: 'Fine!', revision: kept.revision });

    // A segment the other tab deleted: the conflict names it with no current version.
    await applied(alice, [{ kind: 'segment.put', segmentId: 'e', baseRevision: 0, fields: { startMs: 20_000, endMs: 21_000, characterId: 'c1' } }]);
    const withE = await get(alice);
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'e', baseRevision: segment(withE, 'e')!.revision }]);
    const stale = await edit(alice, [{ kind: 'segment.put', segmentId: 'e', baseRevision: segment(withE, 'e')!.revision, fields: { sourceText: 'Still here?' } }]);
    expect(stale.data).toMatchObject({ applied: false, conflicts: [{ segmentId: 'e', current: null }] });
    // Settings edited on an old settings revision conflict too.
    const settings = await edit(alice, [{ kind: 'settings.put', baseRevision: withE.settingsRevision - 1, fields: { glossary: [] } }]);
    expect(settings.data).toMatchObject({ applied: false, conflicts: [{ segmentId: null, current: null }] });
  });

  it('gives what jobs write (translations, takes) a new revision too, so an editor on the old one is told', async () => {
    const seen = await get(alice);
    await store.setTranslations(projectId, 'es', [
      { segmentId: 'b', text: '¿Hola?' },
      { segmentId: 'gone', text: 'skipped' },
    ]);
    const now = await get(alice);
    expect(now.revision).toBe(seen.revision + 1);
    expect(segment(now, 'b')).toMatchObject({ revision: now.revision, translations: { es: '¿Hola?' } });
    expect(segment(now, 'a')!.revision).toBe(segment(seen, 'a')!.revision);
    const stale = await edit(alice, [{ kind: 'segment.put', segmentId: 'b', baseRevision: segment(seen, 'b')!.revision, fields: { translations: { es: 'Hola.' } } }]);
    expect(stale.data).toMatchObject({ applied: false, conflicts: [{ segmentId: 'b', current: { translations: { es: '¿Hola?' } } }] });
  });

  it('answers a batch sent twice from its stored outcome without applying it again', async () => {
    const batchId = randomUUID();
    const ops: DubbingOp[] = [{ kind: 'segment.put', segmentId: 'f', baseRevision: 0, fields: { startMs: 30_000, endMs: 31_000, characterId: 'c2', sourceText: 'Once.' } }];
    const first = await applied(alice, ops, { batchId });
    const again = await edit(alice, ops, { batchId });
    expect(again.data).toEqual({ ...first, replayed: true });
    const project = await get(alice);
    expect(project.revision).toBe(first.revision);
    expect(project.segments.filter((entry) => entry.id === 'f')).toHaveLength(1);
  });

  it('applies exactly one of two concurrent batches on the same segment, and every batch on different ones', async () => {
    const seen = await get(alice);
    const base = segment(seen, 'b')!.revision;
    const results = await Promise.all(
      ['left', 'right'].map((word) => edit(alice, [{ kind: 'segment.put', segmentId: 'b', baseRevision: base, fields: { sourceText: word } }])),
    );
    const outcomes = results.map((result) => result.data as unknown as EditData);
    expect(outcomes.filter((outcome) => outcome.applied)).toHaveLength(1);
    const loser = outcomes.find((outcome) => !outcome.applied)!;
    const winner = outcomes.find((outcome) => outcome.applied)!;
    expect(loser.conflicts).toEqual([{ segmentId: 'b', current: expect.objectContaining({ revision: winner.revision }) }]);

    const many = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        applied(alice, [{ kind: 'segment.put', segmentId: `g${index}`, baseRevision: 0, fields: { startMs: 40_000 + index * 1000, endMs: 40_500 + index * 1000, characterId: 'c1' } }]),
      ),
    );
    const revisions = many.map((outcome) => outcome.revision).sort((a, b) => a - b);
    expect(new Set(revisions).size).toBe(6);
    expect(revisions.at(-1)! - revisions[0]!).toBe(5);
    expect((await get(alice)).revision).toBe(revisions.at(-1));
  });

  it('autosaves a version after quiet minutes and restores it (the state before saved first)', async () => {
    const db = testApp.app.database.db;
    await db.execute(sql`update dubbing_projects set last_version_at = now() - interval '10 minutes' where id = ${projectId}`);
    const before = await get(alice);
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'a', baseRevision: segment(before, 'a')!.revision }]);
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'b', baseRevision: segment(before, 'b')!.revision }]);
    type Versions = { versions: Array<{ id: string; reason: string; revision: number; segmentCount: number }> };
    const listed = await alice.data<Versions>('/api/dubbing/versions/list', { projectId });
    // One autosave (the second edit came within five minutes of it), and the version made when the project was prepared.
    expect(listed.versions.map((version) => version.reason)).toEqual(['autosave', 'created']);
    expect(listed.versions[0]).toMatchObject({ revision: before.revision, segmentCount: before.segmentCount });

    const deleted = await get(alice);
    expect(deleted.segments.map((entry) => entry.id)).not.toContain('a');
    const restored = await alice.data<DubbingProject>('/api/dubbing/versions/restore', { projectId, versionId: listed.versions[0]!.id });
    expect(restored.revision).toBe(deleted.revision + 1);
    expect(restored.settingsRevision).toBe(deleted.settingsRevision + 1);
    expect(restored.segments.map((entry) => [entry.id, entry.sourceText, entry.translations, entry.revision])).toEqual(
      before.segments.map((entry) => [entry.id, entry.sourceText, entry.translations, restored.revision]),
    );
    expect(segment(restored, 'a')!.takes.es).toBeDefined();
    const after = await alice.data<Versions>('/api/dubbing/versions/list', { projectId });
    expect(after.versions[0]).toMatchObject({ reason: 'before-restore', revision: deleted.revision, segmentCount: deleted.segmentCount });

    const missing = await alice.call('/api/dubbing/versions/restore', { projectId, versionId: randomUUID() });
    expect(missing.code).toBe(ErrorCode.DUBBING_VERSION_NOT_FOUND);
  });

  it('duplicates a project sharing its files, and deleting either deletes only the files the other does not use', async () => {
    const source = await readyProject();
    await store.setTakes(source, 'es', [{ segmentId: 'a', take: { kind: 'synthesized', key: await storeFile(keyOf('dup-take-a.wav'), 'a'), durationMs: 1500, madeFrom: 'x', peaks: [] } }]);
    const copy = await alice.call('/api/dubbing/projects/duplicate', { projectId: source }, 'zh');
    expect(copy).toMatchObject({ code: 0, data: { title: 'Episode 1（副本）', segmentCount: 3, status: 'ready' } });
    const copyId = (copy.data as unknown as DubbingProjectSummary).id;
    const copied = await get(alice, copyId);
    expect(copied.segments.map((entry) => [entry.id, entry.revision])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);

    // The copy gets a take of its own for b; the original one of its own for c.
    await store.setTakes(copyId, 'es', [{ segmentId: 'b', take: { kind: 'recorded', key: await storeFile(keyOf('copy-b.wav'), 'b'), durationMs: 900, madeFrom: 'recorded', peaks: [] } }]);
    await store.setTakes(source, 'es', [{ segmentId: 'c', take: { kind: 'recorded', key: await storeFile(keyOf('source-c.wav'), 'c'), durationMs: 900, madeFrom: 'recorded', peaks: [] } }]);
    // Replacing the copy's shared take of a does not give its file up: the original still uses it.
    const replaced = await store.setTakes(copyId, 'es', [{ segmentId: 'a', take: { kind: 'recorded', key: await storeFile(keyOf('copy-a.wav'), 'a2'), durationMs: 1500, madeFrom: 'recorded', peaks: [] } }]);
    expect(replaced.replacedKeys).toEqual([]);

    expect(await alice.data('/api/dubbing/projects/delete', { projectId: source })).toEqual({ deleted: true });
    for (const name of ['media.mp4', 'poster.jpg', 'peaks.bin', 'dup-take-a.wav', 'copy-b.wav', 'copy-a.wav']) expect(existsSync(fileAt(keyOf(name))), name).toBe(true);
    expect(existsSync(fileAt(keyOf('source-c.wav')))).toBe(false);
    expect((await alice.call('/api/dubbing/projects/get', { projectId: source })).code).toBe(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    expect(await alice.data('/api/dubbing/projects/delete', { projectId: source })).toEqual({ deleted: false });

    // The copy still plays, and (the first project still naming the media) deleting it keeps the media but not its takes.
    expect((await fetch(new URL((await get(alice, copyId)).media.url!, testApp.base))).status).toBe(200);
    expect(await alice.data('/api/dubbing/projects/delete', { projectId: copyId })).toEqual({ deleted: true });
    expect(existsSync(fileAt(keyOf('media.mp4')))).toBe(true);
    for (const name of ['dup-take-a.wav', 'copy-b.wav', 'copy-a.wav']) expect(existsSync(fileAt(keyOf(name))), name).toBe(false);
    expect(existsSync(fileAt(keyOf('take-a.wav')))).toBe(true);
  });

  it('saves a cast bible and applies it to the next episode: voices by name or speaker order, glossary merged once', async () => {
    const seen = await get(alice);
    await applied(alice, [
      {
        kind: 'settings.put',
        baseRevision: seen.settingsRevision,
        fields: {
          characters: [character('c1', 'Alice', 's1', { es: 'piper/es_ES-a' }), character('c2', 'Bob', 's2', { es: 'piper/es_ES-b' })],
          glossary: [{ source: 'Voxwork', target: 'Voxwork' }],
          pronunciations: [{ language: 'es', term: 'Voxwork', replacement: 'Vocswork' }],
        },
      },
    ]);
    const cast = await alice.data<{ id: string; name: string; characters: DubbingCharacter[] }>('/api/dubbing/casts/save', { projectId, name: 'Series A' });
    expect(cast.characters.map((entry) => entry.voices.es)).toEqual(['piper/es_ES-a', 'piper/es_ES-b']);
    // Saving under the same name replaces it.
    expect((await alice.data<{ id: string }>('/api/dubbing/casts/save', { projectId, name: 'Series A' })).id).toBe(cast.id);
    expect((await alice.data<{ casts: Array<{ id: string }> }>('/api/dubbing/casts/list', {})).casts.map((entry) => entry.id)).toEqual([cast.id]);

    const next = await readyProject({
      edition: 'pro',
      targetLanguages: ['es', 'fr'],
      characters: [character('x1', 'Speaker 2', 's2'), character('x2', 'BOB', 's1', { fr: 'piper/fr-b' }), character('x3', 'Narrator', null)],
      segments: [line('a', 0, 1000, 'x1', 'One.')],
    });
    await applied(alice, [{ kind: 'settings.put', baseRevision: 1, fields: { glossary: [{ source: 'Voxwork', target: 'VOXWORK' }] } }], { id: next });
    const appliedCast = await alice.data<DubbingProject>('/api/dubbing/casts/apply', { projectId: next, castId: cast.id });
    expect(appliedCast.characters).toEqual([
      // Not matched by name: takes Alice (the cast's first speaker left) in speaker order.
      character('x1', 'Alice', 's2', { es: 'piper/es_ES-a' }),
      // "BOB" is Bob: his voice added to the one it had.
      character('x2', 'BOB', 's1', { fr: 'piper/fr-b', es: 'piper/es_ES-b' }),
      character('x3', 'Narrator', null),
    ]);
    expect(appliedCast.glossary).toEqual([{ source: 'Voxwork', target: 'VOXWORK' }]);
    expect(appliedCast.pronunciations).toEqual([{ language: 'es', term: 'Voxwork', replacement: 'Vocswork' }]);
    expect(appliedCast.settingsRevision).toBe(3);

    expect(await alice.data('/api/dubbing/casts/delete', { castId: cast.id })).toEqual({ deleted: true });
    expect((await alice.call('/api/dubbing/casts/apply', { projectId: next, castId: cast.id })).code).toBe(ErrorCode.DUBBING_CAST_NOT_FOUND);
  });

  it('puts a deleted segment back with its takes when the delete is undone', async () => {
    const id = await readyProject();
    const takeKey = await storeFile(keyOf('undo-take-a.wav'), 'undo-a');
    await store.setTakes(id, 'es', [{ segmentId: 'a', take: { kind: 'recorded', key: takeKey, durationMs: 1700, madeFrom: 'recorded', peaks: [9, 8, 7] } }]);
    const before = segment(await get(alice, id), 'a')!;
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'a', baseRevision: before.revision }], { id });
    expect(segment(await get(alice, id), 'a')).toBeUndefined();
    // The editor's undo: the segment put again under its id, with its fields.
    await applied(alice, [{ kind: 'segment.put', segmentId: 'a', baseRevision: 0, fields: { startMs: before.startMs, endMs: before.endMs, characterId: before.characterId, sourceText: before.sourceText, translations: before.translations, speed: before.speed, volume: before.volume } }], { id });
    const back = segment(await get(alice, id), 'a')!;
    expect(back.takes.es).toMatchObject({ kind: 'recorded', durationMs: 1700 });
    expect([...peaksFromBase64(back.takes.es!.peaks)]).toEqual([9, 8, 7]);
    expect(await (await fetch(new URL(back.takes.es!.url, testApp.base))).text()).toBe('undo-a');
    // A new segment under a new id gets no takes.
    await applied(alice, [{ kind: 'segment.put', segmentId: 'fresh', baseRevision: 0, fields: { startMs: 20_000, endMs: 21_000, characterId: 'c1' } }], { id });
    expect(segment(await get(alice, id), 'fresh')!.takes).toEqual({});
  });

  it('deletes a deleted segment\'s take file once the batch that kept it for an undo is a week old; a take put back stays', async () => {
    const database = testApp.app.database.db;
    const id = await readyProject();
    const gone = await storeFile(keyOf('sweep-take-a.wav'), 'sweep-a');
    const kept = await storeFile(keyOf('sweep-take-b.wav'), 'sweep-b');
    await store.setTakes(id, 'es', [
      { segmentId: 'a', take: { kind: 'recorded', key: gone, durationMs: 1500, madeFrom: 'recorded', peaks: [1] } },
      { segmentId: 'b', take: { kind: 'recorded', key: kept, durationMs: 1500, madeFrom: 'recorded', peaks: [2] } },
    ]);
    const seen = await get(alice, id);
    const b = segment(seen, 'b')!;
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'a', baseRevision: segment(seen, 'a')!.revision }], { id });
    await applied(alice, [{ kind: 'segment.delete', segmentId: 'b', baseRevision: b.revision }], { id });
    await applied(alice, [{ kind: 'segment.put', segmentId: 'b', baseRevision: 0, fields: { startMs: b.startMs, endMs: b.endMs, characterId: b.characterId } }], { id });
    // Within the week nothing is forgotten: an undo may still bring the segment back.
    expect((await store.sweepEditBatches()).keys).not.toContain(gone);
    await database.execute(sql`update dubbing_edit_batches set created_at = now() - interval '8 days' where project_id = ${id}`);
    // The worker's own sweeper (every minute) may get there first: either way the file is gone and the kept one stays.
    const swept = await store.sweepEditBatches();
    for (const key of swept.keys) await rm(fileAt(key), { force: true });
    expect(swept.keys).not.toContain(kept);
    await expect.poll(() => existsSync(fileAt(gone)), { timeout: 90_000 }).toBe(false);
    expect(existsSync(fileAt(kept))).toBe(true);
    expect(segment(await get(alice, id), 'b')!.takes.es).toMatchObject({ kind: 'recorded' });
    const left = await database.execute(sql`select count(*)::int as count from dubbing_edit_batches where project_id = ${id}`);
    expect((left as unknown as { rows: Array<{ count: number }> }).rows[0]!.count).toBe(0);
  }, 120_000);

  it('refuses bad edits with their codes and applies nothing of them', async () => {
    const seen = await get(alice);
    const a = segment(seen, 'a')!;
    const refusals: Array<[DubbingOp[], number, RegExp?]> = [
      [[{ kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { endMs: 61_000 } }], ErrorCode.DUBBING_SEGMENT_TIMES, /Segment a: it must lie within the media/],
      [[{ kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { startMs: 3000, endMs: 2000 } }], ErrorCode.DUBBING_SEGMENT_TIMES, /must end after it starts/],
      [[{ kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { endMs: a.startMs + 50 } }], ErrorCode.DUBBING_SEGMENT_TIMES, /at least 0.1 seconds/],
      [[{ kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { characterId: 'nobody' } }], ErrorCode.DUBBING_UNKNOWN_CHARACTER],
      [[{ kind: 'settings.put', baseRevision: seen.settingsRevision, fields: { characters: [character('c2', 'Bob', 's2')] } }], ErrorCode.DUBBING_UNKNOWN_CHARACTER],
      [[{ kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { translations: { fr: 'Bonjour.' } } }], ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT],
      [[{ kind: 'settings.put', baseRevision: seen.settingsRevision, fields: { targetLanguages: ['es', 'fr'] } }], ErrorCode.DUBBING_STUDIO_ONE_LANGUAGE],
      [[{ kind: 'segment.put', segmentId: 'new', baseRevision: 0, fields: { sourceText: 'No slot.' } }], ErrorCode.DUBBING_UNKNOWN_SEGMENT],
      // A good op first: the batch is refused whole.
      [
        [
          { kind: 'segment.put', segmentId: 'c', baseRevision: segment(seen, 'c')!.revision, fields: { sourceText: 'Changed.' } },
          { kind: 'segment.put', segmentId: 'a', baseRevision: a.revision, fields: { startMs: -0 + 59_990, endMs: 60_000 } },
        ],
        ErrorCode.DUBBING_SEGMENT_TIMES,
      ],
    ];
    for (const [ops, code, message] of refusals) {
      const envelope = await edit(alice, ops);
      expect(envelope.code, JSON.stringify(ops)).toBe(code);
      if (message) expect(envelope.message).toMatch(message);
    }
    const zh = await alice.call('/api/dubbing/edit', { projectId, batchId: randomUUID(), ops: refusals[0]![0], force: false }, 'zh');
    expect(zh.message).toBe('片段 a：必须位于媒体时长之内。');
    expect(unsigned(await get(alice))).toEqual(unsigned(seen));

    // Too many segments.
    const full = await readyProject({ segments: Array.from({ length: MAX_DUBBING_SEGMENTS }, (_, index) => line(`s${index}`, index * 10, index * 10 + 200, 'c1', '')) });
    const over = await edit(alice, [{ kind: 'segment.put', segmentId: 'one-more', baseRevision: 0, fields: { startMs: 0, endMs: 1000, characterId: 'c1' } }], { id: full });
    expect(over.code).toBe(ErrorCode.DUBBING_TOO_MANY_SEGMENTS);
    // Deleting one first makes room.
    await applied(alice, [{ kind: 'segment.delete', segmentId: 's0', baseRevision: 1 }, { kind: 'segment.put', segmentId: 'one-more', baseRevision: 0, fields: { startMs: 0, endMs: 1000, characterId: 'c1' } }], { id: full });

    // A project still being prepared.
    const preparing = await store.createProject({ ownerId: aliceId, edition: 'studio', title: 'Later', origin: { kind: 'upload', jobId: null }, mediaKind: 'audio', durationMs: 10_000, sourceLanguage: 'en', targetLanguages: ['es'] });
    expect((await edit(alice, [{ kind: 'settings.put', baseRevision: 1, fields: { glossary: [] } }], { id: preparing.id })).code).toBe(ErrorCode.DUBBING_NOT_READY);
    expect((await alice.call('/api/dubbing/projects/duplicate', { projectId: preparing.id })).code).toBe(ErrorCode.DUBBING_NOT_READY);
  });

  it('shows another user nothing of the project and lets them change nothing', async () => {
    const before = await get(alice);
    const notFound = ErrorCode.DUBBING_PROJECT_NOT_FOUND;
    expect((await bob.call('/api/dubbing/projects/get', { projectId })).code).toBe(notFound);
    expect((await bob.call('/api/dubbing/projects/state', { projectId })).code).toBe(notFound);
    expect((await edit(bob, [{ kind: 'segment.delete', segmentId: 'a', baseRevision: segment(before, 'a')!.revision }])).code).toBe(notFound);
    expect((await bob.call('/api/dubbing/projects/rename', { projectId, title: 'Mine' })).code).toBe(notFound);
    expect((await bob.call('/api/dubbing/projects/duplicate', { projectId })).code).toBe(notFound);
    expect((await bob.call('/api/dubbing/versions/list', { projectId })).code).toBe(notFound);
    expect((await bob.call('/api/dubbing/casts/save', { projectId, name: 'Stolen' })).code).toBe(notFound);
    expect(await bob.data('/api/dubbing/projects/delete', { projectId })).toEqual({ deleted: false });
    expect((await bob.data<{ projects: unknown[] }>('/api/dubbing/projects/list', { edition: 'studio' })).projects).toEqual([]);
    expect(unsigned(await get(alice))).toEqual(unsigned(before));
  });

  it('deletes the projects and casts of a deleted account', async () => {
    const project = await store.createProject({ ownerId: bobId, edition: 'pro', title: 'Bob’s', origin: { kind: 'upload', jobId: null }, mediaKind: 'audio', durationMs: 5000, sourceLanguage: 'en', targetLanguages: ['es'] });
    await store.saveCast(bobId, 'Bob’s cast', { characters: [], glossary: [], pronunciations: [] });
    const auth = (pathName: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${testApp.base}/api/auth${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: testApp.base, ...headers }, body: JSON.stringify(body) });
    const signIn = (await (await auth('/sign-in/email', { email: bobEmail, password: 'a good password 1' })).json()) as { token: string };
    expect((await auth('/delete-user', { password: 'a good password 1' }, { authorization: `Bearer ${signIn.token}` })).status).toBe(200);
    expect(await store.project(project.id)).toBeUndefined();
    expect(await store.listCasts(bobId)).toEqual([]);
    expect(await store.project(projectId)).toBeDefined();
  });
});
