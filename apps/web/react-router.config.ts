import type { Config } from "@react-router/dev/config";
// Build-time config, never bundled for the browser: reading the content folder is fine here.
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from "node:fs";
import matter from "gray-matter";
import { prerenderPaths, type ArticleRef } from "./app/lib/marketing/marketing-paths";

/** Every article in `content/{blog,guides}/{en,zh}/*.md`, for the prerender list (marketing). */
function contentArticles(): ArticleRef[] {
  const articles: ArticleRef[] = [];
  for (const kind of ["blog", "guides"] as const) {
    for (const locale of ["en", "zh"] as const) {
      const folder = new URL(`./content/${kind}/${locale}/`, import.meta.url);
      for (const name of readdirSync(folder).filter((file) => file.endsWith(".md"))) {
        const { data } = matter(readFileSync(new URL(name, folder), "utf8"));
        articles.push({ kind, locale, slug: String(data.slug), category: String(data.category) });
      }
    }
  }
  return articles;
}

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Explicit list: `prerender: true` cannot expand optional segments such as `zh?`.
  // Marketing: every marketing page, article and category list in both languages, sitemap, robots.
  prerender: [...prerenderPaths(contentArticles())],
} satisfies Config;
