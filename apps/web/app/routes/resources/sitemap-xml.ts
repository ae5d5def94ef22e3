import type { Route } from "./+types/sitemap-xml";
import { articleRefs } from "../../lib/marketing/articles.server";
import { SITEMAP_PAGE_PATHS, articlePath, categoryPath } from "../../lib/marketing/marketing-paths";
import { siteOrigin } from "../../lib/marketing/site-url.server";

/** `/sitemap.xml`: every marketing page in both languages, every article and category list, with hreflang alternates. Prerendered. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const zh = (path: string) => (path === "/" ? "/zh" : `/zh${path}`);
  const entries: { en?: string; zh?: string }[] = SITEMAP_PAGE_PATHS.map((path) => ({ en: path, zh: zh(path) }));
  const byPath = new Map<string, { en?: string; zh?: string }>();
  for (const article of articleRefs()) {
    for (const path of [articlePath(article.kind, article.slug), categoryPath(article.kind, article.category)]) {
      const entry = byPath.get(path) ?? {};
      entry[article.locale] = article.locale === "en" ? path : zh(path);
      byPath.set(path, entry);
    }
  }
  entries.push(...byPath.values());

  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls: string[] = [];
  for (const entry of entries) {
    const alternates = [
      entry.en ? `    <xhtml:link rel="alternate" hreflang="en" href="${escape(origin + entry.en)}"/>` : "",
      entry.zh ? `    <xhtml:link rel="alternate" hreflang="zh-CN" href="${escape(origin + entry.zh)}"/>` : "",
      entry.en ? `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + entry.en)}"/>` : "",
    ].filter(Boolean);
    for (const path of [entry.en, entry.zh]) {
      if (!path) continue;
      urls.push(["  <url>", `    <loc>${escape(origin + path)}</loc>`, ...(entry.en && entry.zh ? alternates : []), "  </url>"].join("\n"));
    }
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
