import { describe, expect, it } from "vitest";
import {
  estimatePoints,
  offlineTargetsFrom,
  pairAvailability,
  runsLeft,
  sourceLanguages,
  subtitleFileProblem,
  targetChoices,
  textSourceStates,
  usableTextSource,
  uploadProblem,
  type VideoTranslationOptions,
} from "./translation-choices";

const OPTIONS: VideoTranslationOptions = {
  recognizers: [{ id: "pocketsphinx:en-us", location: "local", name: "PocketSphinx", languages: ["en-us"] }],
  separators: [],
  textReaders: [],
  translators: [
    { id: "apertium:apertium", location: "local", name: "Apertium", pairs: [{ source: "en", target: "es" }, { source: "es", target: "en" }, { source: "en", target: "ca" }] },
    { id: "openai-chat:x", location: "remote", name: "Chat", pairs: [{ source: "*", target: "ja" }] },
  ],
  offlinePairs: ["en → es", "es → en", "en → ca"],
  voiceLanguages: ["ca", "cmn", "en", "es", "ja"],
  pricePerMinute: 30,
  subtitlesPricePerMinute: 10,
  maxVideoMinutes: 5,
  monthlyLimit: 3,
  usedThisMonth: 1,
};

describe("video translation choices", () => {
  it("finds a pair's translator as the server does (base tags, * for any, first in order)", () => {
    expect(pairAvailability(OPTIONS.translators, "en-US", "es")).toEqual({ kind: "offline", translator: "Apertium" });
    expect(pairAvailability(OPTIONS.translators, "fr", "ja")).toEqual({ kind: "remote", translator: "Chat" });
    expect(pairAvailability(OPTIONS.translators, "en", "zh")).toEqual({ kind: "unavailable" });
  });

  it("offers reachable targets first (offline, then remote), then common languages it cannot reach, never the source", () => {
    const choices = targetChoices(OPTIONS, "en");
    expect(choices.slice(0, 3).map((choice) => [choice.language, choice.availability.kind, choice.usable])).toEqual([
      ["es", "offline", true],
      ["ca", "offline", true],
      ["ja", "remote", true],
    ]);
    const chinese = choices.find((choice) => choice.language === "zh")!;
    expect(chinese).toMatchObject({ availability: { kind: "unavailable" }, hasVoice: true, usable: false });
    expect(choices.find((choice) => choice.language === "fr")).toMatchObject({ availability: { kind: "unavailable" }, hasVoice: false, usable: false });
    expect(choices.some((choice) => choice.language === "en")).toBe(false);
    expect(offlineTargetsFrom(OPTIONS, "en")).toEqual(["es", "ca"]);
    // A source nothing translates offline has no offline targets: not every pair of the install (issue 31's "sh → en").
    expect(offlineTargetsFrom(OPTIONS, "zh")).toEqual([]);
  });

  it("with a subtitle file that is already the translation, every language a voice speaks can be chosen, whatever the translators", () => {
    const choices = targetChoices(OPTIONS, "zh", true);
    expect(choices.find((choice) => choice.language === "en")).toMatchObject({ availability: { kind: "file" }, usable: true });
    expect(choices.find((choice) => choice.language === "fr")).toMatchObject({ availability: { kind: "file" }, hasVoice: false, usable: false });
  });

  it("lists source languages from the engines, then the common ones, once each", () => {
    const sources = sourceLanguages(OPTIONS);
    expect(sources.slice(0, 2)).toEqual(["en", "es"]);
    expect(sources).toContain("zh");
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources).not.toContain("*");
  });

  it("says which sources of text work for a language and falls back when one does not", () => {
    const english = textSourceStates(OPTIONS, "en");
    expect([english.auto.available, english.speech.available, english.subtitles.available, english["subtitle-file"].available]).toEqual([true, true, false, true]);
    const chinese = textSourceStates(OPTIONS, "zh");
    expect(chinese.auto.available).toBe(false);
    expect(usableTextSource(chinese, "speech")).toBe("subtitle-file");
    expect(usableTextSource(english, "subtitles")).toBe("auto");
    expect(usableTextSource(english, "speech")).toBe("speech");
  });

  it("estimates points like the server: started minutes × targets × price × the best voice tier", () => {
    expect(estimatePoints(61, 2, ["basic"])).toBe(2 * 2 * 30);
    expect(estimatePoints(12, 1, ["standard", "premium"])).toBe(90);
    expect(estimatePoints(null, 1, [])).toBeNull();
    expect(estimatePoints(12, 0, [])).toBeNull();
    // Subtitles only: the lower price, whatever the voices; both: the dub's.
    expect(estimatePoints(61, 2, ["premium"], "subtitles")).toBe(2 * 2 * 10);
    expect(estimatePoints(61, 2, ["basic"], "both")).toBe(2 * 2 * 30);
  });

  it("counts the runs left this month", () => {
    expect(runsLeft(OPTIONS)).toBe(2);
    expect(runsLeft({ monthlyLimit: -1, usedThisMonth: 40 })).toBe(Number.POSITIVE_INFINITY);
    expect(runsLeft({ monthlyLimit: 3, usedThisMonth: 5 })).toBe(0);
  });

  it("takes SRT, VTT and ASS files with text, nothing else", () => {
    expect(subtitleFileProblem("Shop.SRT", "1\n00:00:00,000 --> 00:00:01,000\nHi")).toBeNull();
    expect(subtitleFileProblem("shop.txt", "hello")).toBe("type");
    expect(subtitleFileProblem("shop.vtt", "  \n")).toBe("empty");
    expect(subtitleFileProblem("shop.ass", "x".repeat(400_001))).toBe("tooLarge");
  });

  it("refuses uploads the server would refuse: not a video, no sound, too long for the plan", () => {
    expect(uploadProblem({ kind: "video", hasAudio: true, durationSeconds: 12 }, 5)).toBeNull();
    expect(uploadProblem({ kind: "audio", hasAudio: true, durationSeconds: 12 }, 5)?.code).toBe(7008);
    expect(uploadProblem({ kind: "video", hasAudio: false, durationSeconds: 12 }, 5)?.code).toBe(7001);
    expect(uploadProblem({ kind: "video", hasAudio: null, durationSeconds: 301 }, 5)).toEqual({ code: 7005, params: { minutes: 5, max: 5 } });
    expect(uploadProblem({ kind: "video", hasAudio: true, durationSeconds: 400 }, null)).toBeNull();
  });
});
