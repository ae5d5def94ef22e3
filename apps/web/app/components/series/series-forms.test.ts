import { describe, expect, it } from "vitest";
import { boardRunning, byName, charactersForSave, EMPTY_STYLE, episodeSignals, glossaryForSave, parseGlossaryCsv, signalBadges, splitCsvLine, styleRows, subtitleStylesForSave } from "./series-forms";

describe("glossary CSV paste", () => {
  it("reads source, translation and an optional language, commas or tabs, quoted cells", () => {
    const { rows, skipped } = parseGlossaryCsv('source,target,language\nJade Palace,Palacio de Jade,es\n"Lin, Feng",Lin Feng\nMei\tMei Lan\tall\nno translation,\n');
    expect(rows.map(({ source, target, language }) => [source, target, language])).toEqual([
      ["Jade Palace", "Palacio de Jade", "es"],
      ["Lin, Feng", "Lin Feng", ""],
      ["Mei", "Mei Lan", ""],
    ]);
    expect(skipped).toBe(1);
  });

  it("keeps a doubled quote inside a quoted cell", () => {
    expect(splitCsvLine('"the ""Heir""",el Heredero')).toEqual(['the "Heir"', "el Heredero"]);
  });
});

describe("saving the memory", () => {
  it("drops empty glossary rows and refuses a half-filled one", () => {
    expect(glossaryForSave([{ key: "a", source: " Jade ", target: "Jade", language: "" }, { key: "b", source: "", target: "", language: "es" }])).toEqual([{ source: "Jade", target: "Jade", language: null }]);
    expect(glossaryForSave([{ key: "a", source: "Jade", target: "", language: "" }])).toBeNull();
  });

  it("keeps voices of the series' target languages only and refuses a nameless character", () => {
    const saved = charactersForSave([{ id: "lin", name: " Lin ", gender: "male", voices: { es: "espeak:espeak-ng/es", fr: "x" } }], ["es"]);
    expect(saved).toEqual([{ id: "lin", name: "Lin", gender: "male", voices: { es: "espeak:espeak-ng/es" } }]);
    expect(charactersForSave([{ id: "x", name: " ", gender: "unknown", voices: {} }], ["es"])).toBeNull();
  });
});

describe("the board", () => {
  it("shows an unmeasured signal as null, not 0, and warns on counts above 0 and drift from half a second", () => {
    const badges = signalBadges({ language: "es", spedUpLines: 0, overSlotLines: 2, glossaryMisses: null, textLeftFrames: null, sampledFrames: null, maxDriftSeconds: 0.6 });
    expect(badges.map((badge) => [badge.kind, badge.value, badge.warn])).toEqual([
      ["spedUp", 0, false],
      ["overSlot", 2, true],
      ["glossary", null, false],
      ["textLeft", null, false],
      ["drift", 0.6, true],
    ]);
  });

  it("gives every language of an episode its signals, unmeasured when the server has none yet", () => {
    const signals = episodeSignals({ jobs: [{ language: "es", jobId: "j", status: "running", progress: 0.5, cost: { estimated: 4, settled: null } }], signals: [] });
    expect(signals).toEqual([{ language: "es", spedUpLines: null, overSlotLines: null, glossaryMisses: null, textLeftFrames: null, sampledFrames: null, maxDriftSeconds: null }]);
  });

  it("polls while a job has not ended", () => {
    const job = (status: "running" | "completed") => ({ language: "es", jobId: "j", status, progress: 1, cost: { estimated: 1, settled: null } });
    expect(boardRunning([{ status: "completed", jobs: [job("completed")] }])).toBe(false);
    expect(boardRunning([{ status: "running", jobs: [job("running")] }])).toBe(true);
  });

  it("numbers episodes in natural name order", () => {
    expect(byName([{ name: "E10.mp4" }, { name: "e2.mp4" }, { name: "E1.mp4" }]).map((file) => file.name)).toEqual(["E1.mp4", "e2.mp4", "E10.mp4"]);
  });
});

describe("subtitle styles", () => {
  it("reads a series' styles as rows and saves only what is set, for the target languages, in the contract's units", () => {
    const rows = styleRows({ subtitleStyles: { es: { color: "#FFD400CC", fontSize: 40, marginBottom: 0.075 }, fr: { outlineColor: "#101010" } } });
    expect(rows).toEqual({
      es: { color: "#ffd400", outlineColor: "", fontSize: "40", marginPercent: "7.5" },
      fr: { color: "", outlineColor: "#101010", fontSize: "", marginPercent: "" },
    });
    // French is no target any more; Catalan has nothing set.
    expect(subtitleStylesForSave({ ...rows, ca: { ...EMPTY_STYLE } }, ["es", "ca"])).toEqual({ es: { color: "#ffd400", fontSize: 40, marginBottom: 0.075 } });
  });

  it("refuses a size or a margin out of range", () => {
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, fontSize: "4" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, marginPercent: "60" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, fontSize: "abc" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, marginPercent: "0" } }, ["es"])).toEqual({ es: { marginBottom: 0 } });
  });
});
