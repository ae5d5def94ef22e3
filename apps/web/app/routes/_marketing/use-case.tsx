import { data } from "react-router";
import type { Route } from "./+types/use-case";
import { stripLocale } from "../../i18n";
import { LandingPage } from "../../components/marketing/landing-page";
import type { UseCaseId } from "../../lib/marketing/content-types";
import { USE_CASE_COPY } from "../../lib/marketing/content/use-case-content.server";
import { USE_CASE_PATHS } from "../../lib/marketing/marketing-paths";
import { marketingToolStatuses } from "../../lib/marketing/tool-status";
import type { ToolId } from "../../lib/catalog";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, pagePathname, requestLocale } from "../../lib/marketing/seo.server";

// One module for the four use-case pages (`/content-creators`, `/zh/e-commerce`, …).
const WORKBENCH: Record<UseCaseId, string> = {
  creators: "/workbench/home",
  ecommerce: "/workbench/text-to-speech",
  educators: "/workbench/text-to-speech",
  // The video translator reads burned-in Chinese subtitles: the quickest path for a whole episode.
  shortDrama: "/workbench/video-translator",
};
/** The tools each use case relies on, the one its button opens first: shown with the catalogue's status. */
const TOOLS: Record<UseCaseId, readonly ToolId[]> = {
  creators: ["textToSpeech", "videoTranslation", "voiceCloning", "talkingPhoto"],
  ecommerce: ["textToSpeech", "videoTranslation", "videoErasure", "talkingPhoto"],
  educators: ["textToSpeech", "videoTranslation", "talkingPhoto"],
  shortDrama: ["videoTranslation", "dubbing", "videoErasure", "voiceCloning"],
};
const GUIDE: Record<UseCaseId, string> = {
  creators: "/blog/video-localization-checklist",
  ecommerce: "/blog/ecommerce-product-videos",
  educators: "/guides/writing-scripts-for-tts",
  shortDrama: "/blog/dubbing-short-dramas-for-overseas-audiences",
};

export function loader({ request }: Route.LoaderArgs) {
  const pathname = stripLocale(pagePathname(request));
  const id = (Object.keys(USE_CASE_PATHS) as UseCaseId[]).find((key) => USE_CASE_PATHS[key] === pathname);
  if (!id) throw data(null, { status: 404 });
  const locale = requestLocale(request);
  const copy = USE_CASE_COPY[id][locale];
  return {
    copy,
    ctaPath: WORKBENCH[id],
    tools: marketingToolStatuses(TOOLS[id]),
    labels: locale === "zh"
      ? { faq: "常见问题", secondary: "阅读相关文章", secondaryPath: GUIDE[id] }
      : { faq: "Questions", secondary: "Read the guide", secondaryPath: GUIDE[id] },
    seo: buildSeo(request, { title: copy.title, description: copy.description }),
  };
}

export default function UseCase({ loaderData }: Route.ComponentProps) {
  return <LandingPage copy={loaderData.copy} ctaPath={loaderData.ctaPath} labels={loaderData.labels} tools={loaderData.tools} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
