import { localeFromPath, localizePath, stripLocale, type Locale } from "../../i18n";
import type { Seo } from "./seo";
import { siteOrigin } from "./site-url.server";

/** The SEO block of a page at the request's path (its locale comes from the path). */
export function buildSeo(
  request: Request,
  page: {
    title: string;
    description: string;
    type?: Seo["type"];
    noindex?: boolean;
    /** Locale-neutral canonical path when the request's spelling may differ (`/faq` → `/FAQ`). */
    path?: string;
  },
): Seo {
  const pathname = pagePathname(request);
  const locale: Locale = localeFromPath(pathname);
  const neutral = page.path ?? stripLocale(pathname);
  const origin = siteOrigin(request);
  const absolute = (path: string) => `${origin}${path}`;
  return {
    title: page.title.includes("Voxwork") ? page.title : `${page.title} — Voxwork`,
    description: page.description,
    canonical: absolute(localizePath(neutral, locale)),
    alternates: { en: absolute(localizePath(neutral, "en")), zh: absolute(localizePath(neutral, "zh")) },
    locale,
    type: page.type ?? "website",
    ...(page.noindex ? { noindex: true } : {}),
  };
}

/**
 * The page path a loader runs for: without the `.data` suffix of data requests (`/zh.data`,
 * `/_.data` for `/`) and without a trailing slash (prerender requests end with one).
 */
export function pagePathname(request: Request): string {
  const pathname = new URL(request.url).pathname
    .replace(/\.data$/, "")
    .replace(/(^|\/)_$/, "$1")
    .replace(/\/+$/, "");
  return pathname || "/";
}

/** Locale of a loader's request. */
export function requestLocale(request: Request): Locale {
  return localeFromPath(pagePathname(request));
}
