import { mainPage, type ToolId } from "@voxwork/contract/tools";
import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { toolPageKey } from "../../lib/route-meta";
import { webTool } from "../../lib/web-tools";
import { ToolPage } from "../tool-shared/tool-page";
import { Card } from "../ui/card";
import { NavIcon } from "../workbench/nav-icon";
import { HUB_TOOLS } from "./hub-tools";

const HUB_TOOL_IDS: readonly ToolId[] = HUB_TOOLS.map((tool) => tool.id);

/** `/workbench/ai-tools`: a card per AI tool; built tools open (the catalogue's status), the others say they arrive soon. */
export function AiToolsHub() {
  const t = useT();
  const locale = useLocale();
  return (
    <ToolPage title={t("aiTools.title")} lead={t("aiTools.lead")} history={HUB_TOOL_IDS}>
      <ul className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 desktop:grid-cols-2 xl:grid-cols-4" data-testid="ai-tools">
        {HUB_TOOLS.map((tool) => {
          const page = mainPage(tool);
          const built = tool.status === "built";
          const part = webTool(tool.id);
          const card = part.hubCard;
          const icon = part.icons[page.id];
          const body = (
            <>
              {icon ? <NavIcon icon={icon} className="size-6 text-primary" /> : null}
              <h2 className="font-semibold">{card?.title ? t(card.title) : t(`wbPage.${toolPageKey(page.id)}`)}</h2>
              {card ? <p className="text-sm text-muted-foreground">{t(card.hint)}</p> : null}
              <span className={`mt-auto text-sm font-medium ${built ? "text-primary" : "text-muted-foreground"}`}>{built ? t("aiTools.open") : t("aiTools.soon")}</span>
            </>
          );
          return (
            <li key={tool.id} className="flex">
              {built ? (
                <Card asChild className="flex w-full flex-col gap-2 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                  <Link to={`${localizePath(page.paths.en, locale)}${card?.search ?? ""}`} data-testid="ai-tool-card">
                    {body}
                  </Link>
                </Card>
              ) : (
                <Card className="flex w-full flex-col gap-2 border-dashed" aria-disabled="true" data-testid="ai-tool-card">
                  {body}
                </Card>
              )}
            </li>
          );
        })}
      </ul>
    </ToolPage>
  );
}
