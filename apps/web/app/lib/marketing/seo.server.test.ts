import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSeo, pagePathname, requestLocale } from "./seo.server";
import { seoMeta } from "./seo";

afterEach(() => vi.unstubAllEnvs());

describe("pagePathname / requestLocale", () => {
  it("normalises data requests and prerender slashes", () => {
    expect(pagePathname(new Request("http://localhost/pricing/"))).toBe("/pricing");
    expect(pagePathname(new Request("http://localhost/zh.data"))).toBe("/zh");
    expect(pagePathname(new Request("http://localhost/_.data"))).toBe("/");
    expect(pagePathname(new Request("http://localhost/zh/_.data"))).toBe("/zh");
    expect(pagePathname(new Request("http://localhost/zh/blog/x.data?_routes=a"))).toBe("/zh/blog/x");
    expect(requestLocale(new Request("http://localhost/zh.data"))).toBe("zh");
    expect(requestLocale(new Request("http://localhost/FAQ"))).toBe("en");
  });
});

describe("buildSeo", () => {
  it("uses the default public URL while prerendering, with alternates in both languages", () => {
    vi.stubEnv("PUBLIC_URL", "");
    const seo = buildSeo(new Request("http://localhost/zh/pricing/"), { title: "价格", description: "d" });
    expect(seo.canonical).toBe("http://localhost:3000/zh/pricing");
    expect(seo.alternates).toEqual({ en: "http://localhost:3000/pricing", zh: "http://localhost:3000/zh/pricing" });
    expect(seo.locale).toBe("zh");
    expect(seo.title).toBe("价格 — Voxwork");
  });

  it("takes an explicit canonical path over the request's spelling", () => {
    vi.stubEnv("PUBLIC_URL", "");
    const seo = buildSeo(new Request("http://127.0.0.1:4000/zh/faq"), { title: "x", description: "d", path: "/FAQ" });
    expect(seo.canonical).toBe("http://127.0.0.1:4000/zh/FAQ");
    expect(seo.alternates.en).toBe("http://127.0.0.1:4000/FAQ");
  });

  it("prefers PUBLIC_URL, else the request origin", () => {
    vi.stubEnv("PUBLIC_URL", "https://voxwork.example/");
    expect(buildSeo(new Request("http://localhost/"), { title: "Voxwork", description: "d" }).canonical).toBe("https://voxwork.example/");
    vi.stubEnv("PUBLIC_URL", "");
    expect(buildSeo(new Request("http://127.0.0.1:4000/zh"), { title: "x", description: "d" }).alternates.en).toBe("http://127.0.0.1:4000/");
  });

  it("produces canonical, hreflang (en, zh-CN, x-default) and Open Graph tags", () => {
    vi.stubEnv("PUBLIC_URL", "");
    const tags = seoMeta(buildSeo(new Request("http://localhost/blog/a"), { title: "A", description: "d", type: "article" }));
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://localhost:3000/blog/a" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: "http://localhost:3000/blog/a" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "zh-CN", href: "http://localhost:3000/zh/blog/a" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ property: "og:locale", content: "en_US" });
  });
});
