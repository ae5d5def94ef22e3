import matter from "gray-matter";
import { marked } from "marked";
import type { Locale } from "../../i18n";
import { categoryName } from "./article-categories";
import type { Article, ArticleSummary } from "./article-types";
import type { ArticleKind, ArticleRef } from "./marketing-paths";

/**
 * Blog posts and guides: Markdown with front matter in `apps/web/content/{blog,guides}/{en,zh}`.
 * Parsed on the server only (loaders, prerender), so neither gray-matter nor marked reaches the
 * browser bundle. The file name (without `.md`) must equal the `slug` field.
 */
const files = import.meta.glob<string>("../../../content/**/*.md", { query: "?raw", import: "default", eager: true });

const FILE_PATTERN = /content\/(blog|guides)\/(en|zh)\/([a-z0-9-]+)\.md$/;

function parse(file: string, raw: string): Article {
  const match = FILE_PATTERN.exec(file);
  if (!match) throw new Error(`unexpected content file ${file}`);
  const [, kind, locale, fileSlug] = match as unknown as [string, ArticleKind, Locale, string];
  const { data, content } = matter(raw);
  const field = (name: string): string => {
    const value: unknown = data[name];
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value !== "string" || !value.trim()) throw new Error(`${file}: front matter needs "${name}"`);
    return value.trim();
  };
  const slug = field("slug");
  if (slug !== fileSlug) throw new Error(`${file}: slug "${slug}" must match the file name`);
  const category = field("category");
  const name = categoryName(kind, category, locale);
  if (!name) throw new Error(`${file}: unknown ${kind} category "${category}"`);
  const cover = field("cover");
  if (!/^\/covers\/[a-z0-9-]+\.(svg|jpg|png|webp)$/.test(cover)) throw new Error(`${file}: cover must be a picture under /covers/`);
  // Words for English, characters for Chinese (about 400 characters a minute).
  const units = locale === "zh" ? content.replace(/\s+/g, "").length / 400 : content.split(/\s+/).length / 220;
  return {
    kind,
    locale,
    slug,
    title: field("title"),
    summary: field("summary"),
    category,
    categoryName: name,
    date: field("date"),
    cover,
    readingMinutes: Math.max(1, Math.round(units)),
    html: marked.parse(content, { async: false }),
  };
}

const ARTICLES: Article[] = Object.entries(files)
  .map(([file, raw]) => parse(file, raw))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

const summary = ({ html: _html, ...rest }: Article): ArticleSummary => rest;

export function listArticles(kind: ArticleKind, locale: Locale, category?: string): ArticleSummary[] {
  return ARTICLES.filter(
    (article) => article.kind === kind && article.locale === locale && (!category || article.category === category),
  ).map(summary);
}

export function findArticle(kind: ArticleKind, locale: Locale, slug: string): Article | undefined {
  return ARTICLES.find((article) => article.kind === kind && article.locale === locale && article.slug === slug);
}

export function articleRefs(): ArticleRef[] {
  return ARTICLES.map(({ kind, locale, slug, category }) => ({ kind, locale, slug, category }));
}

/** Categories of a kind that have at least one article in the locale, with their counts. */
export function listCategories(kind: ArticleKind, locale: Locale): { slug: string; name: string; count: number }[] {
  const counts = new Map<string, { slug: string; name: string; count: number }>();
  for (const article of ARTICLES) {
    if (article.kind !== kind || article.locale !== locale) continue;
    const entry = counts.get(article.category) ?? { slug: article.category, name: article.categoryName, count: 0 };
    entry.count += 1;
    counts.set(article.category, entry);
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
}
