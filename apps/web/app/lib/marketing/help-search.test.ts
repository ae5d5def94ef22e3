import { describe, expect, it } from "vitest";
import { searchHelpArticles } from "./help-search";

const articles = [
  { topic: "Files", title: "Download subtitles (SRT or VTT)", body: ["Choose SRT for editors."] },
  { topic: "Plans", title: "How points are spent", body: ["Points are frozen when a job starts."] },
  { topic: "文件与导出", title: "下载字幕（SRT 或 VTT）", body: ["剪辑软件用 SRT。"] },
];

describe("searchHelpArticles", () => {
  it("returns every article for an empty query", () => {
    expect(searchHelpArticles(articles, "  ")).toHaveLength(3);
  });
  it("matches case-insensitively in titles and bodies, title hits first", () => {
    expect(searchHelpArticles(articles, "srt").map((article) => article.title)).toEqual([
      "Download subtitles (SRT or VTT)",
      "下载字幕（SRT 或 VTT）",
    ]);
    expect(searchHelpArticles(articles, "FROZEN")).toEqual([articles[1]]);
  });
  it("requires every word and matches Chinese substrings", () => {
    expect(searchHelpArticles(articles, "points subtitles")).toEqual([]);
    expect(searchHelpArticles(articles, "字幕")).toEqual([articles[2]]);
  });
});
