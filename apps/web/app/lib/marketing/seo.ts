import type { MetaDescriptor } from "react-router";

/** Everything a marketing page needs in its <head>; built on the server by `buildSeo()`. */
export interface Seo {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** Absolute URLs of the page in each language. */
  alternates: { en: string; zh: string };
  locale: "en" | "zh";
  type: "website" | "article";
  /** Unknown-id views (e.g. a shared link) should not be indexed. */
  noindex?: boolean;
}

/** Title, description, canonical, hreflang alternates (en, zh-CN, x-default) and Open Graph tags. */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: seo.alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "zh-CN", href: seo.alternates.zh },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: seo.alternates.en },
    { property: "og:site_name", content: "Voxwork" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type },
    { property: "og:url", content: seo.canonical },
    { property: "og:locale", content: seo.locale === "zh" ? "zh_CN" : "en_US" },
    { property: "og:locale:alternate", content: seo.locale === "zh" ? "en_US" : "zh_CN" },
    { name: "twitter:card", content: "summary" },
  ];
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
