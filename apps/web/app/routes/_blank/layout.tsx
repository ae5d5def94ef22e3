import { Outlet } from "react-router";
import { BrandLink } from "../../components/brand-link";
import { ColorModeSwitcher } from "../../components/color-mode-switcher";
import { LanguageSwitcher } from "../../components/language-switcher";

/** Blank layout (spec §2): auth and status screens, with only the brand and the switchers. */
export default function BlankLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center gap-3 px-4 sm:px-6">
        <BrandLink />
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <ColorModeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        <Outlet />
      </main>
    </div>
  );
}
