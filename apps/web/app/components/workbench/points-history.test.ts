import { describe, expect, it } from "vitest";
import { planGrantNote } from "@voxwork/contract";
import { entryNote } from "./points-history";

describe("ledger notes", () => {
  it("says the monthly grant in the page's language, from the note key and from rows written before keys", () => {
    for (const reason of [planGrantNote("free", "2026-11"), "free plan, 2026-11"]) {
      expect(entryNote(reason, "en")).toBe("Free plan, November 2026");
      expect(entryNote(reason, "zh")).toBe("免费版，2026年11月");
    }
  });

  it("says purchases and regenerated lines, with plurals", () => {
    expect(entryNote("pro:year", "en")).toBe("Pro plan, one year");
    expect(entryNote("points-1000", "en")).toBe("Point pack: 1,000 points");
    expect(entryNote("points-1000", "zh")).toBe("积分包：1,000 积分");
    expect(entryNote("video-translation.regenerate:1", "en")).toBe("Video translation: 1 line spoken again");
    expect(entryNote("video-translation.regenerate:3", "zh")).toBe("视频翻译：重新配音 3 句");
  });

  it("shows anything else as written", () => {
    expect(entryNote("manual correction", "zh")).toBe("manual correction");
    expect(entryNote(null, "en")).toBeNull();
  });
});
