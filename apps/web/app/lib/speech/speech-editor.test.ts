import { describe, expect, it } from "vitest";
import { assignSpeakerVoices, estimateTts, formatSemitones, formatSpeed, insertAtSelection, unassignedSpeakers } from "./speech-editor";

describe("estimateTts", () => {
  it("counts billable characters without markup and prices them by tier", () => {
    const estimate = estimateTts("Hello there. [pause 1s] Bye.", { dialogue: false, tier: "basic", maxCharacters: 5000 });
    expect(estimate.billableCharacters).toBe("Hello there.".length + "Bye.".length);
    expect(estimate.pauseSeconds).toBe(1);
    expect(estimate.cost).toBe(1);
    expect(estimate.overLimit).toBe(false);
    expect(estimateTts("a".repeat(2500), { dialogue: false, tier: "premium", maxCharacters: 2000 })).toMatchObject({ cost: 75, overLimit: true });
  });

  it("is zero for an empty or markup-only script", () => {
    expect(estimateTts("  [pause 2s] ", { dialogue: false, tier: "basic", maxCharacters: 10 })).toMatchObject({ billableCharacters: 0, cost: 0 });
  });

  it("lists speakers only in dialogue mode, without billing the prefixes", () => {
    const script = "Anna: Hi Ben.\nBen: Hi Anna.\nAnna: Bye.";
    expect(estimateTts(script, { dialogue: true, tier: "basic", maxCharacters: 100 })).toMatchObject({ speakers: ["Anna", "Ben"], billableCharacters: 7 + 8 + 4 });
    expect(estimateTts(script, { dialogue: false, tier: "basic", maxCharacters: 100 }).speakers).toEqual([]);
  });
});

describe("assignSpeakerVoices", () => {
  it("keeps assigned voices, gives new names the fallback and drops gone names", () => {
    expect(assignSpeakerVoices(["Anna", "Ben"], { Anna: "espeak/en-f", Carl: "espeak/en-m" }, "espeak/en")).toEqual({ Anna: "espeak/en-f", Ben: "espeak/en" });
  });

  it("leaves a speaker unassigned when there is no fallback, and reports it", () => {
    const assignment = assignSpeakerVoices(["Anna", "Ben"], { Anna: "v/1" }, "");
    expect(assignment).toEqual({ Anna: "v/1" });
    expect(unassignedSpeakers(["Anna", "Ben"], assignment)).toEqual(["Ben"]);
  });

  it("does not treat inherited object keys as assignments", () => {
    expect(assignSpeakerVoices(["constructor"], {}, "v/1")).toEqual({ constructor: "v/1" });
  });
});

describe("insertAtSelection", () => {
  it("pads with spaces where words touch and puts the caret after the insertion", () => {
    expect(insertAtSelection("Hello world", 5, 5, "[pause 1s]")).toEqual({ text: "Hello [pause 1s] world", caret: 16 });
    expect(insertAtSelection("Hello ", 6, 6, "[pause 1s]")).toEqual({ text: "Hello [pause 1s]", caret: 16 });
    expect(insertAtSelection("", 0, 0, "[pause 1s]")).toEqual({ text: "[pause 1s]", caret: 10 });
  });

  it("replaces the selection and clamps out-of-range offsets", () => {
    expect(insertAtSelection("one two three", 4, 7, "[pause 1s]").text).toBe("one [pause 1s] three");
    expect(insertAtSelection("abc", 10, 20, "X").text).toBe("abc X");
  });
});

describe("formatting", () => {
  it("shows speed and pitch compactly", () => {
    expect(formatSpeed(1)).toBe("1.0×");
    expect(formatSpeed(1.25)).toBe("1.25×");
    expect(formatSemitones(0)).toBe("0");
    expect(formatSemitones(3)).toBe("+3");
    expect(formatSemitones(-2)).toBe("−2");
  });
});
