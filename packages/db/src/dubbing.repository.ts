import { and, asc, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { DubbingEdition, DubbingOp, DubbingSegmentFields } from '@voxwork/contract/dubbing';
import type { Database } from './open-database.ts';
import { createSeriesRepository, type DubbingCastRow, type DubbingCastValues } from './series.repository.ts';
import {
  dubbingEditBatches,
  dubbingProjects,
  dubbingSegments,
  dubbingVersions,
  type DubbingCharacterJson,
  type DubbingGlossaryJson,
  type DubbingProjectRow,
  type DubbingPronunciationJson,
  type DubbingSegmentRow,
  type DubbingTakeJson,
} from './schema/index.ts';

// The shapes of core's `DubbingStore` port (packages/core/src/dubbing/dubbing-store.port.ts),
// spelled out here because the database layer does not import core; `services.ts` assigns this
// repository to a `DubbingStore`, so the compiler keeps the two the same.

export interface DubbingProjectRecord {
  id: string;
  ownerId: string;
  edition: DubbingEdition;
  title: string;
  status: 'preparing' | 'ready' | 'failed';
  error: { code: number; params: Record<string, unknown> } | null;
  origin: { kind: 'upload' | 'video-translation'; jobId: string | null };
  prepareJobId: string | null;
  mediaKind: 'video' | 'audio';
  durationMs: number;
  width: number | null;
  height: number | null;
  mediaKey: string | null;
  posterKey: string | null;
  peaksKey: string | null;
  backgroundKey: string | null;
  dialogueKey: string | null;
  sourceLanguage: string;
  targetLanguages: string[];
  characters: DubbingCharacterJson[];
  glossary: DubbingGlossaryJson[];
  pronunciations: DubbingPronunciationJson[];
  settingsRevision: number;
  revision: number;
  segmentCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DubbingSegmentRecord {
  id: string;
  revision: number;
  startMs: number;
  endMs: number;
  characterId: string;
  sourceText: string;
  translations: Record<string, string>;
  speed: number;
  volume: number;
  takes: Record<string, DubbingTakeJson>;
}

export interface DubbingEditOutcome {
  applied: boolean;
  replayed: boolean;
  revision: number;
  settingsRevision: number;
  segments: Array<{ id: string; revision: number | null }>;
  conflicts: Array<{ segmentId: string | null; current: DubbingSegmentRecord | null }>;
}

export interface NewDubbingProject {
  ownerId: string;
  edition: DubbingEdition;
  title: string;
  origin: { kind: 'upload' | 'video-translation'; jobId: string | null };
  mediaKind: 'video' | 'audio';
  durationMs: number;
  sourceLanguage: string;
  targetLanguages: string[];
}

export interface PreparedDubbingProject {
  mediaKind: 'video' | 'audio';
  durationMs: number;
  width: number | null;
  height: number | null;
  mediaKey: string;
  posterKey: string | null;
  peaksKey: string;
  backgroundKey: string | null;
  dialogueKey: string | null;
  characters: DubbingCharacterJson[];
  segments: Array<Omit<DubbingSegmentRecord, 'revision'>>;
}

/** What an edit batch leaves, for the rules to judge before anything is written. */
export interface DubbingEditedState {
  before: DubbingProjectRecord;
  /** The project with the batch's settings applied. */
  after: DubbingProjectRecord;
  /** Every segment the batch puts, as the batch leaves it. */
  segments: DubbingSegmentRecord[];
  /** The languages the batch's ops write translations in. */
  translated: Array<{ segmentId: string; language: string }>;
  segmentCount: number;
  /** When the batch changes the characters: each character the segments it does not touch name, with one such segment. */
  untouchedCharacters: Array<{ segmentId: string; characterId: string }>;
  settingsChanged: boolean;
}

/**
 * The business rules of edits, given by core (the database layer only applies them): `editable`
 * refuses a project that is missing, another user's or not ready; `check` refuses a state the
 * batch would leave (bad times, unknown characters, too many segments, wrong languages). Both
 * throw; nothing of the batch is written then.
 */
export interface DubbingEditRules {
  editable(project: DubbingProjectRecord | undefined, ownerId: string): asserts project is DubbingProjectRecord;
  /** A segment put that has no segment to change and too few fields to create one. */
  unknownSegment(segmentId: string): Error;
  check(state: DubbingEditedState): void;
}

export type DubbingVersionReason = 'autosave' | 'before-restore' | 'before-translate' | 'before-synthesis' | 'created';

export interface DubbingVersionSummary {
  id: string;
  reason: DubbingVersionReason;
  revision: number;
  segmentCount: number;
  createdAt: Date;
}

interface VersionSnapshot {
  settings: Pick<DubbingProjectRecord, 'characters' | 'glossary' | 'pronunciations' | 'targetLanguages'>;
  segments: DubbingSegmentRecord[];
}

/** A batch seen within this long is answered from its stored outcome. */
const BATCH_MEMORY_DAYS = 7;
/** Edits make a version when the last one is older than this. */
const AUTOSAVE_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Rows per INSERT (11 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;

function projectRecord(row: DubbingProjectRow): DubbingProjectRecord {
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

function segmentRecord(row: DubbingSegmentRow): DubbingSegmentRecord {
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
function keysOf(project: Pick<DubbingProjectRow, 'mediaKey' | 'posterKey' | 'peaksKey' | 'backgroundKey' | 'dialogueKey'> | undefined, segments: ReadonlyArray<Pick<DubbingSegmentRecord, 'takes'>>): string[] {
  const keys = new Set<string>();
  for (const key of [project?.mediaKey, project?.posterKey, project?.peaksKey, project?.backgroundKey, project?.dialogueKey]) if (key) keys.add(key);
  for (const segment of segments) for (const take of Object.values(segment.takes)) keys.add(take.key);
  return [...keys];
}

/** A segment as an edit leaves it (`applySegmentFields` of the contract, on a stored segment). */
function applyFields(segment: DubbingSegmentRecord, fields: DubbingSegmentFields): DubbingSegmentRecord {
  const { translations, ...rest } = fields;
  return { ...segment, ...rest, translations: translations ? { ...segment.translations, ...translations } : segment.translations };
}

/** A new segment (`newSegment` of the contract): its character's speed and volume unless the edit sets them. */
/** An edit batch's outcome as stored: with the takes of the segments it deleted (kept for an undo that puts them back; never sent). */
type StoredEditOutcome = DubbingEditOutcome & { removedTakes?: Record<string, DubbingSegmentRecord['takes']> };

function createdSegment(id: string, fields: DubbingSegmentFields & { startMs: number; endMs: number; characterId: string }, characters: readonly DubbingCharacterJson[]): DubbingSegmentRecord {
  const character = characters.find((candidate) => candidate.id === fields.characterId);
  const empty = { id, revision: 0, startMs: fields.startMs, endMs: fields.endMs, characterId: fields.characterId, sourceText: '', translations: {}, speed: character?.speed ?? 1, volume: character?.volume ?? 1, takes: {} };
  return applyFields(empty, fields);
}

function chunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** SQL for dubbing projects, their segments, edit batches and versions; cast bibles are series (series.repository.ts). The rules of edits come from core (`DubbingEditRules`). */
export function createDubbingRepository(db: Database, options: { rules: DubbingEditRules }) {
  const { rules } = options;
  const seriesStore = createSeriesRepository(db);

  async function lockProject(tx: Database, projectId: string): Promise<DubbingProjectRow | undefined> {
    if (!UUID.test(projectId)) return undefined;
    const [row] = await tx.select().from(dubbingProjects).where(eq(dubbingProjects.id, projectId)).for('update');
    return row;
  }

  async function segmentsOf(tx: Database, projectId: string, ids?: readonly string[]): Promise<DubbingSegmentRecord[]> {
    if (ids && ids.length === 0) return [];
    const rows = await tx
      .select()
      .from(dubbingSegments)
      .where(and(eq(dubbingSegments.projectId, projectId), ids ? inArray(dubbingSegments.id, [...ids]) : undefined))
      .orderBy(asc(dubbingSegments.startMs), asc(dubbingSegments.id));
    return rows.map(segmentRecord);
  }

  async function upsertSegments(tx: Database, projectId: string, segments: readonly DubbingSegmentRecord[]): Promise<void> {
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

  async function saveVersion(tx: Database, project: DubbingProjectRow, reason: DubbingVersionReason): Promise<void> {
    const segments = await segmentsOf(tx, project.id);
    const snapshot: VersionSnapshot = {
      settings: { characters: project.characters, glossary: project.glossary, pronunciations: project.pronunciations, targetLanguages: project.targetLanguages },
      segments,
    };
    await tx.insert(dubbingVersions).values({ projectId: project.id, reason, revision: project.revision, segmentCount: segments.length, snapshot: snapshot as unknown as Record<string, unknown> });
    await tx.update(dubbingProjects).set({ lastVersionAt: sql`now()` }).where(eq(dubbingProjects.id, project.id));
  }

  /** Serialises the decisions about an owner's files (which keys are still named) until the transaction ends. */
  async function lockOwnerFiles(tx: Database, ownerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voxwork:dubbing-files:${ownerId}`}, 0))`);
  }

  /**
   * Of `keys`, those another project of the owner, a segment or a saved version still names (after
   * this transaction's own changes): the ones that must not be deleted.
   */
  async function keysInUse(tx: Database, ownerId: string, keys: readonly string[]): Promise<Set<string>> {
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
  async function raiseRevision(tx: Database, projectId: string, values: Partial<typeof dubbingProjects.$inferInsert> & { settings?: boolean }): Promise<{ revision: number; settingsRevision: number }> {
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

  async function countSegments(tx: Database, projectId: string): Promise<number> {
    const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(dubbingSegments).where(eq(dubbingSegments.projectId, projectId));
    return row?.total ?? 0;
  }

  const repository = {
    async createProject(values: NewDubbingProject): Promise<DubbingProjectRecord> {
      const [row] = await db
        .insert(dubbingProjects)
        .values({
          ownerId: values.ownerId,
          edition: values.edition,
          title: values.title,
          originKind: values.origin.kind,
          originJobId: values.origin.jobId,
          mediaKind: values.mediaKind,
          durationMs: values.durationMs,
          sourceLanguage: values.sourceLanguage,
          targetLanguages: values.targetLanguages,
        })
        .returning();
      return projectRecord(row!);
    },

    async setPrepareJob(projectId: string, jobId: string): Promise<void> {
      await db.update(dubbingProjects).set({ prepareJobId: jobId }).where(eq(dubbingProjects.id, projectId));
    },

    async project(projectId: string, ownerId?: string): Promise<DubbingProjectRecord | undefined> {
      if (!UUID.test(projectId)) return undefined;
      const [row] = await db
        .select()
        .from(dubbingProjects)
        .where(and(eq(dubbingProjects.id, projectId), ownerId === undefined ? undefined : eq(dubbingProjects.ownerId, ownerId)));
      return row ? projectRecord(row) : undefined;
    },

    async segments(projectId: string, ids?: readonly string[]): Promise<DubbingSegmentRecord[]> {
      if (!UUID.test(projectId)) return [];
      return segmentsOf(db, projectId, ids);
    },

    async finishPreparation(projectId: string, prepared: PreparedDubbingProject): Promise<void> {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const project = await lockProject(tx, projectId);
        if (!project || project.status === 'ready') return;
        await tx.delete(dubbingSegments).where(eq(dubbingSegments.projectId, projectId));
        await upsertSegments(
          tx,
          projectId,
          prepared.segments.map((segment) => ({ ...segment, revision: 1 })),
        );
        const { segments, ...media } = prepared;
        const [row] = await tx
          .update(dubbingProjects)
          .set({ ...media, status: 'ready', error: null, segmentCount: segments.length, revision: 1, settingsRevision: 1, updatedAt: sql`now()` })
          .where(eq(dubbingProjects.id, projectId))
          .returning();
        await saveVersion(tx, row!, 'created');
      });
    },

    async failPreparation(projectId: string, error: { code: number; params: Record<string, unknown> }): Promise<void> {
      await db
        .update(dubbingProjects)
        .set({ status: 'failed', error, updatedAt: sql`now()` })
        .where(and(eq(dubbingProjects.id, projectId), eq(dubbingProjects.status, 'preparing')));
    },

    async setTranslations(projectId: string, language: string, translations: ReadonlyArray<{ segmentId: string; text: string }>): Promise<void> {
      if (translations.length === 0) return;
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        if (!(await lockProject(tx, projectId))) return;
        const current = new Map((await segmentsOf(tx, projectId, translations.map((entry) => entry.segmentId))).map((segment) => [segment.id, segment]));
        const touched = translations.filter((entry) => current.has(entry.segmentId));
        if (touched.length === 0) return;
        const { revision } = await raiseRevision(tx, projectId, {});
        const changed = new Map<string, DubbingSegmentRecord>();
        for (const entry of touched) {
          const segment = changed.get(entry.segmentId) ?? current.get(entry.segmentId)!;
          changed.set(entry.segmentId, { ...segment, revision, translations: { ...segment.translations, [language]: entry.text } });
        }
        await upsertSegments(tx, projectId, [...changed.values()]);
      });
    },

    async setTakes(projectId: string, language: string, takes: ReadonlyArray<{ segmentId: string; take: DubbingTakeJson }>): Promise<{ replacedKeys: string[] }> {
      if (takes.length === 0) return { replacedKeys: [] };
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const project = await lockProject(tx, projectId);
        if (!project) return { replacedKeys: [] };
        const current = new Map((await segmentsOf(tx, projectId, takes.map((entry) => entry.segmentId))).map((segment) => [segment.id, segment]));
        const touched = takes.filter((entry) => current.has(entry.segmentId));
        if (touched.length === 0) return { replacedKeys: [] };
        const { revision } = await raiseRevision(tx, projectId, {});
        const changed = new Map<string, DubbingSegmentRecord>();
        const replaced = new Set<string>();
        for (const entry of touched) {
          const segment = changed.get(entry.segmentId) ?? current.get(entry.segmentId)!;
          const old = segment.takes[language];
          if (old && old.key !== entry.take.key) replaced.add(old.key);
          changed.set(entry.segmentId, { ...segment, revision, takes: { ...segment.takes, [language]: entry.take } });
        }
        await upsertSegments(tx, projectId, [...changed.values()]);
        await lockOwnerFiles(tx, project.ownerId);
        const inUse = await keysInUse(tx, project.ownerId, [...replaced]);
        return { replacedKeys: [...replaced].filter((key) => !inUse.has(key)) };
      });
    },

    /**
     * An edit batch, atomically: the project row is locked (so batches on a project run one after
     * the other, on PostgreSQL as on PGlite), a batch seen before is answered from its stored
     * outcome, every op's base revision is checked against the project as it is (any mismatch
     * without `force`: the conflicts, nothing written), then the ops are applied in order, the
     * result is judged by the rules, and the project's revision rises by one, given to every
     * segment the batch touched. Edits after five quiet minutes save a version of the state before.
     */
    async applyEdits(projectId: string, ownerId: string, batch: { batchId: string; ops: readonly DubbingOp[]; force: boolean }): Promise<DubbingEditOutcome> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const row = await lockProject(tx, projectId);
        const project = row ? projectRecord(row) : undefined;
        options.rules.editable(project, ownerId);
        const [seen] = await tx
          .select({ outcome: dubbingEditBatches.outcome })
          .from(dubbingEditBatches)
          .where(and(eq(dubbingEditBatches.projectId, projectId), eq(dubbingEditBatches.batchId, batch.batchId)));
        if (seen) {
          const { removedTakes: _kept, ...answered } = seen.outcome as unknown as StoredEditOutcome;
          return { ...answered, replayed: true };
        }

        const named = [...new Set(batch.ops.flatMap((op) => (op.kind === 'settings.put' ? [] : [op.segmentId])))];
        const server = new Map((await segmentsOf(tx, projectId, named)).map((segment) => [segment.id, segment]));

        // Base revisions, against the project as it is (a segment created earlier in this batch is the batch's own).
        const conflicts: DubbingEditOutcome['conflicts'] = [];
        const createdHere = new Set<string>();
        for (const op of batch.ops) {
          if (op.kind === 'settings.put') {
            if (op.baseRevision !== project.settingsRevision && !conflicts.some((conflict) => conflict.segmentId === null)) conflicts.push({ segmentId: null, current: null });
            continue;
          }
          if (createdHere.has(op.segmentId)) continue;
          const current = server.get(op.segmentId);
          const matches = op.kind === 'segment.put' && op.baseRevision === 0 ? current === undefined : current?.revision === op.baseRevision;
          if (op.kind === 'segment.put' && op.baseRevision === 0 && current === undefined) createdHere.add(op.segmentId);
          if (!matches && !conflicts.some((conflict) => conflict.segmentId === op.segmentId)) conflicts.push({ segmentId: op.segmentId, current: current ?? null });
        }
        if (conflicts.length && !batch.force) {
          return { applied: false, replayed: false, revision: project.revision, settingsRevision: project.settingsRevision, segments: [], conflicts };
        }

        // The ops in order, on a working copy.
        const working = new Map<string, DubbingSegmentRecord | null>([...server.entries()]);
        const after: DubbingProjectRecord = { ...project };
        let settingsChanged = false;
        const translated: DubbingEditedState['translated'] = [];
        const touchedOrder: string[] = [];
        for (const op of batch.ops) {
          if (op.kind === 'settings.put') {
            settingsChanged = true;
            if (op.fields.characters) after.characters = op.fields.characters;
            if (op.fields.glossary) after.glossary = op.fields.glossary;
            if (op.fields.pronunciations) after.pronunciations = op.fields.pronunciations;
            if (op.fields.targetLanguages) after.targetLanguages = op.fields.targetLanguages;
            continue;
          }
          if (!touchedOrder.includes(op.segmentId)) touchedOrder.push(op.segmentId);
          if (op.kind === 'segment.delete') {
            working.set(op.segmentId, null);
            continue;
          }
          const existing = working.get(op.segmentId);
          const { fields } = op;
          if (existing) {
            working.set(op.segmentId, applyFields(existing, fields));
          } else if (fields.startMs !== undefined && fields.endMs !== undefined && fields.characterId !== undefined) {
            working.set(op.segmentId, createdSegment(op.segmentId, { ...fields, startMs: fields.startMs, endMs: fields.endMs, characterId: fields.characterId }, after.characters));
          } else {
            throw rules.unknownSegment(op.segmentId);
          }
          for (const language of Object.keys(fields.translations ?? {})) translated.push({ segmentId: op.segmentId, language });
        }

        // A segment put back (an undone delete) gets the takes it had: the batch that deleted it kept them.
        const putBack = touchedOrder.filter((id) => working.get(id) && !server.has(id));
        if (putBack.length) {
          const kept = await tx.execute(sql`
            select distinct on (removed.key) removed.key as id, removed.value as takes
            from ${dubbingEditBatches} b, jsonb_each(b.outcome->'removedTakes') removed
            where b.project_id = ${projectId} and removed.key in (select jsonb_array_elements_text(${JSON.stringify(putBack)}::jsonb))
            order by removed.key, b.created_at desc`);
          for (const { id, takes } of (kept as unknown as { rows: Array<{ id: string; takes: DubbingSegmentRecord['takes'] }> }).rows) {
            const segment = working.get(id);
            if (segment && Object.keys(segment.takes).length === 0) working.set(id, { ...segment, takes });
          }
        }
        const finals = touchedOrder.map((id) => working.get(id)).filter((segment): segment is DubbingSegmentRecord => Boolean(segment));
        const deleted = touchedOrder.filter((id) => !working.get(id) && server.has(id));
        const removedTakes = Object.fromEntries(deleted.flatMap((id) => (Object.keys(server.get(id)!.takes).length ? [[id, server.get(id)!.takes]] : [])));
        const added = finals.filter((segment) => !server.has(segment.id)).length;
        const segmentCount = (await countSegments(tx, projectId)) + added - deleted.length;
        const untouchedCharacters = batch.ops.some((op) => op.kind === 'settings.put' && op.fields.characters)
          ? await tx
              .selectDistinctOn([dubbingSegments.characterId], { characterId: dubbingSegments.characterId, segmentId: dubbingSegments.id })
              .from(dubbingSegments)
              .where(and(eq(dubbingSegments.projectId, projectId), touchedOrder.length ? notInArray(dubbingSegments.id, touchedOrder) : undefined))
              .orderBy(asc(dubbingSegments.characterId), asc(dubbingSegments.startMs))
          : [];
        rules.check({ before: project, after, segments: finals, translated, segmentCount, untouchedCharacters, settingsChanged });

        // Write: a version of the state before (after five quiet minutes), the segments, the project.
        if (!row!.lastVersionAt || Date.now() - row!.lastVersionAt.getTime() > AUTOSAVE_MS) await saveVersion(tx, row!, 'autosave');
        const raised = await raiseRevision(tx, projectId, {
          segmentCount,
          settings: settingsChanged,
          ...(settingsChanged ? { characters: after.characters, glossary: after.glossary, pronunciations: after.pronunciations, targetLanguages: after.targetLanguages } : {}),
        });
        if (deleted.length) await tx.delete(dubbingSegments).where(and(eq(dubbingSegments.projectId, projectId), inArray(dubbingSegments.id, deleted)));
        await upsertSegments(
          tx,
          projectId,
          finals.map((segment) => ({ ...segment, revision: raised.revision })),
        );
        const outcome: DubbingEditOutcome = {
          applied: true,
          replayed: false,
          revision: raised.revision,
          settingsRevision: raised.settingsRevision,
          segments: touchedOrder.map((id) => ({ id, revision: working.get(id) ? raised.revision : null })),
          conflicts: [],
        };
        const stored: StoredEditOutcome = Object.keys(removedTakes).length ? { ...outcome, removedTakes } : outcome;
        await tx.insert(dubbingEditBatches).values({ projectId, batchId: batch.batchId, outcome: stored as unknown as Record<string, unknown> });
        return outcome;
      });
    },

    /**
     * Forgets edit batches older than a week (up to `limit`), one owner at a time: a batch that
     * deleted segments kept their takes (an undo puts them back); the files only such forgotten
     * batches named are returned, to be deleted from storage. Run by the worker's sweeper.
     */
    async sweepEditBatches(limit = 500): Promise<{ batches: number; keys: string[] }> {
      const expired = await db
        .select({ ownerId: dubbingProjects.ownerId, projectId: dubbingEditBatches.projectId, batchId: dubbingEditBatches.batchId })
        .from(dubbingEditBatches)
        .innerJoin(dubbingProjects, eq(dubbingProjects.id, dubbingEditBatches.projectId))
        .where(lt(dubbingEditBatches.createdAt, sql`now() - make_interval(days => ${BATCH_MEMORY_DAYS})`))
        .orderBy(dubbingEditBatches.createdAt)
        .limit(limit);
      const byOwner = new Map<string, typeof expired>();
      for (const row of expired) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
      let batches = 0;
      const keys: string[] = [];
      for (const [ownerId, rows] of byOwner) {
        const freed = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const candidates = new Set<string>();
          for (const row of rows) {
            const [gone] = await tx
              .delete(dubbingEditBatches)
              .where(and(eq(dubbingEditBatches.projectId, row.projectId), eq(dubbingEditBatches.batchId, row.batchId)))
              .returning({ outcome: dubbingEditBatches.outcome });
            if (!gone) continue;
            batches += 1;
            for (const takes of Object.values((gone.outcome as unknown as StoredEditOutcome).removedTakes ?? {})) for (const take of Object.values(takes)) candidates.add(take.key);
          }
          // Decided under the owner's file lock: a take an undo is putting back right now stays.
          await lockOwnerFiles(tx, ownerId);
          const inUse = await keysInUse(tx, ownerId, [...candidates]);
          return [...candidates].filter((key) => !inUse.has(key));
        });
        keys.push(...freed);
      }
      return { batches, keys };
    },

    /** The owner's projects of an edition, most recently edited first. */
    async listProjects(ownerId: string, edition: DubbingEdition): Promise<DubbingProjectRecord[]> {
      const rows = await db
        .select()
        .from(dubbingProjects)
        .where(and(eq(dubbingProjects.ownerId, ownerId), eq(dubbingProjects.edition, edition)))
        .orderBy(desc(dubbingProjects.updatedAt), desc(dubbingProjects.id));
      return rows.map(projectRecord);
    },

    async renameProject(projectId: string, ownerId: string, title: string): Promise<DubbingProjectRecord | undefined> {
      if (!UUID.test(projectId)) return undefined;
      const [row] = await db
        .update(dubbingProjects)
        .set({ title, updatedAt: sql`now()` })
        .where(and(eq(dubbingProjects.id, projectId), eq(dubbingProjects.ownerId, ownerId)))
        .returning();
      return row ? projectRecord(row) : undefined;
    },

    /** A copy of the project (its segments at revision 1, no versions or batches); the copy names the same files. */
    async duplicateProject(projectId: string, ownerId: string, title: string): Promise<DubbingProjectRecord | undefined> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const source = await lockProject(tx, projectId);
        if (!source || source.ownerId !== ownerId) return undefined;
        const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, lastVersionAt: _lastVersionAt, ...copied } = source;
        const [copy] = await tx.insert(dubbingProjects).values({ ...copied, title, revision: 1, settingsRevision: 1 }).returning();
        await tx.execute(sql`
          insert into ${dubbingSegments} (project_id, id, revision, start_ms, end_ms, character_id, source_text, translations, speed, volume, takes)
          select ${copy!.id}, id, 1, start_ms, end_ms, character_id, source_text, translations, speed, volume, takes
          from ${dubbingSegments} where project_id = ${projectId}`);
        if (copy!.status === 'ready') await saveVersion(tx, copy!, 'created');
        return projectRecord(copy!);
      });
    },

    /** Deletes the project (segments, versions, batches) and returns the storage keys it named that no other project of the owner names. */
    async deleteProject(projectId: string, ownerId: string): Promise<{ deleted: boolean; keys: string[] }> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const project = await lockProject(tx, projectId);
        if (!project || project.ownerId !== ownerId) return { deleted: false, keys: [] };
        const segments = await segmentsOf(tx, projectId);
        const versions = await tx.select({ snapshot: dubbingVersions.snapshot }).from(dubbingVersions).where(eq(dubbingVersions.projectId, projectId));
        const candidates = new Set(keysOf(project, segments));
        for (const version of versions) for (const key of keysOf(undefined, (version.snapshot as unknown as VersionSnapshot).segments ?? [])) candidates.add(key);
        await tx.delete(dubbingProjects).where(eq(dubbingProjects.id, projectId));
        // Two projects sharing files deleted at once must not each see the other still naming them.
        await lockOwnerFiles(tx, ownerId);
        const inUse = await keysInUse(tx, ownerId, [...candidates]);
        return { deleted: true, keys: [...candidates].filter((key) => !inUse.has(key)) };
      });
    },

    async versions(projectId: string): Promise<DubbingVersionSummary[]> {
      if (!UUID.test(projectId)) return [];
      return db
        .select({ id: dubbingVersions.id, reason: dubbingVersions.reason, revision: dubbingVersions.revision, segmentCount: dubbingVersions.segmentCount, createdAt: dubbingVersions.createdAt })
        .from(dubbingVersions)
        .where(eq(dubbingVersions.projectId, projectId))
        .orderBy(desc(dubbingVersions.createdAt), desc(dubbingVersions.revision));
    },

    /** Saves the project as it is now (before a translate or synthesis run, say). */
    async saveVersion(projectId: string, reason: DubbingVersionReason): Promise<void> {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const project = await lockProject(tx, projectId);
        if (project) await saveVersion(tx, project, reason);
      });
    },

    /**
     * Puts a saved version back: the state now is saved first (`before-restore`), then the
     * version's settings and segments replace the project's, at a raised revision. False when the
     * project (of the owner) or the version does not exist.
     */
    async restoreVersion(projectId: string, ownerId: string, versionId: string): Promise<'restored' | 'no-project' | 'no-version'> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const project = await lockProject(tx, projectId);
        if (!project || project.ownerId !== ownerId) return 'no-project';
        if (!UUID.test(versionId)) return 'no-version';
        const [version] = await tx
          .select({ snapshot: dubbingVersions.snapshot })
          .from(dubbingVersions)
          .where(and(eq(dubbingVersions.id, versionId), eq(dubbingVersions.projectId, projectId)));
        if (!version) return 'no-version';
        const snapshot = version.snapshot as unknown as VersionSnapshot;
        await saveVersion(tx, project, 'before-restore');
        const raised = await raiseRevision(tx, projectId, { ...snapshot.settings, segmentCount: snapshot.segments.length, settings: true });
        await tx.delete(dubbingSegments).where(eq(dubbingSegments.projectId, projectId));
        await upsertSegments(
          tx,
          projectId,
          snapshot.segments.map((segment) => ({ ...segment, revision: raised.revision })),
        );
        return 'restored';
      });
    },

    // Cast bibles are series (decision 056): the series repository stores them.
    listCasts: (ownerId: string): Promise<DubbingCastRow[]> => seriesStore.listCasts(ownerId),
    findCast: (ownerId: string, castId: string): Promise<DubbingCastRow | undefined> => seriesStore.findCast(ownerId, castId),
    /** Saves a cast under its name (a cast of that name is replaced, keeping its id). */
    saveCast: (ownerId: string, name: string, values: DubbingCastValues): Promise<DubbingCastRow> => seriesStore.saveCast(ownerId, name, values),
    deleteCast: (ownerId: string, castId: string): Promise<boolean> => seriesStore.deleteCast(ownerId, castId),

    /** Everything dubbing of a deleted account (its files go with the account's storage folder). */
    async deleteAllOf(ownerId: string): Promise<void> {
      await db.delete(dubbingProjects).where(eq(dubbingProjects.ownerId, ownerId));
      await seriesStore.deleteAllOf(ownerId);
    },
  };
  return repository;
}

export type DubbingRepository = ReturnType<typeof createDubbingRepository>;
