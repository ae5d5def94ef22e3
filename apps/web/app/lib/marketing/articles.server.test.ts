import { describe, expect, it } from "vitest";
import { articleRefs, findArticle, listArticles, listCategories } from "./articles.server";

/** The pictures under public/covers/ (names only: nothing is loaded). */
const COVERS = new Set(Object.keys(import.meta.glob("../../../public/covers/*.{svg,jpg,png,webp}")).map((file) => `/covers/${file.split("/").pop()}`));

describe("articles from apps/web/content", () => {
  it("has at least 6 blog articles and 6 guides in each language, with the same slugs in both", () => {
    for (const kind of ["blog", "guides"] as const) {
      const en = listArticles(kind, "en").map((article) => article.slug).sort();
      const zh = listArticles(kind, "zh").map((article) => article.slug).sort();
      expect(en.length).toBeGreaterThanOrEqual(6);
      expect(zh).toEqual(en);
    }
  });

  it("parses front matter and renders Markdown to HTML on the server", () => {
    const article = findArticle("guides", "en", "srt-vs-vtt-subtitles");
    expect(article?.title).toBe("Subtitles: SRT vs VTT, and which one to export");
    expect(article?.category).toBe("video");
    expect(article?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article?.html).toContain("<h2");
    expect(article?.html).toContain("<table>");
  });

  it("keeps every article between 400 and 900 words (English) or about 700–2,000 characters (Chinese)", () => {
    for (const ref of articleRefs()) {
      const article = findArticle(ref.kind, ref.locale, ref.slug)!;
      const text = article.html.replace(/<[^>]+>/g, " ");
      if (ref.locale === "en") {
        const words = text.split(/\s+/).filter(Boolean).length;
        expect(words, `${ref.kind}/${ref.slug}`).toBeGreaterThanOrEqual(400);
        expect(words, `${ref.kind}/${ref.slug}`).toBeLessThanOrEqual(900);
      } else {
        const characters = text.replace(/\s+/g, "").length;
        expect(characters, `${ref.kind}/zh/${ref.slug}`).toBeGreaterThanOrEqual(700);
      }
    }
  });

  it("gives every article a real cover: a local picture that exists, not a bare gradient (issue 18)", () => {
    for (const kind of ["blog", "guides"] as const) {
      for (const article of [...listArticles(kind, "en"), ...listArticles(kind, "zh")]) {
        expect(article.cover, `${kind}/${article.slug}`).toMatch(/^\/covers\/[a-z0-9-]+\.(svg|jpg|png|webp)$/);
        expect(COVERS.has(article.cover), `${article.cover} exists`).toBe(true);
      }
    }
  });

  it("lists categories with counts and unknown slugs find nothing", () => {
    const categories = listCategories("guides", "zh");
    expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(listArticles("guides", "zh").length);
    expect(categories.find((category) => category.slug === "video")?.name).toBe("视频");
    expect(findArticle("blog", "en", "no-such-article")).toBeUndefined();
    expect(listArticles("blog", "en", "no-such-category")).toEqual([]);
  });
});
