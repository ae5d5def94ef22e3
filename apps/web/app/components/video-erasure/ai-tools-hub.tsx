import { mainPage, TOOL_CATALOGUE, type ToolEntry, type ToolId } from "@voxwork/contract/tools";
import { Link } from "react-router";
import { localizePath, useLocale, useT, type MessageKey } from "../../i18n";
import { toolPageKey } from "../../lib/route-meta";
import { TOOL_ICONS, type NavIcon as NavIconName } from "../../lib/workbench-nav";
import { ContentHistory } from "../history/content-history";
import { NavIcon } from "../workbench/nav-icon";

/** What each card of the hub says about its tool (the title is the tool page's own name). */
const HINTS: Partial<Record<ToolId, MessageKey>> = {
  "video-erasure": "videoErasure.hub.videoErasure",
  "subtitle-extraction": "videoErasure.hub.subtitleExtractionHint",
  "audio-separation": "videoErasure.hub.audioSeparationHint",
  "subtitle-burn-in": "videoErasure.hub.subtitleBurnInHint",
  avatar: "avatar.hub.hint",
};

/** The hub's tools: video erasure (the spec's own), every tool the catalogue makes a card of the hub, and AI avatar video's photo speaker (the spec's talking photo, a card here). */
const HUB_TOOLS: readonly ToolEntry[] = [
  ...TOOL_CATALOGUE.filter((tool) => tool.id === "video-erasure" || ("hub" in tool && tool.hub === "ai-tools")),
  ...TOOL_CATALOGUE.filter((tool) => tool.id === "avatar"),
];
const HUB_TOOL_IDS: ToolId[] = HUB_TOOLS.map((tool) => tool.id);
/** Cards that open their tool in a particular way, with their own title. */
const CARD_OVERRIDES: Partial<Record<ToolId, { title: MessageKey; search: string }>> = { avatar: { title: "avatar.hub.title", search: "?speaker=photo" } };

/** `/workbench/ai-tools`: a card per AI tool; built tools open (the catalogue's status), the others say they arrive soon. */
export function AiToolsHub() {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="mx-auto w-full max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight">{t("videoErasure.hub.title")}</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{t("videoErasure.hub.lead")}</p>
      <ul className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 desktop:grid-cols-2 xl:grid-cols-4" data-testid="ai-tools">
        {HUB_TOOLS.map((tool) => {
          const page = mainPage(tool);
          const built = tool.status === "built";
          const icon = TOOL_ICONS[page.id as keyof typeof TOOL_ICONS] as NavIconName;
          const hint = HINTS[tool.id];
          const override = CARD_OVERRIDES[tool.id];
          const body = (
            <>
              <NavIcon name={icon} className="size-6 text-primary" />
              <h2 className="font-semibold">{override ? t(override.title) : t(`wbPage.${toolPageKey(page.id)}`)}</h2>
              {hint ? <p className="text-sm text-muted-foreground">{t(hint)}</p> : null}
              <span className={`mt-auto text-sm font-medium ${built ? "text-primary" : "text-muted-foreground"}`}>{built ? t("videoErasure.hub.open") : t("videoErasure.hub.soon")}</span>
            </>
          );
          return (
            <li key={tool.id} className="flex">
              {built ? (
                <Link to={`${localizePath(page.paths.en, locale)}${override?.search ?? ""}`} className="flex w-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring" data-testid="ai-tool-card">
                  {body}
                </Link>
              ) : (
                <div className="flex w-full flex-col gap-2 rounded-2xl border border-dashed border-border bg-surface p-4" aria-disabled="true" data-testid="ai-tool-card">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ContentHistory tools={HUB_TOOL_IDS} className="mt-10" />
    </section>
  );
}
