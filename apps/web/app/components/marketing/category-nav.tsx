import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import type { ArticleKind } from "../../lib/marketing/marketing-paths";

/** Category filter links of the blog and guides: "All" plus one link per category list page. */
export function CategoryNav({
  kind,
  categories,
  current,
}: {
  kind: ArticleKind;
  categories: readonly { slug: string; name: string; count: number }[];
  current?: string;
}) {
  const locale = useLocale();
  const t = useT();
  const pill = (active: boolean) =>
    `inline-flex h-9 items-center rounded-full border px-4 text-sm transition-colors ${
      active ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-surface-muted"
    }`;
  return (
    <nav aria-label={t("marketing.articles.categories")}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={localizePath(`/${kind}`, locale)} className={pill(!current)} aria-current={!current ? "page" : undefined}>
            {t("marketing.articles.allCategories")}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={localizePath(`/${kind}-list/${category.slug}`, locale)}
              className={pill(current === category.slug)}
              aria-current={current === category.slug ? "page" : undefined}
            >
              {category.name} <span className="ml-1 opacity-70">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
