/**
 * What the dubbing service and the dubbing pipelines need from the database, and the inputs of the
 * dubbing jobs. The SQL lives in `@voxwork/db` (`dubbing.repository.ts`, which satisfies
 * `DubbingStore`); the service owns edits by users, the pipelines write what jobs make (the
 * prepared lines, translations, takes). Every write raises the project's revision and gives each
 * touched segment the new revision, so an editor holding an older one is told of the conflict.
 */
import type { DubbingOp } from '@voxwork/contract/dubbing';
import type { DubbingEditOutcome, DubbingProjectRecord, DubbingSegmentRecord, DubbingTakeJson, NewDubbingProject, PreparedDubbingProject } from '@voxwork/db';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { TimedLine } from '../engines/video-engines.port.ts';

// The stored shapes are the database layer's records (`@voxwork/db`, `dubbing-records.ts`): core
// names them as the port's, so the repository and the port cannot drift apart.

/** A take as stored: the file's storage key instead of a link. */
export type StoredTake = DubbingTakeJson;

export type StoredSegment = DubbingSegmentRecord;

export type StoredProject = DubbingProjectRecord;

/** What preparation found: the media as stored, the characters and the segments (written once). */
export type PreparedProject = PreparedDubbingProject;

/** The outcome of an edit batch (the call's data, takes as stored). */
export type EditOutcome = DubbingEditOutcome;

/** A new project's row (status `preparing`; revisions start at 1). */
export type NewProject = NewDubbingProject;

export interface DubbingStore {
  createProject(values: NewProject): Promise<StoredProject>;
  /** The job preparing the project (set right after it is queued). */
  setPrepareJob(projectId: string, jobId: string): Promise<void>;
  /** The project when `ownerId` owns it (jobs pass no owner). */
  project(projectId: string, ownerId?: string): Promise<StoredProject | undefined>;
  segments(projectId: string, ids?: readonly string[]): Promise<StoredSegment[]>;
  /** Preparation's result: written once (a retried job finding the project ready leaves it). */
  finishPreparation(projectId: string, prepared: PreparedProject): Promise<void>;
  failPreparation(projectId: string, error: { code: number; params: Record<string, unknown> }): Promise<void>;
  /** Deletes the project of `ownerId` (segments, versions, batches); the storage keys only it named are returned to be deleted. */
  deleteProject(projectId: string, ownerId: string): Promise<{ deleted: boolean; keys: string[] }>;
  /** A job's translations of one language (segments deleted meanwhile are skipped). */
  setTranslations(projectId: string, language: string, translations: ReadonlyArray<{ segmentId: string; text: string }>): Promise<void>;
  /** A job's takes of one language, or a recorded take (segments deleted meanwhile are skipped; the replaced take's key is returned to be deleted). */
  setTakes(projectId: string, language: string, takes: ReadonlyArray<{ segmentId: string; take: StoredTake }>): Promise<{ replacedKeys: string[] }>;
  /** An edit batch by the project's owner (see `dubbingEditCall`); validation errors are DomainErrors and nothing is applied. */
  applyEdits(projectId: string, ownerId: string, batch: { batchId: string; ops: readonly DubbingOp[]; force: boolean }): Promise<EditOutcome>;
}

// ---------------------------------------------------------------------------------------------
// Job inputs (ids and choices only: handlers re-read the project).

/** `dubbing.prepare`: the project's media, lines, characters and stems, from an upload or a finished video translation. Free. */
export interface DubbingPrepareJobInput {
  projectId: string;
  from:
    | {
        kind: 'upload';
        uploadKey: string;
        mediaKind: 'video' | 'audio';
        sourceLanguage: string;
        /** Where the words come from, in the order to try (none: the project starts with no segments; the user adds them). */
        textSources: Array<{ kind: 'speech' | 'subtitles'; engineId: string } | { kind: 'subtitle-file'; lines: TimedLine[] }>;
        speakerCount?: number;
      }
    | { kind: 'video-translation'; jobId: string };
}

/** `dubbing.translate`: segments' source text into one language; charged per 1,000 characters translated. */
export interface DubbingTranslateJobInput {
  projectId: string;
  language: string;
  segmentIds: string[];
  translatorId: string;
  /** Points per 1,000 characters for this translator (its tier applied): the settled cost is the characters translated. */
  pricePer1000: number;
}

/** `dubbing.synthesize`: segments spoken with their characters' voices; charged per 1,000 characters spoken. */
export interface DubbingSynthesizeJobInput {
  projectId: string;
  language: string;
  segmentIds: string[];
  /**
   * The voices as resolved when the job was accepted (priced by their tiers), by voice key. A
   * segment whose character's voice changed since to one not listed is left for the next run
   * (library voices are still found by key). `match-original` is measured by the job.
   */
  voices?: Record<string, VoiceTarget>;
}

/** `dubbing.export`: a language's video, dubbed audio, stems, subtitles, project JSON, from the project as it is at `revision`. Free. */
export interface DubbingExportJobInput {
  projectId: string;
  languages: string[];
  formats: Array<'video' | 'audio' | 'stems' | 'subtitles' | 'project'>;
}
