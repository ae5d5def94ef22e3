import { NavLink, useLocation } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { HUB_TOOL_PATHS, WORKBENCH_NAV } from "../../lib/workbench-nav";
import { NavIcon } from "./nav-icon";

/** Every workbench tool, grouped; used by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  // The hub is current on its own page and on the pages of the tools it holds (they have no sidebar entry).
  const inHubTool = HUB_TOOL_PATHS.some((path) => pathname === localizePath(path, locale));
  return (
    <nav aria-label={t("shell.navigationTitle")} className="flex flex-col gap-5 px-3 py-4">
      {WORKBENCH_NAV.map((group) => (
        <div key={group.labelKey}>
          <p className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(group.labelKey)}</p>
          <ul className="grid gap-0.5">
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={localizePath(item.path, locale)}
                  end={item.path === "/workbench/ai-tools"}
                  onClick={onNavigate}
                  className={({ isActive: current }) => {
                    const isActive = current || (item.path === "/workbench/ai-tools" && inHubTool);
                    return cn(
                      "flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors",
                      isActive ? "bg-primary-soft font-medium text-primary-soft-foreground" : "text-foreground hover:bg-surface-muted",
                    );
                  }}
                >
                  <NavIcon icon={item.icon} className="size-4 shrink-0" />
                  {t(`wbPage.${item.page}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
