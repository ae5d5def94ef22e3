import type { Route } from "./+types/article-index";
import { ArticlesPage } from "../../components/marketing/articles-page";
import { articleKind } from "../../lib/marketing/article-route.server";
import { listArticles, listCategories } from "../../lib/marketing/articles.server";
import { ARTICLES_COPY } from "../../lib/marketing/content/articles-copy.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// `/blog` and `/guides` (and their `/zh` forms): every article of the kind, newest first.
export function loader({ request }: Route.LoaderArgs) {
  const kind = articleKind(request);
  const locale = requestLocale(request);
  const copy = ARTICLES_COPY[kind][locale];
  return {
    kind,
    copy,
    articles: listArticles(kind, locale),
    categories: listCategories(kind, locale),
    seo: buildSeo(request, { title: copy.title, description: copy.description }),
  };
}

export default function ArticleIndex({ loaderData }: Route.ComponentProps) {
  const { kind, copy, articles, categories } = loaderData;
  return <ArticlesPage kind={kind} title={copy.h1} lead={copy.lead} categories={categories} articles={articles} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
