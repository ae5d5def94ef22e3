import { describe, expect, it } from "vitest";
import { boardRunning, byName, charactersForSave, episodeSignals, glossaryForSave, parseGlossaryCsv, signalBadges, splitCsvLine } from "./series-forms";

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
