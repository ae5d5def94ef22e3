import { data } from "react-router";
import type { Route } from "./+types/tool-landing";
import { stripLocale } from "../../i18n";
import { LandingPage } from "../../components/marketing/landing-page";
import type { ToolLandingId } from "../../lib/marketing/content-types";
import { TOOL_LANDING_COPY } from "../../lib/marketing/content/landing-content.server";
import { TOOL_LANDINGS } from "../../lib/marketing/marketing-paths";
import { marketingToolStatuses } from "../../lib/marketing/tool-status";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, pagePathname, requestLocale } from "../../lib/marketing/seo.server";

// One module for the six tool landing pages (`/text-to-speech`, `/zh/voice-cloning`, …).
const BY_PATH = new Map(
  (Object.keys(TOOL_LANDING_COPY) as ToolLandingId[]).map((id) => [TOOL_LANDINGS[id].landing, id] as const),
);

export function loader({ request }: Route.LoaderArgs) {
  const pathname = stripLocale(pagePathname(request));
  const id = BY_PATH.get(pathname as (typeof TOOL_LANDINGS)[ToolLandingId]["landing"]);
  if (!id) throw data(null, { status: 404 });
  const locale = requestLocale(request);
  const copy = TOOL_LANDING_COPY[id][locale];
  return {
    copy,
    ctaPath: TOOL_LANDINGS[id].workbench,
    tools: marketingToolStatuses([id]),
    labels: locale === "zh"
      ? { faq: "常见问题", secondary: "查看价格", secondaryPath: "/pricing" }
      : { faq: "Questions", secondary: "See pricing", secondaryPath: "/pricing" },
    seo: buildSeo(request, { title: copy.title, description: copy.description }),
  };
}

export default function ToolLanding({ loaderData }: Route.ComponentProps) {
  return <LandingPage copy={loaderData.copy} ctaPath={loaderData.ctaPath} labels={loaderData.labels} tools={loaderData.tools} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
