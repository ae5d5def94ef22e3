/**
 * What the dubbing service and the dubbing pipelines need from the database, and the inputs of the
 * dubbing jobs. The SQL lives in `@voxwork/db` (`dubbing.repository.ts`, which satisfies
 * `DubbingStore`); the service owns edits by users, the pipelines write what jobs make (the
 * prepared lines, translations, takes). Every write raises the project's revision and gives each
 * touched segment the new revision, so an editor holding an older one is told of the conflict.
 */
import type { DubbingCharacter, DubbingEdition, DubbingOp } from '@voxwork/contract/dubbing';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { TimedLine } from '../engines/video-engines.port.ts';

/** A take as stored: the file's storage key instead of a link. */
export interface StoredTake {
  kind: 'synthesized' | 'recorded';
  key: string;
  durationMs: number;
  madeFrom: string;
  peaks: number[];
}

export interface StoredSegment {
  id: string;
  revision: number;
  startMs: number;
  endMs: number;
  characterId: string;
  sourceText: string;
  translations: Record<string, string>;
  speed: number;
  volume: number;
  takes: Record<string, StoredTake>;
}

export interface StoredProject {
  id: string;
  ownerId: string;
  edition: DubbingEdition;
  title: string;
  status: 'preparing' | 'ready' | 'failed';
  /** Why preparation failed: an error code and its message parameters. */
  error: { code: number; params: Record<string, unknown> } | null;
  origin: { kind: 'upload' | 'video-translation'; jobId: string | null };
  prepareJobId: string | null;
  mediaKind: 'video' | 'audio';
  durationMs: number;
  width: number | null;
  height: number | null;
  /** Storage keys: the media as the editor plays it and export reads it, its poster, its waveform peaks, the stems. */
  mediaKey: string | null;
  posterKey: string | null;
  peaksKey: string | null;
  backgroundKey: string | null;
  dialogueKey: string | null;
  sourceLanguage: string;
  targetLanguages: string[];
  characters: DubbingCharacter[];
  glossary: Array<{ source: string; target: string }>;
  pronunciations: Array<{ language: string; term: string; replacement: string }>;
  settingsRevision: number;
  revision: number;
  segmentCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What preparation found: the media as stored, the characters and the segments (written once). */
export interface PreparedProject {
  mediaKind: 'video' | 'audio';
  durationMs: number;
  width: number | null;
  height: number | null;
  mediaKey: string;
  posterKey: string | null;
  peaksKey: string;
  backgroundKey: string | null;
  dialogueKey: string | null;
  characters: DubbingCharacter[];
  segments: Array<Omit<StoredSegment, 'revision'>>;
}

/** The outcome of an edit batch (the call's data, takes as stored). */
export interface EditOutcome {
  applied: boolean;
  replayed: boolean;
  revision: number;
  settingsRevision: number;
  segments: Array<{ id: string; revision: number | null }>;
  conflicts: Array<{ segmentId: string | null; current: StoredSegment | null }>;
}

/** A new project's row (status `preparing`; revisions start at 1). */
export interface NewProject {
  ownerId: string;
  edition: DubbingEdition;
  title: string;
  origin: { kind: 'upload' | 'video-translation'; jobId: string | null };
  mediaKind: 'video' | 'audio';
  durationMs: number;
  sourceLanguage: string;
  targetLanguages: string[];
}

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
