/** Client-side search over the help articles of one language: every word of the query must appear (case-insensitive). */
export interface SearchableArticle {
  topic: string;
  title: string;
  body: string[];
}

export function normalizeForSearch(text: string): string {
  return text.toLocaleLowerCase().normalize("NFKC");
}

export function searchHelpArticles<T extends SearchableArticle>(articles: readonly T[], query: string): T[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...articles];
  const scored = articles.flatMap((article) => {
    const title = normalizeForSearch(`${article.topic} ${article.title}`);
    const body = normalizeForSearch(article.body.join(" "));
    if (!terms.every((term) => title.includes(term) || body.includes(term))) return [];
    const score = terms.reduce((total, term) => total + (title.includes(term) ? 2 : 1), 0);
    return [{ article, score }];
  });
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.article);
}
