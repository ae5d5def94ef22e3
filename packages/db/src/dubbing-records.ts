import type { DubbingEdition } from '@voxwork/contract/dubbing';
import type { DubbingCharacterJson, DubbingGlossaryJson, DubbingPronunciationJson, DubbingTakeJson } from './schema/index.ts';

// The shapes of core's `DubbingStore` port (packages/core/src/dubbing/dubbing-store.port.ts): the
// database layer does not import core, so they are spelled out here once and the port names them
// (`StoredProject` is `DubbingProjectRecord`, …); `services.ts` assigns this repository to a
// `DubbingStore`.

export interface DubbingProjectRecord {
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

/** The outcome of an edit batch (the call's data, takes as stored). */
export interface DubbingEditOutcome {
  applied: boolean;
  replayed: boolean;
  revision: number;
  settingsRevision: number;
  segments: Array<{ id: string; revision: number | null }>;
  conflicts: Array<{ segmentId: string | null; current: DubbingSegmentRecord | null }>;
}

/** A new project's row (status `preparing`; revisions start at 1). */
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

/** What preparation found: the media as stored, the characters and the segments (written once). */
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
