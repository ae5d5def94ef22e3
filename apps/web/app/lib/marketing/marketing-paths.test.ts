import { describe, expect, it } from "vitest";
import { MARKETING_PAGE_PATHS, prerenderPaths } from "./marketing-paths";

describe("prerenderPaths", () => {
  it("lists every marketing page in both languages, each article and category list, sitemap and robots", () => {
    const paths = prerenderPaths([
      { kind: "blog", locale: "en", slug: "a", category: "voice" },
      { kind: "blog", locale: "zh", slug: "a", category: "voice" },
      { kind: "guides", locale: "zh", slug: "b", category: "audio" },
    ]);
    for (const page of MARKETING_PAGE_PATHS) {
      expect(paths).toContain(page);
      expect(paths).toContain(page === "/" ? "/zh" : `/zh${page}`);
    }
    expect(paths).toEqual(expect.arrayContaining(["/blog/a", "/zh/blog/a", "/blog-list/voice", "/zh/guides/b", "/zh/guides-list/audio", "/sitemap.xml", "/robots.txt"]));
    expect(paths).not.toContain("/guides/b");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
