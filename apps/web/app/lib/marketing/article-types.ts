import type { Locale } from "../../i18n";
import type { ArticleKind } from "./marketing-paths";

/** An article as loaders send it to pages (parsed from Markdown in `articles.server.ts`). */
export interface ArticleSummary {
  kind: ArticleKind;
  locale: Locale;
  slug: string;
  title: string;
  summary: string;
  category: string;
  categoryName: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  /** `/covers/x.svg` or `/covers/x.jpg`: every article has a real cover (tested). */
  cover: string;
  readingMinutes: number;
}

export interface Article extends ArticleSummary {
  html: string;
}
