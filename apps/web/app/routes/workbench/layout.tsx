import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { ArrowLeftIcon, MenuIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { BrandLink } from "../../components/brand-link";
import { ColorModeSwitcher } from "../../components/color-mode-switcher";
import { LanguageSwitcher } from "../../components/language-switcher";
import { Button } from "../../components/ui/button";
import { ScrollArea } from "../../components/ui/scroll-area";
import { TooltipProvider } from "../../components/ui/tooltip";
import { SkipLink } from "../../components/skip-link";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { FeedbackDialog } from "../../components/workbench/feedback-dialog";
import { MyPlanDialog } from "../../components/workbench/my-plan-dialog";
import { SidebarNav } from "../../components/workbench/sidebar-nav";
import { HeaderBalance, UserMenu } from "../../components/workbench/user-menu";

/**
 * Sidebar layout (spec §2) for every `/workbench/*` page: the tool navigation (a drawer at
 * ≤ 768 px), and a header with the language and colour-mode switchers, feedback, my plan and the
 * user menu. The guard (root middleware) has already run: only visitors with a token get here.
 */
export default function WorkbenchLayout() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <TooltipProvider>
      <SkipLink />
      <div className="flex min-h-dvh">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-border bg-surface desktop:flex" data-testid="workbench-sidebar">
          <div className="flex h-16 items-center px-5">
            <BrandLink />
          </div>
          <ScrollArea className="flex-1">
            <SidebarNav />
          </ScrollArea>
          <div className="border-t border-border p-3">
            <Link to={localizePath("/", locale)} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-muted-foreground hover:bg-surface-muted hover:text-foreground">
              <ArrowLeftIcon className="size-4" aria-hidden="true" />
              {t("shell.backToSite")}
            </Link>
          </div>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-background/90 px-3 backdrop-blur sm:px-6">
            <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
              <SheetTrigger asChild>
                <Button variant="outline" size="icon" className="desktop:hidden" aria-label={t("shell.openNavigation")} data-testid="drawer-open">
                  <MenuIcon />
                </Button>
              </SheetTrigger>
              <SheetContent side="left" closeLabel={t("shell.close")} className="p-0">
                <div className="flex h-16 items-center px-5">
                  <SheetTitle className="sr-only">{t("shell.navigationTitle")}</SheetTitle>
                  <SheetDescription className="sr-only">{t("shell.workbenchLabel")}</SheetDescription>
                  <BrandLink />
                </div>
                <ScrollArea className="min-h-0 flex-1">
                  <SidebarNav onNavigate={() => setDrawerOpen(false)} />
                </ScrollArea>
              </SheetContent>
            </Sheet>
            <span className="hidden truncate text-sm font-medium text-muted-foreground sm:inline desktop:hidden">{t("shell.workbenchLabel")}</span>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <HeaderBalance />
              <FeedbackDialog key={pathname} />
              <MyPlanDialog />
              <LanguageSwitcher size="compact" />
              <ColorModeSwitcher />
              <UserMenu />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 outline-none py-6 sm:px-6 sm:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
