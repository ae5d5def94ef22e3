import { useMemo, useState } from "react";
import type { Route } from "./+types/help-center";
import { localizePath, useLocale } from "../../i18n";
import { CtaLink, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { HELP_COPY } from "../../lib/marketing/content/help-content.server";
import { searchHelpArticles } from "../../lib/marketing/help-search";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// The help articles of the page's language come with the page; search runs in the browser.
export function loader({ request }: Route.LoaderArgs) {
  const copy = HELP_COPY[requestLocale(request)];
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const [query, setQuery] = useState("");
  const results = useMemo(() => searchHelpArticles(copy.articles, query), [copy.articles, query]);
  const topics = [...new Set(results.map((article) => article.topic))];

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead}>
        <form role="search" className="w-full max-w-xl" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="help-search" className="sr-only">
            {copy.searchLabel}
          </label>
          <input
            id="help-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={copy.searchPlaceholder}
            autoComplete="off"
            className="h-12 w-full rounded-xl border border-border bg-surface px-4 text-base shadow-sm placeholder:text-muted-foreground focus:border-primary"
          />
        </form>
      </PageHero>
      <PageContainer width="medium" className="py-12">
        <p aria-live="polite" className="text-sm text-muted-foreground" data-testid="help-results-count">
          {results.length === 0
            ? copy.noResults.replace("{query}", query.trim())
            : copy.results.replace("{count}", String(results.length)).replace("{total}", String(copy.articles.length))}
        </p>
        {topics.map((topic) => (
          <section key={topic} aria-label={topic} className="mt-10">
            <h2 className="text-xl font-bold tracking-tight">{topic}</h2>
            <div className="mt-4 space-y-4">
              {results
                .filter((article) => article.topic === topic)
                .map((article) => (
                  <article key={article.id} id={article.id} className="rounded-2xl border border-border bg-surface p-5" data-testid="help-article">
                    <h3 className="font-semibold">{article.title}</h3>
                    <div className="mt-2 space-y-2 text-sm leading-relaxed text-muted-foreground">
                      {article.body.map((paragraph) => (
                        // Set-up articles name environment variables with long values (ENGINES_TRANSLATOR=…): they wrap anywhere on a phone.
                        <p key={paragraph} className="[overflow-wrap:anywhere]">
                          {paragraph}
                        </p>
                      ))}
                    </div>
                  </article>
                ))}
            </div>
          </section>
        ))}
        <section className="mt-14 rounded-2xl border border-border p-6">
          <h2 className="text-lg font-semibold">{copy.guidesTitle}</h2>
          <div className="mt-4">
            <CtaLink to={localizePath("/guides", locale)} variant="outline">
              {copy.guidesLink}
            </CtaLink>
          </div>
        </section>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
