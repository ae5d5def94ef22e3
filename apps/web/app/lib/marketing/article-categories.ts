import type { ArticleKind } from "./marketing-paths";

/** Category slugs used in article front matter, with their display names. */
export const ARTICLE_CATEGORIES = {
  blog: {
    localization: { en: "Localization", zh: "本地化出海" },
    voice: { en: "Voice & ethics", zh: "声音与伦理" },
    production: { en: "Production", zh: "内容制作" },
  },
  guides: {
    "getting-started": { en: "Getting started", zh: "入门" },
    audio: { en: "Audio", zh: "音频" },
    video: { en: "Video", zh: "视频" },
  },
} as const satisfies Record<ArticleKind, Record<string, { en: string; zh: string }>>;

export function categoryName(kind: ArticleKind, category: string, locale: "en" | "zh"): string | undefined {
  const names = (ARTICLE_CATEGORIES[kind] as Record<string, { en: string; zh: string }>)[category];
  return names?.[locale];
}
