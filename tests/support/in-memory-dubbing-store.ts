/**
 * `DubbingStore` in memory, for tests of the dubbing jobs and service: the same rules as the
 * database's (every write raises the project's revision and gives each touched segment the new
 * one; an edit batch applies only when every segment it names is at its base revision, and a batch
 * applied before is answered again), without SQL.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@voxwork/contract';
import { applySegmentFields, newSegment, segmentTimesProblem, type DubbingOp } from '@voxwork/contract/dubbing';
import { DomainError, type DubbingStore, type EditOutcome, type NewProject, type PreparedProject, type StoredProject, type StoredSegment, type StoredTake } from '@voxwork/core';

const clone = <T>(value: T): T => structuredClone(value);

export interface InMemoryDubbingStore extends DubbingStore {
  /** Every project as stored (tests look inside). */
  readonly projects: Map<string, StoredProject>;
  readonly segmentsOf: Map<string, Map<string, StoredSegment>>;
}

export function createInMemoryDubbingStore(): InMemoryDubbingStore {
  const projects = new Map<string, StoredProject>();
  const segmentsOf = new Map<string, Map<string, StoredSegment>>();
  const batches = new Map<string, EditOutcome>();

  function row(projectId: string): StoredProject {
    const project = projects.get(projectId);
    if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    return project;
  }
  /** Raises the project's revision; returns the new one. */
  function bump(project: StoredProject): number {
    project.revision += 1;
    project.updatedAt = new Date();
    return project.revision;
  }

  return {
    projects,
    segmentsOf,

    async createProject(values: NewProject) {
      const now = new Date();
      const project: StoredProject = {
        id: randomUUID(),
        ...values,
        status: 'preparing',
        error: null,
        prepareJobId: null,
        width: null,
        height: null,
        mediaKey: null,
        posterKey: null,
        peaksKey: null,
        backgroundKey: null,
        dialogueKey: null,
        characters: [],
        glossary: [],
        pronunciations: [],
        settingsRevision: 1,
        revision: 1,
        segmentCount: 0,
        createdAt: now,
        updatedAt: now,
      };
      projects.set(project.id, project);
      segmentsOf.set(project.id, new Map());
      return clone(project);
    },

    async setPrepareJob(projectId, jobId) {
      row(projectId).prepareJobId = jobId;
    },

    async project(projectId, ownerId) {
      const project = projects.get(projectId);
      if (!project || (ownerId !== undefined && project.ownerId !== ownerId)) return undefined;
      return clone({ ...project, segmentCount: segmentsOf.get(projectId)!.size });
    },

    async segments(projectId, ids) {
      const all = [...(segmentsOf.get(projectId)?.values() ?? [])].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
      return clone(ids ? all.filter((segment) => ids.includes(segment.id)) : all);
    },

    async finishPreparation(projectId, prepared: PreparedProject) {
      const project = row(projectId);
      if (project.status === 'ready') return;
      const revision = bump(project);
      const { segments, ...media } = prepared;
      Object.assign(project, media, { status: 'ready', error: null });
      project.settingsRevision = revision;
      segmentsOf.set(projectId, new Map(segments.map((segment) => [segment.id, { ...clone(segment), revision }])));
    },

    async failPreparation(projectId, error) {
      const project = row(projectId);
      if (project.status === 'ready') return;
      project.status = 'failed';
      project.error = clone(error);
      bump(project);
    },

    async deleteProject(projectId, ownerId) {
      const project = projects.get(projectId);
      if (!project || project.ownerId !== ownerId) return { deleted: false, keys: [] };
      projects.delete(projectId);
      segmentsOf.delete(projectId);
      return { deleted: true, keys: [] };
    },

    async setTranslations(projectId, language, translations) {
      const project = row(projectId);
      const segments = segmentsOf.get(projectId)!;
      const present = translations.filter((entry) => segments.has(entry.segmentId));
      if (!present.length) return;
      const revision = bump(project);
      for (const { segmentId, text } of present) {
        const segment = segments.get(segmentId)!;
        segment.translations = { ...segment.translations, [language]: text };
        segment.revision = revision;
      }
    },

    async setTakes(projectId, language, takes: ReadonlyArray<{ segmentId: string; take: StoredTake }>) {
      const project = row(projectId);
      const segments = segmentsOf.get(projectId)!;
      const present = takes.filter((entry) => segments.has(entry.segmentId));
      const replacedKeys: string[] = [];
      if (!present.length) return { replacedKeys };
      const revision = bump(project);
      for (const { segmentId, take } of present) {
        const segment = segments.get(segmentId)!;
        const old = segment.takes[language];
        if (old && old.key !== take.key) replacedKeys.push(old.key);
        segment.takes = { ...segment.takes, [language]: clone(take) };
        segment.revision = revision;
      }
      return { replacedKeys };
    },

    async applyEdits(projectId, ownerId, batch: { batchId: string; ops: readonly DubbingOp[]; force: boolean }) {
      const project = projects.get(projectId);
      if (!project || project.ownerId !== ownerId) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
      const seen = batches.get(`${projectId}/${batch.batchId}`);
      if (seen) return { ...clone(seen), replayed: true };
      const segments = segmentsOf.get(projectId)!;
      const conflicts: EditOutcome['conflicts'] = [];
      for (const op of batch.ops) {
        if (op.kind === 'settings.put') {
          if (op.baseRevision !== project.settingsRevision) conflicts.push({ segmentId: null, current: null });
          continue;
        }
        const current = segments.get(op.segmentId);
        if ((current?.revision ?? 0) !== op.baseRevision) conflicts.push({ segmentId: op.segmentId, current: current ? clone(current) : null });
      }
      if (conflicts.length && !batch.force) return { applied: false, replayed: false, revision: project.revision, settingsRevision: project.settingsRevision, segments: [], conflicts };
      const revision = project.revision + 1;
      const touched = new Map<string, number | null>();
      const next = new Map([...segments].map(([id, segment]) => [id, clone(segment)]));
      let settingsTouched = false;
      const settings = { characters: project.characters, glossary: project.glossary, pronunciations: project.pronunciations, targetLanguages: project.targetLanguages };
      for (const op of batch.ops) {
        if (op.kind === 'settings.put') {
          Object.assign(settings, clone(op.fields));
          settingsTouched = true;
        } else if (op.kind === 'segment.delete') {
          next.delete(op.segmentId);
          touched.set(op.segmentId, null);
        } else {
          const existing = next.get(op.segmentId);
          const base = existing ?? (() => {
            const { startMs, endMs, characterId } = op.fields;
            if (startMs === undefined || endMs === undefined || characterId === undefined) throw new DomainError(ErrorCode.DUBBING_SEGMENT_TIMES, { segment: op.segmentId, reason: 'a new segment needs its times and character' });
            return { ...newSegment(op.segmentId, { ...op.fields, startMs, endMs, characterId }, settings.characters), takes: {} } as unknown as StoredSegment;
          })();
          const updated = applySegmentFields({ ...base, takes: {} }, op.fields);
          next.set(op.segmentId, { ...updated, takes: base.takes, revision } as StoredSegment);
          touched.set(op.segmentId, revision);
        }
      }
      for (const id of touched.keys()) {
        const segment = next.get(id);
        if (!segment) continue;
        const problem = segmentTimesProblem(segment.startMs, segment.endMs, project.durationMs);
        if (problem) throw new DomainError(ErrorCode.DUBBING_SEGMENT_TIMES, { segment: id, reason: problem });
        if (!settings.characters.some((character) => character.id === segment.characterId)) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_CHARACTER, { segment: id });
      }
      segmentsOf.set(projectId, next);
      project.revision = revision;
      if (settingsTouched) {
        Object.assign(project, settings);
        project.settingsRevision = revision;
      }
      const outcome: EditOutcome = { applied: true, replayed: false, revision, settingsRevision: project.settingsRevision, segments: [...touched].map(([id, value]) => ({ id, revision: value })), conflicts: [] };
      batches.set(`${projectId}/${batch.batchId}`, clone(outcome));
      return outcome;
    },
  };
}
