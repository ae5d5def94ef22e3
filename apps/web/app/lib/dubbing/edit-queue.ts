/**
 * The dubbing editor's autosave: every edit is a batch of `DubbingOp`s, shown at once (the view
 * is the server's confirmed document with every queued batch applied over it), pushed on the undo
 * stack with its inverse, and queued for `dubbingEditCall`. Batches are sent one at a time, in
 * order, each with the `batchId` chosen when it was made, so a replay after a lost answer is
 * recognised by the server; a network failure retries with back-off; the queue is kept in
 * localStorage per project, so a reload replays it. Each answer updates the confirmed revisions,
 * and later batches touching the same segments are rebased onto them.
 *
 * A conflict (someone else changed a segment first) pauses the queue with the local edit still
 * shown: `keepMine()` resends the batch with `force`, `takeTheirs()` adopts the server's version
 * of those segments and drops the local edits on them. A poll of the project (`adoptRemote`)
 * merges what changed elsewhere under the queued edits (never while a batch is on its way).
 *
 * Pure of the DOM: the network, storage, timers and ids are given, so the whole cycle is
 * unit-tested (`edit-queue.test.ts`).
 */
import type { DubbingOp, DubbingSegment } from "@voxwork/contract/dubbing";
import { applyOps, inverseOps, sortSegments, type DubbingDoc } from "./editor-state";

export interface EditAnswer {
  applied: boolean;
  replayed: boolean;
  revision: number;
  settingsRevision: number;
  segments: Array<{ id: string; revision: number | null }>;
  conflicts: Array<{ segmentId: string | null; current: DubbingSegment | null }>;
}

export interface QueuedBatch {
  batchId: string;
  ops: DubbingOp[];
  force: boolean;
  /** It puts back segments that were deleted: the server gives them their takes again, read once it is saved. */
  putsBack?: boolean;
}

export type SaveState =
  | { kind: "saved" }
  | { kind: "saving"; queued: number }
  | { kind: "offline"; queued: number }
  | { kind: "conflict"; segmentIds: Array<string | null>; queued: number };

export interface EditorSnapshot {
  /** What the editor shows: the confirmed document with the queued edits over it. */
  doc: DubbingDoc;
  /** The document as the server last confirmed it. */
  confirmed: DubbingDoc;
  save: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  /** The project changed elsewhere (another tab) and was merged in; until dismissed. */
  remoteChange: boolean;
  /** The project settings conflicted and were given up: read the project again. */
  needsReload: boolean;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface EditQueueDeps {
  send: (batch: QueuedBatch) => Promise<EditAnswer>;
  /** Whether a failed send is worth retrying (network, timeout, 5xx); others drop the batch. */
  isRetryable: (error: unknown) => boolean;
  /** A batch the server refused for good (bad times…): dropped, the view goes back. */
  onRejected?: (error: unknown, batch: QueuedBatch) => void;
  storage: StorageLike | null;
  storageKey: string;
  newId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

interface UndoEntry {
  undo: DubbingOp[];
  redo: DubbingOp[];
}

/** Back-off between retries of a batch the network lost: 1 s, 2 s, 4 s … up to 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

/** Most undo steps kept. */
export const UNDO_LIMIT = 200;

const STORAGE_VERSION = 1;

export function storageKeyFor(projectId: string): string {
  return `voxwork.dubbing.queue.${projectId}`;
}

export class EditQueue {
  private confirmed: DubbingDoc;
  private queue: QueuedBatch[] = [];
  private inFlight: QueuedBatch | null = null;
  private conflict: { batchId: string; segmentIds: Array<string | null> } | null = null;
  private offline = false;
  private attempt = 0;
  private timer: unknown = null;
  private undoStack: UndoEntry[] = [];
  private redoStack: UndoEntry[] = [];
  private remoteChange = false;
  private needsReload = false;
  /** Segments this page's own batches deleted: one put again (an undo) is put back, with its takes. */
  private deletedHere = new Set<string>();
  private disposed = false;
  private listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;
  private view: DubbingDoc;

  constructor(
    doc: DubbingDoc,
    private readonly deps: EditQueueDeps,
  ) {
    this.confirmed = doc;
    this.queue = this.restore();
    this.view = this.computeView();
    this.snapshot = this.makeSnapshot();
    this.flush();
  }

  // ── Reading (useSyncExternalStore) ──

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorSnapshot => this.snapshot;

  /** The batches not yet confirmed (the one on its way first). */
  pending(): readonly QueuedBatch[] {
    return this.queue;
  }

  // ── Editing ──

  /** Applies a batch at once, makes it undoable, and queues it. False when there is nothing to do. */
  edit(ops: readonly DubbingOp[]): boolean {
    if (!ops.length || this.disposed) return false;
    const inverse = inverseOps(this.view, ops);
    this.undoStack.push({ undo: inverse, redo: [...ops] });
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.enqueue(ops);
    return true;
  }

  undo(): boolean {
    const entry = this.undoStack.pop();
    if (!entry) return false;
    // What undoing now changes (an edit after it, confirmed or not, is part of the view).
    const redo = inverseOps(this.view, entry.undo);
    this.redoStack.push({ undo: entry.undo, redo });
    this.enqueue(entry.undo);
    return true;
  }

  redo(): boolean {
    const entry = this.redoStack.pop();
    if (!entry) return false;
    const undo = inverseOps(this.view, entry.redo);
    this.undoStack.push({ undo, redo: entry.redo });
    this.enqueue(entry.redo);
    return true;
  }

  private enqueue(ops: readonly DubbingOp[]): void {
    const putsBack = ops.some((op) => op.kind === "segment.put" && this.deletedHere.has(op.segmentId));
    for (const op of ops) {
      if (op.kind === "segment.delete") this.deletedHere.add(op.segmentId);
      else if (op.kind === "segment.put") this.deletedHere.delete(op.segmentId);
    }
    this.queue.push({ batchId: this.deps.newId(), ops: this.withRevisions(ops), force: false, ...(putsBack ? { putsBack } : {}) });
    this.changed(true);
    this.flush();
  }

  /** Each op on the revision the server last confirmed (0: a segment it does not have yet; rebased when it does). */
  private withRevisions(ops: readonly DubbingOp[]): DubbingOp[] {
    const revisions = new Map(this.confirmed.segments.map((segment) => [segment.id, segment.revision]));
    return ops.map((op) => (op.kind === "settings.put" ? { ...op, baseRevision: this.confirmed.settingsRevision } : { ...op, baseRevision: revisions.get(op.segmentId) ?? 0 }));
  }

  // ── Sending ──

  private flush(): void {
    if (this.disposed || this.inFlight || this.conflict || this.timer !== null) return;
    const batch = this.queue[0];
    if (!batch) return;
    this.inFlight = batch;
    this.deps.send(batch).then(
      (answer) => this.answered(batch, answer),
      (error: unknown) => this.failed(batch, error),
    );
  }

  private answered(batch: QueuedBatch, answer: EditAnswer): void {
    this.inFlight = null;
    if (this.disposed || this.queue[0] !== batch) return;
    this.offline = false;
    this.attempt = 0;
    if (answer.applied) {
      this.queue.shift();
      const settings = batch.ops.some((op) => op.kind === "settings.put");
      // Settings changed elsewhere meanwhile: keep the old revision (a settings edit then conflicts) and read them again.
      if (!settings && answer.settingsRevision !== this.confirmed.settingsRevision) this.needsReload = true;
      if (batch.putsBack) this.needsReload = true;
      this.confirmed = confirm(this.confirmed, batch.ops, answer, settings);
      this.rebase(answer, settings);
      this.changed(true);
      this.flush();
      return;
    }
    // Nothing of the batch was applied: show theirs under ours, and ask.
    this.confirmed = adoptConflicts(this.confirmed, answer);
    this.conflict = { batchId: batch.batchId, segmentIds: answer.conflicts.map((conflict) => conflict.segmentId) };
    this.changed(false);
  }

  private failed(batch: QueuedBatch, error: unknown): void {
    this.inFlight = null;
    if (this.disposed || this.queue[0] !== batch) return;
    if (this.deps.isRetryable(error)) {
      this.offline = true;
      const delay = retryDelayMs(this.attempt);
      this.attempt += 1;
      this.timer = this.deps.setTimer(() => {
        this.timer = null;
        this.flush();
      }, delay);
      this.changed(false);
      return;
    }
    this.queue.shift();
    this.attempt = 0;
    this.changed(true);
    this.deps.onRejected?.(error, batch);
    this.flush();
  }

  /** Queued batches after an answer: ops on the segments it touched take their new revisions. */
  private rebase(answer: EditAnswer, settings: boolean): void {
    const revisions = new Map(answer.segments.map((segment) => [segment.id, segment.revision]));
    this.queue = this.queue.map((batch) => {
      let touched = false;
      const ops = batch.ops.flatMap((op): DubbingOp[] => {
        if (op.kind === "settings.put") {
          if (!settings || op.baseRevision === answer.settingsRevision) return [op];
          touched = true;
          return [{ ...op, baseRevision: answer.settingsRevision }];
        }
        if (!revisions.has(op.segmentId)) return [op];
        const revision = revisions.get(op.segmentId) ?? null;
        touched = true;
        if (revision === null) return op.kind === "segment.delete" ? [] : [{ ...op, baseRevision: 0 }];
        return [{ ...op, baseRevision: revision }];
      });
      return touched ? { ...batch, ops } : batch;
    }).filter((batch) => batch.ops.length > 0);
  }

  /** Network back: try the waiting batch now. */
  retryNow(): void {
    if (this.timer === null) return;
    this.deps.clearTimer(this.timer);
    this.timer = null;
    this.flush();
  }

  // ── Conflicts and changes made elsewhere ──

  /** Resend the conflicting batch over the server's versions. */
  keepMine(): void {
    const conflict = this.conflict;
    if (!conflict) return;
    this.queue = this.queue.map((batch) => (batch.batchId === conflict.batchId ? { ...batch, ops: this.withRevisions(batch.ops), force: true } : batch));
    this.conflict = null;
    this.changed(true);
    this.flush();
  }

  /** Adopt the server's versions of the conflicting segments: every queued edit on them is dropped. */
  takeTheirs(): void {
    const conflict = this.conflict;
    if (!conflict) return;
    const ids = new Set(conflict.segmentIds);
    this.queue = this.queue.flatMap((batch) => {
      const ops = batch.ops.filter((op) => !ids.has(op.kind === "settings.put" ? null : op.segmentId));
      if (!ops.length) return [];
      // A batch with other contents is another batch.
      return ops.length === batch.ops.length ? [batch] : [{ ...batch, ops, batchId: this.deps.newId() }];
    });
    if (ids.has(null)) this.needsReload = true;
    this.conflict = null;
    this.changed(true);
    this.flush();
  }

  /**
   * The project as the server has it now (a poll, a finished job): merged under the queued edits.
   * Ignored while a batch is on its way or when older than what was confirmed. `quiet` for changes
   * the user expects (a job of theirs ended).
   */
  adoptRemote(doc: DubbingDoc, { quiet = false }: { quiet?: boolean } = {}): boolean {
    if (this.inFlight || doc.revision < this.confirmed.revision) return false;
    if (doc.revision > this.confirmed.revision && !quiet) this.remoteChange = true;
    this.confirmed = doc;
    this.needsReload = false;
    this.changed(false);
    return true;
  }

  dismissRemoteChange(): void {
    this.remoteChange = false;
    this.changed(false);
  }

  /** After a restore or a cast applied by the server: its document, no queue, no undo. */
  reset(doc: DubbingDoc): void {
    this.confirmed = doc;
    this.queue = [];
    this.conflict = null;
    this.undoStack = [];
    this.redoStack = [];
    this.needsReload = false;
    this.changed(true);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  // ── State ──

  private computeView(): DubbingDoc {
    return this.queue.reduce((doc, batch) => applyOps(doc, batch.ops), this.confirmed);
  }

  private changed(persist: boolean): void {
    if (persist) this.persist();
    // A confirmation that only gave revisions leaves what is shown as it was: the same objects, so nothing renders again.
    this.view = sameAsShown(this.view, this.computeView());
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): EditorSnapshot {
    const queued = this.queue.length;
    const save: SaveState = this.conflict
      ? { kind: "conflict", segmentIds: this.conflict.segmentIds, queued }
      : this.offline && queued
        ? { kind: "offline", queued }
        : queued
          ? { kind: "saving", queued }
          : { kind: "saved" };
    return { doc: this.view, confirmed: this.confirmed, save, canUndo: this.undoStack.length > 0, canRedo: this.redoStack.length > 0, remoteChange: this.remoteChange, needsReload: this.needsReload };
  }

  private persist(): void {
    const storage = this.deps.storage;
    if (!storage) return;
    try {
      if (this.queue.length) storage.setItem(this.deps.storageKey, JSON.stringify({ version: STORAGE_VERSION, batches: this.queue }));
      else storage.removeItem(this.deps.storageKey);
    } catch {
      // Storage full or refused (private mode): the queue still lives in memory.
    }
  }

  private restore(): QueuedBatch[] {
    try {
      const text = this.deps.storage?.getItem(this.deps.storageKey);
      if (!text) return [];
      const parsed = JSON.parse(text) as { version?: unknown; batches?: unknown };
      if (parsed.version !== STORAGE_VERSION || !Array.isArray(parsed.batches)) return [];
      return parsed.batches.filter(
        (batch): batch is QueuedBatch => typeof batch === "object" && batch !== null && typeof (batch as QueuedBatch).batchId === "string" && Array.isArray((batch as QueuedBatch).ops) && (batch as QueuedBatch).ops.length > 0,
      ).map((batch) => ({ batchId: batch.batchId, ops: batch.ops, force: batch.force === true }));
    } catch {
      return [];
    }
  }
}

/**
 * `next`, or `shown` when they differ only in revisions (the server's confirmation of what is
 * already on screen). Segments the batch did not touch are the same objects in both; the touched
 * ones are compared by value.
 */
export function sameAsShown(shown: DubbingDoc, next: DubbingDoc): DubbingDoc {
  if (shown === next) return shown;
  if (next.characters !== shown.characters || next.glossary !== shown.glossary || next.pronunciations !== shown.pronunciations || next.targetLanguages !== shown.targetLanguages) return next;
  if (next.segments.length !== shown.segments.length) return next;
  for (let index = 0; index < next.segments.length; index++) {
    const a = shown.segments[index]!;
    const b = next.segments[index]!;
    if (a !== b && !equalExcept(a, b, "revision")) return next;
  }
  return shown;
}

/** Plain data (objects, arrays, primitives) equal by value, `skip` ignored at the top level. */
function equalExcept(a: unknown, b: unknown, skip?: string): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => key !== skip && (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => key !== skip && (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => equalExcept((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The confirmed document after an applied batch: its ops, then the revisions the server gave. */
function confirm(doc: DubbingDoc, ops: readonly DubbingOp[], answer: EditAnswer, settings: boolean): DubbingDoc {
  const applied = applyOps(doc, ops);
  const revisions = new Map(answer.segments.map((segment) => [segment.id, segment.revision]));
  const segments = applied.segments.flatMap((segment) => {
    if (!revisions.has(segment.id)) return [segment];
    const revision = revisions.get(segment.id);
    return revision == null ? [] : [{ ...segment, revision }];
  });
  return { ...applied, segments, revision: answer.revision, settingsRevision: settings ? answer.settingsRevision : doc.settingsRevision };
}

/** The confirmed document with the server's versions of the conflicting segments. */
function adoptConflicts(doc: DubbingDoc, answer: EditAnswer): DubbingDoc {
  const current = new Map(answer.conflicts.flatMap((conflict) => (conflict.segmentId ? [[conflict.segmentId, conflict.current] as const] : [])));
  if (!current.size) return doc;
  const kept = doc.segments.filter((segment) => !current.has(segment.id));
  const theirs = [...current.values()].filter((segment): segment is DubbingSegment => segment !== null);
  return { ...doc, segments: sortSegments([...kept, ...theirs]) };
}
