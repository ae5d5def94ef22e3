/** The dubbing repository's row mapping and the steps its transactions share (locks, segment upserts, versions, revisions, file keys in use). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DubbingSegmentFields } from '@voxwork/contract/dubbing';
import type { Database } from './open-database.ts';
import { dubbingEditBatches, dubbingProjects, dubbingSegments, dubbingVersions, type DubbingCharacterJson, type DubbingProjectRow, type DubbingSegmentRow } from './schema/index.ts';

import type { DubbingEditOutcome, DubbingProjectRecord, DubbingSegmentRecord, DubbingVersionReason } from './dubbing-records.ts';

export interface VersionSnapshot {
  settings: Pick<DubbingProjectRecord, 'characters' | 'glossary' | 'pronunciations' | 'targetLanguages'>;
  segments: DubbingSegmentRecord[];
}

/** A batch seen within this long is answered from its stored outcome. */
export const BATCH_MEMORY_DAYS = 7;
/** Edits make a version when the last one is older than this. */
export const AUTOSAVE_MS = 5 * 60_000;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Rows per INSERT (11 parameters each, well under PostgreSQL's 65,535). */
export const INSERT_CHUNK = 1000;

export function projectRecord(row: DubbingProjectRow): DubbingProjectRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    edition: row.edition,
    title: row.title,
    status: row.status,
    error: row.error ?? null,
    origin: { kind: row.originKind, jobId: row.originJobId },
    prepareJobId: row.prepareJobId,
    mediaKind: row.mediaKind,
    durationMs: row.durationMs,
    width: row.width,
    height: row.height,
    mediaKey: row.mediaKey,
    posterKey: row.posterKey,
    peaksKey: row.peaksKey,
    backgroundKey: row.backgroundKey,
    dialogueKey: row.dialogueKey,
    sourceLanguage: row.sourceLanguage,
    targetLanguages: row.targetLanguages,
    characters: row.characters,
    glossary: row.glossary,
    pronunciations: row.pronunciations,
    settingsRevision: row.settingsRevision,
    revision: row.revision,
    segmentCount: row.segmentCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function segmentRecord(row: DubbingSegmentRow): DubbingSegmentRecord {
  return {
    id: row.id,
    revision: row.revision,
    startMs: row.startMs,
    endMs: row.endMs,
    characterId: row.characterId,
    sourceText: row.sourceText,
    translations: row.translations,
    speed: row.speed,
    volume: row.volume,
    takes: row.takes,
  };
}

/** The storage keys a project's row and segments name. */
export function keysOf(project: Pick<DubbingProjectRow, 'mediaKey' | 'posterKey' | 'peaksKey' | 'backgroundKey' | 'dialogueKey'> | undefined, segments: ReadonlyArray<Pick<DubbingSegmentRecord, 'takes'>>): string[] {
  const keys = new Set<string>();
  for (const key of [project?.mediaKey, project?.posterKey, project?.peaksKey, project?.backgroundKey, project?.dialogueKey]) if (key) keys.add(key);
  for (const segment of segments) for (const take of Object.values(segment.takes)) keys.add(take.key);
  return [...keys];
}

/** A segment as an edit leaves it (`applySegmentFields` of the contract, on a stored segment). */
export function applyFields(segment: DubbingSegmentRecord, fields: DubbingSegmentFields): DubbingSegmentRecord {
  const { translations, ...rest } = fields;
  return { ...segment, ...rest, translations: translations ? { ...segment.translations, ...translations } : segment.translations };
}

/** A new segment (`newSegment` of the contract): its character's speed and volume unless the edit sets them. */
/** An edit batch's outcome as stored: with the takes of the segments it deleted (kept for an undo that puts them back; never sent). */
export type StoredEditOutcome = DubbingEditOutcome & { removedTakes?: Record<string, DubbingSegmentRecord['takes']> };

export function createdSegment(id: string, fields: DubbingSegmentFields & { startMs: number; endMs: number; characterId: string }, characters: readonly DubbingCharacterJson[]): DubbingSegmentRecord {
  const character = characters.find((candidate) => candidate.id === fields.characterId);
  const empty = { id, revision: 0, startMs: fields.startMs, endMs: fields.endMs, characterId: fields.characterId, sourceText: '', translations: {}, speed: character?.speed ?? 1, volume: character?.volume ?? 1, takes: {} };
  return applyFields(empty, fields);
}

export function chunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** SQL for dubbing projects, their segments, edit batches and versions; cast bibles are series (series.repository.ts). The rules of edits come from core (`DubbingEditRules`). */

export async function lockProject(tx: Database, projectId: string): Promise<DubbingProjectRow | undefined> {
  if (!UUID.test(projectId)) return undefined;
  const [row] = await tx.select().from(dubbingProjects).where(eq(dubbingProjects.id, projectId)).for('update');
  return row;
}

export async function segmentsOf(tx: Database, projectId: string, ids?: readonly string[]): Promise<DubbingSegmentRecord[]> {
  if (ids && ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(dubbingSegments)
    .where(and(eq(dubbingSegments.projectId, projectId), ids ? inArray(dubbingSegments.id, [...ids]) : undefined))
    .orderBy(asc(dubbingSegments.startMs), asc(dubbingSegments.id));
  return rows.map(segmentRecord);
}

export async function upsertSegments(tx: Database, projectId: string, segments: readonly DubbingSegmentRecord[]): Promise<void> {
  for (const part of chunks(segments)) {
    await tx
      .insert(dubbingSegments)
      .values(part.map((segment) => ({ projectId, ...segment })))
      .onConflictDoUpdate({
        target: [dubbingSegments.projectId, dubbingSegments.id],
        set: {
          revision: sql`excluded.revision`,
          startMs: sql`excluded.start_ms`,
          endMs: sql`excluded.end_ms`,
          characterId: sql`excluded.character_id`,
          sourceText: sql`excluded.source_text`,
          translations: sql`excluded.translations`,
          speed: sql`excluded.speed`,
          volume: sql`excluded.volume`,
          takes: sql`excluded.takes`,
        },
      });
  }
}

export async function saveVersion(tx: Database, project: DubbingProjectRow, reason: DubbingVersionReason): Promise<void> {
  const segments = await segmentsOf(tx, project.id);
  const snapshot: VersionSnapshot = {
    settings: { characters: project.characters, glossary: project.glossary, pronunciations: project.pronunciations, targetLanguages: project.targetLanguages },
    segments,
  };
  await tx.insert(dubbingVersions).values({ projectId: project.id, reason, revision: project.revision, segmentCount: segments.length, snapshot: snapshot as unknown as Record<string, unknown> });
  await tx.update(dubbingProjects).set({ lastVersionAt: sql`now()` }).where(eq(dubbingProjects.id, project.id));
}

/** Serialises the decisions about an owner's files (which keys are still named) until the transaction ends. */
export async function lockOwnerFiles(tx: Database, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voxwork:dubbing-files:${ownerId}`}, 0))`);
}

/**
 * Of `keys`, those another project of the owner, a segment or a saved version still names (after
 * this transaction's own changes): the ones that must not be deleted.
 */
export async function keysInUse(tx: Database, ownerId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const wanted = JSON.stringify(keys);
  const result = await tx.execute(sql`
    with wanted(key) as (select jsonb_array_elements_text(${wanted}::jsonb)),
    owned as (select * from ${dubbingProjects} where owner_id = ${ownerId})
    select key from wanted where
      exists (select 1 from owned p where wanted.key in (p.media_key, p.poster_key, p.peaks_key, p.background_key, p.dialogue_key))
      or exists (select 1 from ${dubbingSegments} s join owned p on p.id = s.project_id, jsonb_each(s.takes) t where t.value->>'key' = wanted.key)
      or exists (
        select 1 from ${dubbingEditBatches} b join owned p on p.id = b.project_id
        where jsonb_path_exists(b.outcome, '$.removedTakes.*.*.key ? (@ == $k)', jsonb_build_object('k', wanted.key))
      )
      or exists (
        select 1 from ${dubbingVersions} v join owned p on p.id = v.project_id
        where jsonb_path_exists(v.snapshot, '$.segments[*].takes.*.key ? (@ == $k)', jsonb_build_object('k', wanted.key))
      )`);
  return new Set((result as unknown as { rows: Array<{ key: string }> }).rows.map((row) => row.key));
}

/** Raises the project's revision by one (and its settings revision when asked); the new revisions. */
export async function raiseRevision(tx: Database, projectId: string, values: Partial<typeof dubbingProjects.$inferInsert> & { settings?: boolean }): Promise<{ revision: number; settingsRevision: number }> {
  const { settings, ...rest } = values;
  const [row] = await tx
    .update(dubbingProjects)
    .set({
      ...rest,
      revision: sql`${dubbingProjects.revision} + 1`,
      ...(settings ? { settingsRevision: sql`${dubbingProjects.settingsRevision} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(dubbingProjects.id, projectId))
    .returning({ revision: dubbingProjects.revision, settingsRevision: dubbingProjects.settingsRevision });
  return row!;
}

export async function countSegments(tx: Database, projectId: string): Promise<number> {
  const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(dubbingSegments).where(eq(dubbingSegments.projectId, projectId));
  return row?.total ?? 0;
}

