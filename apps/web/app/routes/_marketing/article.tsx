import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import { localizePath, useLocale, useT } from "../../i18n";
import { ArticleList } from "../../components/marketing/article-card";
import { ArrowLeftIcon } from "../../components/icons";
import { PageContainer } from "../../components/marketing/marketing-sections";
import { articleKind } from "../../lib/marketing/article-route.server";
import { findArticle, listArticles } from "../../lib/marketing/articles.server";
import { coverStyle } from "../../lib/marketing/covers";
import { seoMeta } from "../../lib/marketing/seo";
import articleBodyStyles from "../../components/marketing/article-body.css?url";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// `/blog/{slug}` and `/guides/{slug}`: the Markdown is rendered to HTML here, on the server.
export function loader({ request, params }: Route.LoaderArgs) {
  const kind = articleKind(request);
  const locale = requestLocale(request);
  const article = findArticle(kind, locale, params.slug);
  if (!article) throw data(null, { status: 404 });
  const related = listArticles(kind, locale)
    .filter((other) => other.slug !== article.slug)
    .sort((a, b) => Number(b.category === article.category) - Number(a.category === article.category))
    .slice(0, 3);
  return {
    article,
    related,
    seo: buildSeo(request, { title: article.title, description: article.summary, type: "article" }),
  };
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  const locale = useLocale();
  const t = useT();
  return (
    <>
      <article>
        <header className="border-b border-border">
          <PageContainer width="narrow" className="pt-10 pb-10 sm:pt-14">
            <Link
              to={localizePath(`/${article.kind}`, locale)}
              className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
            >
              <ArrowLeftIcon className="size-4" />
              {t("marketing.articles.backToIndex")}
            </Link>
            <p className="mt-6 text-xs font-medium tracking-wide text-primary uppercase">
              <Link to={localizePath(`/${article.kind}-list/${article.category}`, locale)} className="hover:underline">
                {article.categoryName}
              </Link>
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{article.summary}</p>
            <p className="mt-4 text-sm text-muted-foreground">
              {t("marketing.articles.published")} <time dateTime={article.date}>{article.date}</time> ·{" "}
              {t("marketing.articles.minutes", { minutes: article.readingMinutes })}
            </p>
            <div aria-hidden="true" className="mt-8 aspect-[16/6] rounded-2xl bg-cover bg-center" style={coverStyle(article.cover)} />
          </PageContainer>
        </header>
        <PageContainer width="narrow" className="py-10">
          {/* Our own Markdown from the repository, rendered by marked in the loader. */}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
        </PageContainer>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="border-t border-border bg-surface-muted/50 dark:bg-surface-muted/30">
          <PageContainer className="py-12">
            <h2 id="related-title" className="mb-6 text-xl font-bold tracking-tight">
              {t("marketing.articles.related")}
            </h2>
            <ArticleList articles={related} className="md:grid-cols-3" />
          </PageContainer>
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { article, seo } = loaderData;
  return [
    ...seoMeta(seo),
    { property: "article:published_time", content: article.date },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.summary,
        datePublished: article.date,
        inLanguage: seo.locale === "zh" ? "zh-CN" : "en",
        mainEntityOfPage: seo.canonical,
        publisher: { "@type": "Organization", name: "Voxwork" },
      },
    },
  ];
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleBodyStyles }];
