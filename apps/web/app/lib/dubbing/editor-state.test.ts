import { describe, expect, it } from "vitest";
import { addOps, applyOps, charactersOps, deleteOps, inverseOps, mergeOps, neighbourSegment, setFieldsOps, splitOps, timesOps } from "./editor-state";
import { ann, doc, seg } from "./test-fixtures";

const strip = (d: ReturnType<typeof doc>) => d.segments.map(({ id, startMs, endMs, sourceText, translations, speed, characterId }) => ({ id, startMs, endMs, sourceText, translations, speed, characterId }));

describe("editor state", () => {
  const base = doc([seg("a", 0, 1000), seg("b", 1500, 3000), seg("c", 3000, 4000)]);

  it("applies puts, creates, deletes and settings, keeping segments sorted by start", () => {
    const next = applyOps(base, [
      { kind: "segment.put", segmentId: "a", baseRevision: 1, fields: { startMs: 3500, endMs: 3900, translations: { fr: "texte" } } },
      { kind: "segment.put", segmentId: "n", baseRevision: 0, fields: { startMs: 100, endMs: 900, characterId: "c2" } },
      { kind: "segment.delete", segmentId: "b", baseRevision: 1 },
      { kind: "settings.put", baseRevision: 2, fields: { glossary: [{ source: "Ann", target: "Ana" }] } },
    ]);
    expect(next.segments.map((segment) => segment.id)).toEqual(["n", "c", "a"]);
    expect(next.segments[2]!.translations).toEqual({ es: "texto a", fr: "texte" });
    // A new segment takes its character's defaults.
    expect(next.segments[0]).toMatchObject({ speed: 1.1, volume: 0.9, revision: 0, sourceText: "" });
    expect(next.glossary).toEqual([{ source: "Ann", target: "Ana" }]);
    expect(base.segments).toHaveLength(3);
  });

  it("undoes any batch with its inverse: puts, creates, deletes, settings", () => {
    const batches = [
      timesOps(base, new Map([["a", { startMs: 200, endMs: 1200 }]])),
      splitOps(base, "b", 2000, "b2"),
      mergeOps(base, ["b", "c"]),
      deleteOps(base, ["a", "c"]),
      setFieldsOps(base, ["a", "b"], { speed: 1.2, translations: { es: "nuevo", fr: "nouveau" } }),
      addOps(base, 1100, "new", "c1", 9000),
      charactersOps([{ ...ann, name: "Anna" }]),
    ];
    for (const ops of batches) {
      expect(ops.length).toBeGreaterThan(0);
      const after = applyOps(base, ops);
      const undone = applyOps(after, inverseOps(base, ops));
      expect(strip(undone).map((segment) => ({ ...segment, translations: Object.fromEntries(Object.entries(segment.translations).filter(([, text]) => text)) }))).toEqual(strip(base));
      expect(undone.characters).toEqual(base.characters);
    }
  });

  it("splits at the playhead into two segments with the same character, each text cut where the time is cut, never shorter than the minimum; a merge gives the line back", () => {
    const long = doc([seg("a", 0, 1000), { ...seg("b", 1000, 5000), sourceText: "one two three four", translations: { es: "uno dos tres cuatro", zh: "一二三四" } }]);
    const ops = splitOps(long, "b", 3000, "b2");
    expect(ops).toEqual([
      { kind: "segment.put", segmentId: "b", baseRevision: 0, fields: { endMs: 3000, sourceText: "one two", translations: { es: "uno dos", zh: "一二" } } },
      { kind: "segment.put", segmentId: "b2", baseRevision: 0, fields: { startMs: 3000, endMs: 5000, characterId: "c1", sourceText: "three four", translations: { es: "tres cuatro", zh: "三四" } , speed: 1, volume: 1 } },
    ]);
    const split = applyOps(long, ops);
    const merged = applyOps(split, mergeOps(split, ["b", "b2"]));
    expect(merged.segments.find((segment) => segment.id === "b")).toMatchObject({ startMs: 1000, endMs: 5000, sourceText: "one two three four", translations: { es: "uno dos tres cuatro", zh: "一二三四" } });
    expect(splitOps(base, "b", 1550, "x")).toEqual([]);
    expect(splitOps(base, "missing", 1550, "x")).toEqual([]);
  });

  it("merges selected neighbours into the first, texts joined, and refuses a gap in the selection", () => {
    expect(mergeOps(base, ["c", "b"])).toEqual([
      { kind: "segment.put", segmentId: "b", baseRevision: 0, fields: { endMs: 4000, sourceText: "source b source c", translations: { es: "texto b texto c" } } },
      { kind: "segment.delete", segmentId: "c", baseRevision: 0 },
    ]);
    expect(mergeOps(base, ["a", "c"])).toEqual([]);
    expect(mergeOps(base, ["a"])).toEqual([]);
  });

  it("adds a segment at the playhead only where there is room, up to the next segment", () => {
    expect(addOps(base, 1100, "n", "c1", 9000)).toEqual([{ kind: "segment.put", segmentId: "n", baseRevision: 0, fields: { startMs: 1100, endMs: 1500, characterId: "c1", sourceText: "", translations: {} } }]);
    expect(addOps(base, 500, "n", "c1", 9000)).toEqual([]);
    expect(addOps(base, 1450, "n", "c1", 9000)).toEqual([]);
    expect(addOps(base, 8000, "n", "c1", 9000)[0]).toMatchObject({ fields: { startMs: 8000, endMs: 9000 } });
  });

  it("sets only the fields that change", () => {
    expect(setFieldsOps(base, ["a", "b"], { speed: 1 })).toEqual([]);
    expect(setFieldsOps(base, ["a"], { translations: { es: "texto a", fr: "x" }, volume: 0.5 })).toEqual([{ kind: "segment.put", segmentId: "a", baseRevision: 0, fields: { translations: { fr: "x" }, volume: 0.5 } }]);
  });

  it("walks to the previous and next segment", () => {
    expect(neighbourSegment(base, "b", 1, 0)?.id).toBe("c");
    expect(neighbourSegment(base, "a", -1, 0)?.id).toBe("a");
    expect(neighbourSegment(base, null, 1, 1200)?.id).toBe("b");
    expect(neighbourSegment(base, null, -1, 1200)?.id).toBe("a");
  });
});
