import { Link } from "react-router";
import { clsx } from "clsx";
import { localizePath, useLocale, useT } from "../../i18n";
import type { ArticleSummary } from "../../lib/marketing/article-types";

/** A blog post or guide in a list: cover picture, category, title, summary, date and reading time. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  const locale = useLocale();
  const t = useT();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface">
      {/* The cover as a picture of the page (shown in print, reader views and forced colours, where a CSS background is dropped), not a background. */}
      <img src={article.cover} alt="" width={640} height={360} loading="lazy" decoding="async" className="aspect-[16/9] w-full bg-surface-muted object-cover" data-testid="article-card-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium tracking-wide text-primary uppercase">
          <Link to={localizePath(`/${article.kind}-list/${article.category}`, locale)} className="hover:underline">
            {article.categoryName}
          </Link>
        </p>
        <h3 className="mt-2 text-lg font-semibold leading-snug">
          <Link to={localizePath(`/${article.kind}/${article.slug}`, locale)} className="hover:text-primary">
            {article.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{article.summary}</p>
        <p className="mt-4 text-xs text-muted-foreground">
          <time dateTime={article.date}>{article.date}</time> · {t("marketing.articles.minutes", { minutes: article.readingMinutes })}
        </p>
      </div>
    </article>
  );
}

/** Articles as a grid of cards (its columns given by the page). */
export function ArticleList({ articles, className }: { articles: readonly ArticleSummary[]; className?: string }) {
  return (
    <ul className={clsx("grid gap-6", className)}>
      {articles.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} />
        </li>
      ))}
    </ul>
  );
}
