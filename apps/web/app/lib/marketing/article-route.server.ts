import { data } from "react-router";
import { stripLocale } from "../../i18n";
import type { ArticleKind } from "./marketing-paths";
import { pagePathname } from "./seo.server";

/** `blog` or `guides`, from the first segment of a request's locale-neutral path. */
export function articleKind(request: Request): ArticleKind {
  const first = stripLocale(pagePathname(request)).split("/")[1] ?? "";
  if (first.startsWith("blog")) return "blog";
  if (first.startsWith("guides")) return "guides";
  throw data(null, { status: 404 });
}
