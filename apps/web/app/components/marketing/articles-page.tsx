import type { ComponentProps } from "react";
import type { ArticleSummary } from "../../lib/marketing/article-types";
import { ArticleList } from "./article-card";
import { CategoryNav } from "./category-nav";
import { PageContainer, PageHero } from "./marketing-sections";

/** A list of blog posts or guides (all of a kind, or one category's): the hero, the category links and the cards. */
export function ArticlesPage({ title, lead, articles, ...nav }: ComponentProps<typeof CategoryNav> & { title: string; lead: string; articles: readonly ArticleSummary[] }) {
  return (
    <>
      <PageHero title={title} lead={lead} />
      <PageContainer className="py-12">
        <CategoryNav {...nav} />
        <ArticleList articles={articles} className="mt-8 sm:grid-cols-2 lg:grid-cols-3" />
      </PageContainer>
    </>
  );
}
