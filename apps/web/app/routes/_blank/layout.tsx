import { Outlet } from "react-router";
import { BrandLink } from "../../components/brand-link";
import { ColorModeSwitcher } from "../../components/color-mode-switcher";
import { LanguageSwitcher } from "../../components/language-switcher";
import { SkipLink } from "../../components/skip-link";
import { TooltipProvider } from "../../components/ui/tooltip";

/**
 * Blank layout (spec §2): auth and status screens, with only the brand and the switchers. The
 * tooltip provider lives in the layouts that have tooltips, not in root (decision 011).
 */
export default function BlankLayout() {
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <header className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitcher />
            <ColorModeSwitcher />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 outline-none items-center justify-center px-4 pb-16">
          <Outlet />
        </main>
      </div>
    </TooltipProvider>
  );
}
