import type { ComponentProps } from "react";
import type { ArticleSummary } from "../../lib/marketing/article-types";
import { ArticleCard } from "./article-card";
import { CategoryNav } from "./category-nav";
import { PageContainer, PageHero } from "./marketing-sections";

/** A list of blog posts or guides (all of a kind, or one category's): the hero, the category links and the cards. */
export function ArticlesPage({ title, lead, articles, ...nav }: ComponentProps<typeof CategoryNav> & { title: string; lead: string; articles: readonly ArticleSummary[] }) {
  return (
    <>
      <PageHero title={title} lead={lead} />
      <PageContainer className="py-12">
        <CategoryNav {...nav} />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </PageContainer>
    </>
  );
}
