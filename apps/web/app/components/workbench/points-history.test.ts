import { describe, expect, it } from "vitest";
import { planGrantNote } from "@voxwork/contract";
import { entryNote, jobNote } from "./points-history";

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

describe("a job's entries say what happened to its held points", () => {
  it("reserved, charged and returned, in points, in English and Chinese; entries without a job say nothing", () => {
    expect(jobNote({ type: "freeze", freezeDelta: 12, jobId: "j1" }, "en")).toBe("12 points held while the job runs");
    expect(jobNote({ type: "settle", freezeDelta: -12, jobId: "j1" }, "en")).toBe("12 held points charged for the finished job");
    expect(jobNote({ type: "release", freezeDelta: -1, jobId: "j1" }, "en")).toBe("1 held point returned");
    expect(jobNote({ type: "settle", freezeDelta: -12, jobId: "j1" }, "zh")).toBe("任务完成，扣除预留的 12 积分");
    expect(jobNote({ type: "grant", freezeDelta: 0, jobId: null }, "en")).toBeNull();
  });
});
