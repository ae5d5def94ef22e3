/**
 * Dubbing projects as their owner sees and edits them: the project with its media and takes as
 * links, the list of an edition, rename, duplicate, delete (with the files no other project
 * names), edit batches, versions and their restore, cast bibles. Jobs (prepare, translate,
 * synthesize, record, export) are `dubbing-jobs.service.ts`.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  messageFor,
  type DubbingProject,
  type DubbingProjectState,
  type DubbingProjectSummary,
  type Locale,
  type MessageParams,
} from '@voxwork/contract';
import { MAX_DUBBING_GLOSSARY, peaksToBase64, type DubbingCharacter, type DubbingEdition, type DubbingOp, type DubbingSegment } from '@voxwork/contract/dubbing';
import type { DubbingCastRow, DubbingRepository, JobRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { DubbingStore, EditOutcome, StoredProject, StoredSegment } from './dubbing-store.port.ts';

/** The store of the port plus what the service needs beyond it (lists, copies, versions, casts). */
export type DubbingProjectStore = DubbingStore & Omit<DubbingRepository, keyof DubbingStore>;

export interface DubbingServiceDeps {
  store: DubbingProjectStore;
  /** The owner's unfinished jobs of the project (types starting with `dubbing.`). */
  activeJobs: (ownerId: string, projectId: string) => Promise<Array<Pick<JobRow, 'id' | 'type' | 'input'>>>;
  /** A link a browser can play or fetch a stored file from. */
  signedUrl: (key: string) => Promise<string>;
  /** Deletes a stored file (a missing one is not an error). */
  deleteFile: (key: string) => Promise<unknown>;
  /** A file of a deleted project that could not be deleted (logged; the project is gone). */
  onFileError?: (key: string, error: unknown) => void;
}

export type DubbingEditData = Omit<EditOutcome, 'conflicts'> & { conflicts: Array<{ segmentId: string | null; current: DubbingSegment | null }> };

const COPY_SUFFIX: Record<Locale, string> = { en: ' (copy)', zh: '（副本）' };
/** How often applying a cast retries when the settings changed between reading and writing them. */
const CAST_APPLY_TRIES = 3;

const normalName = (name: string) => name.trim().toLocaleLowerCase();

/**
 * A project's characters with a cast's voices: a character takes the voices of the cast's
 * character of the same name; the others, in the order of their original speakers, those of the
 * cast's characters not matched by name, in theirs (and that character's name).
 */
export function castCharacters(project: readonly DubbingCharacter[], cast: readonly DubbingCharacter[]): DubbingCharacter[] {
  const byName = new Map(cast.map((character) => [normalName(character.name), character]));
  const matched = new Map<string, DubbingCharacter>();
  for (const character of project) {
    const same = byName.get(normalName(character.name));
    if (same && ![...matched.values()].includes(same)) matched.set(character.id, same);
  }
  const bySpeaker = (list: readonly DubbingCharacter[]) =>
    list.filter((character) => character.originalSpeakerId !== null).sort((a, b) => a.originalSpeakerId!.localeCompare(b.originalSpeakerId!, undefined, { numeric: true }));
  const usedCast = new Set(matched.values());
  const freeCast = bySpeaker(cast.filter((character) => !usedCast.has(character)));
  const freeProject = bySpeaker(project.filter((character) => !matched.has(character.id)));
  const byOrder = new Map<string, DubbingCharacter>();
  for (const [index, character] of freeProject.entries()) {
    const partner = freeCast[index];
    if (partner) byOrder.set(character.id, partner);
  }
  return project.map((character) => {
    const named = matched.get(character.id);
    if (named) return { ...character, voices: { ...character.voices, ...named.voices } };
    const ordered = byOrder.get(character.id);
    if (ordered) return { ...character, name: ordered.name, voices: { ...character.voices, ...ordered.voices } };
    return character;
  });
}

/** `extra` added to `list`, skipping entries whose `keyOf` is already there; at most `max`. */
function mergeUnique<T>(list: readonly T[], extra: readonly T[], keyOf: (entry: T) => string, max: number): T[] {
  const seen = new Set(list.map(keyOf));
  const merged = [...list];
  for (const entry of extra) {
    if (merged.length >= max) break;
    if (seen.has(keyOf(entry))) continue;
    seen.add(keyOf(entry));
    merged.push(entry);
  }
  return merged;
}

const activeJobView = (job: Pick<JobRow, 'id' | 'type' | 'input'>) => ({ jobId: job.id, type: job.type, language: typeof job.input.language === 'string' ? job.input.language : null });

export function createDubbingService(deps: DubbingServiceDeps) {
  const { store } = deps;

  /** Signs each key once per answer. */
  function linker() {
    const links = new Map<string, Promise<string>>();
    return (key: string | null): Promise<string | null> => {
      if (!key) return Promise.resolve(null);
      let link = links.get(key);
      if (!link) links.set(key, (link = deps.signedUrl(key)));
      return link;
    };
  }

  async function segmentView(segment: StoredSegment, link: ReturnType<typeof linker>): Promise<DubbingSegment> {
    const takes: DubbingSegment['takes'] = {};
    for (const [language, take] of Object.entries(segment.takes)) {
      takes[language] = { kind: take.kind, url: (await link(take.key))!, durationMs: take.durationMs, madeFrom: take.madeFrom, peaks: peaksToBase64(take.peaks) };
    }
    return { ...segment, takes };
  }

  async function summaryView(project: StoredProject, link = linker()): Promise<DubbingProjectSummary> {
    return {
      id: project.id,
      edition: project.edition,
      title: project.title,
      status: project.status,
      mediaKind: project.mediaKind,
      durationMs: project.durationMs,
      posterUrl: await link(project.posterKey),
      sourceLanguage: project.sourceLanguage,
      targetLanguages: project.targetLanguages,
      segmentCount: project.segmentCount,
      updatedAt: project.updatedAt.toISOString(),
    };
  }

  async function ownProject(ownerId: string, projectId: string): Promise<StoredProject> {
    const project = await store.project(projectId, ownerId);
    if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    return project;
  }

  async function projectView(project: StoredProject, locale: Locale): Promise<DubbingProject> {
    const link = linker();
    const [segments, jobs] = await Promise.all([store.segments(project.id), deps.activeJobs(project.ownerId, project.id)]);
    return {
      ...(await summaryView(project, link)),
      prepareJobId: project.prepareJobId,
      error: project.error ? { code: project.error.code, message: messageFor(locale, project.error.code, project.error.params as MessageParams) ?? messageFor(locale, ErrorCode.UNKNOWN)! } : null,
      origin: project.origin,
      media: {
        url: await link(project.mediaKey),
        width: project.width,
        height: project.height,
        peaksUrl: await link(project.peaksKey),
        backgroundUrl: await link(project.backgroundKey),
        dialogueUrl: await link(project.dialogueKey),
      },
      settingsRevision: project.settingsRevision,
      revision: project.revision,
      characters: project.characters,
      glossary: project.glossary,
      pronunciations: project.pronunciations,
      segments: await Promise.all(segments.map((segment) => segmentView(segment, link))),
      activeJobs: jobs.map(activeJobView),
    };
  }

  function castView(cast: DubbingCastRow) {
    return { id: cast.id, name: cast.name, characters: cast.characters, glossary: cast.glossary, pronunciations: cast.pronunciations, updatedAt: cast.updatedAt.toISOString() };
  }

  const service = {
    async get(ownerId: string, projectId: string, locale: Locale): Promise<DubbingProject> {
      return projectView(await ownProject(ownerId, projectId), locale);
    },

    /** The revisions and running jobs only: no segments read, no links signed. */
    async state(ownerId: string, projectId: string): Promise<DubbingProjectState> {
      const project = await ownProject(ownerId, projectId);
      const jobs = await deps.activeJobs(project.ownerId, project.id);
      return { settingsRevision: project.settingsRevision, revision: project.revision, activeJobs: jobs.map(activeJobView) };
    },

    async list(ownerId: string, edition: DubbingEdition): Promise<{ projects: DubbingProjectSummary[] }> {
      const link = linker();
      const projects = await store.listProjects(ownerId, edition);
      return { projects: await Promise.all(projects.map((project) => summaryView(project, link))) };
    },

    async rename(ownerId: string, projectId: string, title: string): Promise<DubbingProjectSummary> {
      const project = await store.renameProject(projectId, ownerId, title);
      if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
      return summaryView(project);
    },

    /** A copy of a ready project; it names the same media and take files (deleting one keeps what the other uses). */
    async duplicate(ownerId: string, projectId: string, locale: Locale): Promise<DubbingProjectSummary> {
      const project = await ownProject(ownerId, projectId);
      if (project.status !== 'ready') throw new DomainError(ErrorCode.DUBBING_NOT_READY);
      const suffix = COPY_SUFFIX[locale];
      const copy = await store.duplicateProject(projectId, ownerId, `${[...project.title].slice(0, 120 - suffix.length).join('')}${suffix}`);
      if (!copy) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
      return summaryView(copy);
    },

    /** Deletes the project, its versions and the files no other project of the owner names. */
    async delete(ownerId: string, projectId: string): Promise<{ deleted: boolean }> {
      const { deleted, keys } = await store.deleteProject(projectId, ownerId);
      const results = await Promise.allSettled(keys.map((key) => deps.deleteFile(key)));
      for (const [index, result] of results.entries()) if (result.status === 'rejected') deps.onFileError?.(keys[index]!, result.reason);
      return { deleted };
    },

    /** Forgets edit batches older than a week and deletes the take files only they still named (segments deleted then). Run by the worker's sweeper. */
    async sweepEditBatches(): Promise<{ batches: number; files: number }> {
      const { batches, keys } = await store.sweepEditBatches();
      const results = await Promise.allSettled(keys.map((key) => deps.deleteFile(key)));
      for (const [index, result] of results.entries()) if (result.status === 'rejected') deps.onFileError?.(keys[index]!, result.reason);
      return { batches, files: keys.length };
    },

    async edit(ownerId: string, body: { projectId: string; batchId: string; ops: DubbingOp[]; force: boolean }): Promise<DubbingEditData> {
      const outcome = await store.applyEdits(body.projectId, ownerId, { batchId: body.batchId, ops: body.ops, force: body.force });
      const link = linker();
      return {
        ...outcome,
        conflicts: await Promise.all(outcome.conflicts.map(async (conflict) => ({ segmentId: conflict.segmentId, current: conflict.current ? await segmentView(conflict.current, link) : null }))),
      };
    },

    async versions(ownerId: string, projectId: string) {
      await ownProject(ownerId, projectId);
      const versions = await store.versions(projectId);
      return { versions: versions.map((version) => ({ ...version, createdAt: version.createdAt.toISOString() })) };
    },

    /** Puts a version back (the state before is saved as a version first). */
    async restore(ownerId: string, body: { projectId: string; versionId: string }, locale: Locale): Promise<DubbingProject> {
      const result = await store.restoreVersion(body.projectId, ownerId, body.versionId);
      if (result === 'no-project') throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
      if (result === 'no-version') throw new DomainError(ErrorCode.DUBBING_VERSION_NOT_FOUND);
      return service.get(ownerId, body.projectId, locale);
    },

    async casts(ownerId: string) {
      return { casts: (await store.listCasts(ownerId)).map(castView) };
    },

    /** Saves the project's characters, voices, glossary and pronunciations under `name` (a cast of that name is replaced). */
    async saveCast(ownerId: string, body: { projectId: string; name: string }) {
      const project = await ownProject(ownerId, body.projectId);
      return castView(await store.saveCast(ownerId, body.name, { characters: project.characters, glossary: project.glossary, pronunciations: project.pronunciations }));
    },

    /** Gives the project's characters the cast's voices and adds its glossary and pronunciations (one edit: it raises the settings revision, autosaving first). */
    async applyCast(ownerId: string, body: { projectId: string; castId: string }, locale: Locale): Promise<DubbingProject> {
      const cast = await store.findCast(ownerId, body.castId);
      await ownProject(ownerId, body.projectId);
      if (!cast) throw new DomainError(ErrorCode.DUBBING_CAST_NOT_FOUND);
      for (let attempt = 1; ; attempt++) {
        const project = await ownProject(ownerId, body.projectId);
        const op: DubbingOp = {
          kind: 'settings.put',
          baseRevision: project.settingsRevision,
          fields: {
            characters: castCharacters(project.characters, cast.characters),
            glossary: mergeUnique(project.glossary, cast.glossary, (entry) => entry.source, MAX_DUBBING_GLOSSARY),
            pronunciations: mergeUnique(project.pronunciations, cast.pronunciations, (entry) => `${entry.language}\n${entry.term}`, MAX_DUBBING_GLOSSARY),
          },
        };
        // Settings changed between the read and the write (another tab): read them again.
        const outcome = await store.applyEdits(body.projectId, ownerId, { batchId: randomUUID(), ops: [op], force: attempt >= CAST_APPLY_TRIES });
        if (outcome.applied) return service.get(ownerId, body.projectId, locale);
      }
    },

    async deleteCast(ownerId: string, castId: string): Promise<{ deleted: boolean }> {
      return { deleted: await store.deleteCast(ownerId, castId) };
    },
  };
  return service;
}

export type DubbingService = ReturnType<typeof createDubbingService>;
