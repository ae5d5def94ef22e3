import { and, asc, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { DubbingEdition, DubbingOp } from '@voxwork/contract/dubbing';
import type { Database } from './open-database.ts';
import { createSeriesRepository, type DubbingCastRow, type DubbingCastValues } from './series.repository.ts';
import { dubbingEditBatches, dubbingProjects, dubbingSegments, dubbingVersions, type DubbingTakeJson } from './schema/index.ts';

import { type VersionSnapshot, BATCH_MEMORY_DAYS, AUTOSAVE_MS, UUID, projectRecord, keysOf, applyFields, type StoredEditOutcome, createdSegment, lockProject, segmentsOf, upsertSegments, saveVersion, lockOwnerFiles, keysInUse, raiseRevision, countSegments } from './dubbing-rows.ts';
import type { DubbingProjectRecord, DubbingSegmentRecord, DubbingEditOutcome, NewDubbingProject, PreparedDubbingProject, DubbingEditedState, DubbingEditRules, DubbingVersionReason, DubbingVersionSummary } from './dubbing-records.ts';

export type * from './dubbing-records.ts';

export function createDubbingRepository(db: Database, options: { rules: DubbingEditRules }) {
  const { rules } = options;
  const seriesStore = createSeriesRepository(db);

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

