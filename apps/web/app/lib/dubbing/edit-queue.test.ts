import { describe, expect, it } from "vitest";
import type { DubbingOp, DubbingSegment } from "@voxwork/contract/dubbing";
import { EditQueue, retryDelayMs, sameAsShown, storageKeyFor, type EditAnswer, type QueuedBatch } from "./edit-queue";
import { applyOps, splitOps, timesOps, type DubbingDoc } from "./editor-state";
import { doc, seg } from "./test-fixtures";

/** A server as the contract describes it: revision checks per segment, batches applied once, nothing of a conflicting batch applied. */
class FakeServer {
  doc: DubbingDoc;
  seen = new Map<string, EditAnswer>();
  offline = false;
  received: QueuedBatch[] = [];
  constructor(initial: DubbingDoc) {
    this.doc = initial;
  }
  /** Another tab's edit. */
  external(ops: DubbingOp[]) {
    this.apply(ops);
  }
  async send(batch: QueuedBatch): Promise<EditAnswer> {
    await Promise.resolve();
    if (this.offline) throw new TypeError("Failed to fetch");
    this.received.push(structuredClone(batch));
    const before = this.seen.get(batch.batchId);
    if (before) return { ...before, replayed: true };
    const conflicts = batch.force
      ? []
      : batch.ops.flatMap((op): EditAnswer["conflicts"] => {
          if (op.kind === "settings.put") return op.baseRevision === this.doc.settingsRevision ? [] : [{ segmentId: null, current: null }];
          const current = this.doc.segments.find((segment) => segment.id === op.segmentId) ?? null;
          return (current?.revision ?? 0) === op.baseRevision ? [] : [{ segmentId: op.segmentId, current }];
        });
    if (conflicts.length) return { applied: false, replayed: false, revision: this.doc.revision, settingsRevision: this.doc.settingsRevision, segments: [], conflicts };
    const answer = { ...this.apply(batch.ops), replayed: false };
    this.seen.set(batch.batchId, answer);
    return answer;
  }
  private apply(ops: DubbingOp[]): EditAnswer {
    const touched = new Set(ops.flatMap((op) => (op.kind === "settings.put" ? [] : [op.segmentId])));
    const revisions = new Map(this.doc.segments.map((segment) => [segment.id, segment.revision]));
    const next = applyOps(this.doc, ops);
    const settings = ops.some((op) => op.kind === "settings.put");
    this.doc = {
      ...next,
      revision: this.doc.revision + 1,
      settingsRevision: this.doc.settingsRevision + (settings ? 1 : 0),
      segments: next.segments.map((segment) => (touched.has(segment.id) ? { ...segment, revision: (revisions.get(segment.id) ?? 0) + 1 } : segment)),
    };
    return {
      applied: true,
      replayed: false,
      revision: this.doc.revision,
      settingsRevision: this.doc.settingsRevision,
      segments: [...touched].map((id) => ({ id, revision: this.doc.segments.find((segment) => segment.id === id)?.revision ?? null })),
      conflicts: [],
    };
  }
}

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const settle = async () => {
  for (let index = 0; index < 20; index += 1) await Promise.resolve();
};

function setup(options: { storage?: MemoryStorage; server?: FakeServer; initial?: DubbingDoc } = {}) {
  const initial = options.initial ?? doc([seg("a", 0, 1000), seg("b", 1500, 3000), seg("c", 3000, 4000)]);
  const server = options.server ?? new FakeServer(initial);
  const storage = options.storage ?? new MemoryStorage();
  const timers: Array<{ run: () => void; ms: number }> = [];
  const rejected: unknown[] = [];
  let ids = 0;
  const queue = new EditQueue(structuredClone(server.doc), {
    send: (batch) => server.send(batch),
    isRetryable: (error) => error instanceof TypeError,
    onRejected: (error) => rejected.push(error),
    storage,
    storageKey: storageKeyFor("p1"),
    newId: () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, "0")}`,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  const fireTimers = () => timers.splice(0).forEach((timer) => timer.run());
  return { queue, server, storage, timers, fireTimers, rejected };
}

const times = (d: DubbingDoc) => d.segments.map((segment) => `${segment.id}:${segment.startMs}-${segment.endMs}`);

describe("edit queue", () => {
  it("shows an edit at once, saves it, and takes the server's revisions", async () => {
    const { queue, server } = setup();
    const view = queue.getSnapshot().doc;
    queue.edit(timesOps(view, new Map([["a", { startMs: 500, endMs: 1400 }]])));
    expect(times(queue.getSnapshot().doc)[0]).toBe("a:500-1400");
    expect(queue.getSnapshot().save.kind).toBe("saving");
    const shown = queue.getSnapshot().doc;
    await settle();
    expect(queue.getSnapshot().save).toEqual({ kind: "saved" });
    expect(server.doc.segments[0]).toMatchObject({ id: "a", startMs: 500, revision: 2 });
    expect(queue.getSnapshot().confirmed.segments[0]!.revision).toBe(2);
    // The confirmation only gave revisions: what is shown stays the same object, so the editor does not render again.
    expect(queue.getSnapshot().doc).toBe(shown);
    expect(times(queue.getSnapshot().doc)).toEqual(times(queue.getSnapshot().confirmed));
  });

  it("sends one batch at a time and rebases later edits of the same segment onto the new revision", async () => {
    const { queue, server } = setup();
    const first = queue.getSnapshot().doc;
    queue.edit(timesOps(first, new Map([["a", { startMs: 100, endMs: 1000 }]])));
    queue.edit(timesOps(queue.getSnapshot().doc, new Map([["a", { startMs: 200, endMs: 1000 }]])));
    // A segment created, then edited, before the server confirmed it.
    queue.edit(splitOps(queue.getSnapshot().doc, "b", 2000, "b2"));
    queue.edit([{ kind: "segment.put", segmentId: "b2", baseRevision: 0, fields: { speed: 1.5 } }]);
    expect(queue.pending()).toHaveLength(4);
    expect(queue.pending()[1]!.ops[0]!.baseRevision).toBe(1);
    await settle();
    expect(server.received.map((batch) => batch.ops.map((op) => `${op.kind === "settings.put" ? "settings" : op.segmentId}@${op.baseRevision}`))).toEqual([["a@1"], ["a@2"], ["b@1", "b2@0"], ["b2@1"]]);
    expect(queue.getSnapshot().save.kind).toBe("saved");
    expect(server.doc.segments.find((segment) => segment.id === "b2")).toMatchObject({ startMs: 2000, speed: 1.5, revision: 2 });
  });

  it("undoes and redoes with batches made on the current revisions", async () => {
    const { queue, server } = setup();
    queue.edit(timesOps(queue.getSnapshot().doc, new Map([["b", { startMs: 2000, endMs: 3000 }]])));
    await settle();
    expect(queue.undo()).toBe(true);
    expect(times(queue.getSnapshot().doc)[1]).toBe("b:1500-3000");
    await settle();
    expect(server.doc.segments[1]).toMatchObject({ startMs: 1500, revision: 3 });
    expect(queue.redo()).toBe(true);
    await settle();
    expect(server.doc.segments[1]).toMatchObject({ startMs: 2000, revision: 4 });
    expect(server.received.map((batch) => batch.ops[0]!.baseRevision)).toEqual([1, 2, 3]);
    // Undoing a delete brings the segment back; a new edit clears the redo stack.
    queue.edit([{ kind: "segment.delete", segmentId: "c", baseRevision: 0 }]);
    expect(queue.getSnapshot().canRedo).toBe(false);
    queue.undo();
    await settle();
    expect(server.doc.segments.map((segment) => segment.id)).toEqual(["a", "b", "c"]);
    expect(server.doc.segments[2]).toMatchObject({ startMs: 3000, endMs: 4000, sourceText: "source c" });
    // The server put its takes back: the editor is told to read the project again once that is saved.
    expect(server.received.at(-1)).toMatchObject({ putsBack: true });
    expect(queue.getSnapshot().needsReload).toBe(true);
    // A new segment is not a put-back.
    queue.adoptRemote(structuredClone(server.doc), { quiet: true });
    queue.edit(splitOps(queue.getSnapshot().doc, "a", 500, "a2"));
    await settle();
    expect(server.received.at(-1)!.putsBack).toBeUndefined();
    expect(queue.getSnapshot().needsReload).toBe(false);
  });

  it("queues edits while offline, retries with back-off, and replays after a reload with the same batch ids", async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.server.offline = true;
    first.queue.edit(timesOps(first.queue.getSnapshot().doc, new Map([["a", { startMs: 300, endMs: 1000 }]])));
    first.queue.edit(timesOps(first.queue.getSnapshot().doc, new Map([["c", { startMs: 3100, endMs: 4000 }]])));
    await settle();
    expect(first.queue.getSnapshot().save).toEqual({ kind: "offline", queued: 2 });
    expect(first.timers.map((timer) => timer.ms)).toEqual([1000]);
    first.fireTimers();
    await settle();
    expect(first.timers.map((timer) => timer.ms)).toEqual([2000]);
    expect(retryDelayMs(10)).toBe(30_000);
    const ids = first.queue.pending().map((batch) => batch.batchId);
    first.queue.dispose();

    // The page is reloaded: the queue comes back from storage and is sent.
    first.server.offline = false;
    const second = setup({ storage, server: first.server });
    expect(times(second.queue.getSnapshot().doc)).toEqual(["a:300-1000", "b:1500-3000", "c:3100-4000"]);
    await settle();
    expect(first.server.received.map((batch) => batch.batchId)).toEqual(ids);
    expect(second.queue.getSnapshot().save.kind).toBe("saved");
    expect(storage.items.size).toBe(0);
  });

  it("is not applied twice when the answer was lost and the batch is replayed", async () => {
    const { queue, server } = setup();
    const send = server.send.bind(server);
    let lose = true;
    server.send = async (batch) => {
      const answer = await send(batch);
      if (lose) {
        lose = false;
        throw new TypeError("connection reset");
      }
      return answer;
    };
    queue.edit(timesOps(queue.getSnapshot().doc, new Map([["a", { startMs: 50, endMs: 1000 }]])));
    await settle();
    expect(queue.getSnapshot().save.kind).toBe("offline");
    queue.retryNow();
    await settle();
    expect(server.doc.revision).toBe(11);
    expect(queue.getSnapshot().save.kind).toBe("saved");
    expect(queue.getSnapshot().confirmed.segments[0]!.revision).toBe(2);
  });

  it("keeps the local edit on a conflict; keep mine forces it, take theirs adopts the server's", async () => {
    for (const choice of ["mine", "theirs"] as const) {
      const { queue, server } = setup();
      server.external([{ kind: "segment.put", segmentId: "b", baseRevision: 1, fields: { translations: { es: "otra pestaña" } } }]);
      queue.edit([
        { kind: "segment.put", segmentId: "b", baseRevision: 0, fields: { translations: { es: "mía" } } },
        { kind: "segment.put", segmentId: "a", baseRevision: 0, fields: { speed: 1.2 } },
      ]);
      await settle();
      const snapshot = queue.getSnapshot();
      expect(snapshot.save).toEqual({ kind: "conflict", segmentIds: ["b"], queued: 1 });
      expect(snapshot.doc.segments[1]!.translations.es).toBe("mía");
      expect(server.doc.segments[0]!.speed).toBe(1);
      if (choice === "mine") {
        queue.keepMine();
        await settle();
        expect(server.doc.segments[1]!.translations.es).toBe("mía");
        expect(server.received.at(-1)!.force).toBe(true);
      } else {
        queue.takeTheirs();
        await settle();
        expect(queue.getSnapshot().doc.segments[1]!.translations.es).toBe("otra pestaña");
        expect(server.doc.segments[1]!.translations.es).toBe("otra pestaña");
        // The rest of the batch is still saved.
        expect(server.doc.segments[0]!.speed).toBe(1.2);
      }
      expect(queue.getSnapshot().save.kind).toBe("saved");
    }
  });

  it("merges changes made in another tab under the queued edits, and says so", async () => {
    const { queue, server } = setup();
    server.offline = true;
    queue.edit([{ kind: "segment.put", segmentId: "a", baseRevision: 0, fields: { volume: 0.5 } }]);
    await settle();
    server.external([{ kind: "segment.put", segmentId: "c", baseRevision: 1, fields: { sourceText: "changed there" } }]);
    expect(queue.adoptRemote(structuredClone(server.doc))).toBe(true);
    const snapshot = queue.getSnapshot();
    expect(snapshot.remoteChange).toBe(true);
    expect(snapshot.doc.segments[2]!.sourceText).toBe("changed there");
    expect(snapshot.doc.segments[0]!.volume).toBe(0.5);
    // An older answer is ignored.
    expect(queue.adoptRemote({ ...structuredClone(server.doc), revision: 3 })).toBe(false);
    server.offline = false;
    queue.retryNow();
    await settle();
    expect(server.doc.segments[0]!.volume).toBe(0.5);
    expect(server.doc.segments[2]!.sourceText).toBe("changed there");
  });

  it("drops a batch the server refuses for good, and the view goes back", async () => {
    const { queue, server, rejected } = setup();
    server.send = () => Promise.reject(new Error("7605 bad times"));
    queue.edit(timesOps(queue.getSnapshot().doc, new Map([["a", { startMs: 900, endMs: 1000 }]])));
    expect(times(queue.getSnapshot().doc)[0]).toBe("a:900-1000");
    await settle();
    expect(rejected).toHaveLength(1);
    expect(times(queue.getSnapshot().doc)[0]).toBe("a:0-1000");
    expect(queue.getSnapshot().save.kind).toBe("saved");
  });
});

describe("sameAsShown", () => {
  const docOf = (segments: DubbingSegment[]): DubbingDoc => ({ revision: 1, settingsRevision: 1, characters: [], glossary: [], pronunciations: [], targetLanguages: ["es"], segments });
  const segment = (fields: Partial<DubbingSegment>) => ({ id: "a", startMs: 0, endMs: 1000, revision: 1, translations: { es: "Hola" }, takes: {}, ...fields }) as unknown as DubbingSegment;

  it("keeps what is shown when only revisions changed, and takes the new document when anything else did", () => {
    const shown = docOf([segment({})]);
    const confirmed = { ...shown, revision: 2, segments: [segment({ revision: 2 })] };
    expect(sameAsShown(shown, confirmed)).toBe(shown);
    const translated = { ...confirmed, segments: [segment({ revision: 2, translations: { es: "Adiós" } })] };
    expect(sameAsShown(shown, translated)).toBe(translated);
    const moved = { ...confirmed, segments: [segment({ revision: 2, startMs: 10 })] };
    expect(sameAsShown(shown, moved)).toBe(moved);
    const more = { ...confirmed, segments: [segment({}), segment({ id: "b" })] };
    expect(sameAsShown(shown, more)).toBe(more);
    const renamed = { ...confirmed, characters: [] };
    expect(sameAsShown(shown, renamed)).toBe(renamed);
  });
});
