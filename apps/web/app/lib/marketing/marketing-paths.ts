import type { MarketingToolPath, ToolPagePath } from "@voxwork/contract/tools";

/**
 * Locale-neutral paths of the public marketing site. Shared by the header/footer, the sitemap and
 * the prerender list in `react-router.config.ts` (which adds every article and category list).
 */
export const TOOL_LANDINGS = {
  textToSpeech: { landing: "/text-to-speech", workbench: "/workbench/text-to-speech" },
  speechToSpeech: { landing: "/speech-to-speech", workbench: "/workbench/speech-to-speech" },
  voiceCloning: { landing: "/voice-cloning", workbench: "/workbench/voice-cloning" },
  voiceLibrary: { landing: "/voice-library", workbench: "/workbench/voice-library" },
  talkingPhoto: { landing: "/talking-photo", workbench: "/workbench/ai-avatar-video" },
  videoTranslation: { landing: "/video-translator", workbench: "/workbench/video-translator" },
  dubbing: { landing: null, workbench: "/workbench/dubbing-studio" },
  aiAvatarVideo: { landing: null, workbench: "/workbench/ai-avatar-video" },
  videoErasure: { landing: null, workbench: "/workbench/ai-tools/video-erasure" },
} as const satisfies Record<string, { landing: MarketingToolPath | null; workbench: ToolPagePath }>;
// Every landing page of the tool catalogue (`@voxwork/contract`) has its copy here (an error names the one missing).
const _everyCatalogueLandingListed: Record<Exclude<MarketingToolPath, (typeof TOOL_LANDINGS)[keyof typeof TOOL_LANDINGS]["landing"]>, never> = {};
void _everyCatalogueLandingListed;

export const USE_CASE_PATHS = {
  creators: "/content-creators",
  ecommerce: "/e-commerce",
  educators: "/educators",
  shortDrama: "/short-drama-globalization",
} as const;

/** Every static marketing page (articles and category lists are added from the content folder). */
export const MARKETING_PAGE_PATHS = [
  "/",
  "/pricing",
  "/about-us",
  "/FAQ",
  "/help-center",
  "/developers/api",
  "/developers/api/reference",
  "/tools",
  ...Object.values(USE_CASE_PATHS),
  ...Object.values(TOOL_LANDINGS).flatMap((tool) => (tool.landing ? [tool.landing] : [])),
  "/blog",
  "/guides",
  "/share",
  "/mobile",
  "/transfer-station/subscription-test",
] as const;

/** Pages listed in the sitemap: everything but the transactional ones. */
export const SITEMAP_PAGE_PATHS = MARKETING_PAGE_PATHS.filter(
  (path) => path !== "/share" && path !== "/transfer-station/subscription-test",
);

export type ArticleKind = "blog" | "guides";

export interface ArticleRef {
  kind: ArticleKind;
  locale: "en" | "zh";
  slug: string;
  category: string;
}

/** `/blog/x`, `/guides-list/y`, … (locale-neutral). */
export const articlePath = (kind: ArticleKind, slug: string) => `/${kind}/${slug}`;
export const categoryPath = (kind: ArticleKind, category: string) => `/${kind}-list/${category}`;

const withLocale = (path: string, locale: "en" | "zh") =>
  locale === "en" ? path : path === "/" ? "/zh" : `/zh${path}`;

/**
 * Every prerendered URL in both languages: the static pages, each article in its own language and
 * each category list page that has at least one article in that language.
 */
export function prerenderPaths(articles: readonly ArticleRef[]): string[] {
  const paths = new Set<string>();
  for (const locale of ["en", "zh"] as const) {
    for (const path of MARKETING_PAGE_PATHS) paths.add(withLocale(path, locale));
  }
  for (const article of articles) {
    paths.add(withLocale(articlePath(article.kind, article.slug), article.locale));
    paths.add(withLocale(categoryPath(article.kind, article.category), article.locale));
  }
  paths.add("/sitemap.xml");
  paths.add("/robots.txt");
  return [...paths];
}
