import { data } from "react-router";
import type { Route } from "./+types/article-list";
import { ArticlesPage } from "../../components/marketing/articles-page";
import { articleKind } from "../../lib/marketing/article-route.server";
import { listArticles, listCategories } from "../../lib/marketing/articles.server";
import { ARTICLES_COPY } from "../../lib/marketing/content/articles-copy.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// `/blog-list/{category}` and `/guides-list/{category}`: an unknown or empty category is a 404.
export function loader({ request, params }: Route.LoaderArgs) {
  const kind = articleKind(request);
  const locale = requestLocale(request);
  const categories = listCategories(kind, locale);
  const category = categories.find((entry) => entry.slug === params.slug);
  if (!category) throw data(null, { status: 404 });
  const copy = ARTICLES_COPY[kind][locale];
  const title = copy.listTitle.replace("{category}", category.name);
  return {
    kind,
    title,
    lead: copy.lead,
    current: category.slug,
    articles: listArticles(kind, locale, category.slug),
    categories,
    seo: buildSeo(request, { title: `${title} — ${copy.h1}`, description: copy.listDescription.replace("{category}", category.name) }),
  };
}

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { kind, title, lead, current, articles, categories } = loaderData;
  return <ArticlesPage kind={kind} title={title} lead={lead} categories={categories} current={current} articles={articles} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
