import { describe, expect, it } from "vitest";
import { planGrantNote } from "@voxwork/contract";
import { entryJob, entryNote, jobNote } from "./points-history";

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

describe("a job's entries name the tool and the file they were for", () => {
  const entry = (job: { type: string; title: string | null; mode: string | null } | null, jobId: string | null = "5b7e0c7e-2f4b-4f0e-9a57-1d2c3b4a5f60") => ({ jobId, job });

  it("a pro translation as the pro tool, linked to its result page, in English and Chinese", () => {
    expect(entryJob(entry({ type: "video-translation.dub", title: "holiday-clip", mode: "pro" }), "en")).toEqual({
      tool: "Video translator Pro",
      title: "holiday-clip",
      path: "/workbench/video-translator-pro/result/5b7e0c7e-2f4b-4f0e-9a57-1d2c3b4a5f60",
    });
    expect(entryJob(entry({ type: "video-translation.dub", title: "holiday-clip", mode: "pro" }), "zh")).toMatchObject({ tool: "专业视频翻译", path: "/zh/workbench/video-translator-pro/result/5b7e0c7e-2f4b-4f0e-9a57-1d2c3b4a5f60" });
    expect(entryJob(entry({ type: "video-translation.dub", title: "clip", mode: "quick" }), "en")).toMatchObject({ tool: "Video translator", path: "/workbench/video-translator/details/5b7e0c7e-2f4b-4f0e-9a57-1d2c3b4a5f60" });
  });

  it("a tool without a result page links to its tool page; an untitled job says so; no job, nothing", () => {
    expect(entryJob(entry({ type: "text-to-speech.synthesize", title: null, mode: null }), "en")).toEqual({ tool: "Text to speech", title: "Untitled", path: "/workbench/text-to-speech" });
    expect(entryJob(entry(null), "en")).toBeNull();
    expect(entryJob(entry(null, null), "zh")).toBeNull();
  });
});
