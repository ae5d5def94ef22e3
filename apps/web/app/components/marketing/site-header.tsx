import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { USE_CASE_PATHS } from "../../lib/marketing/marketing-paths";
import { BrandMark } from "../icons";
import { LanguageSwitcher } from "../language-switcher";

const NAV = [
  { key: "marketing.nav.tools", path: "/tools" },
  { key: "marketing.nav.useCases", path: USE_CASE_PATHS.creators },
  { key: "marketing.nav.pricing", path: "/pricing" },
  { key: "marketing.nav.blog", path: "/blog" },
  { key: "marketing.nav.guides", path: "/guides" },
  { key: "marketing.nav.help", path: "/help-center" },
] as const;

export function SiteHeader() {
  const locale = useLocale();
  const t = useT();
  const linkClass = "rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground";

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to={localizePath(PATHS.home, locale)}
          aria-label={t("brand.homeLabel")}
          className="flex shrink-0 items-center gap-2 rounded-lg"
        >
          <BrandMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight">{t("brand.name")}</span>
        </Link>

        <nav aria-label={t("a11y.primaryNav")} className="ml-4 hidden items-center lg:flex">
          {NAV.map((item) => (
            <Link key={item.path} to={localizePath(item.path, locale)} className={linkClass}>
              {t(item.key)}
            </Link>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <Link
            to={localizePath(PATHS.workbench, locale)}
            className="hidden h-9 items-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover sm:inline-flex"
          >
            {t("marketing.nav.workbench")}
          </Link>
          {/* Small screens: a native disclosure, so the menu works before hydration too. */}
          <details className="group relative lg:hidden">
            <summary className="flex h-9 cursor-pointer list-none items-center rounded-lg border border-border px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
              {t("marketing.nav.menu")}
            </summary>
            <nav
              aria-label={t("marketing.nav.menu")}
              className="absolute right-0 mt-2 w-60 rounded-xl border border-border bg-surface p-2 shadow-lg"
            >
              <ul>
                {NAV.map((item) => (
                  <li key={item.path}>
                    <Link to={localizePath(item.path, locale)} className="block rounded-md px-3 py-2 text-sm hover:bg-surface-muted">
                      {t(item.key)}
                    </Link>
                  </li>
                ))}
                <li className="mt-1 border-t border-border pt-1">
                  <Link
                    to={localizePath(PATHS.workbench, locale)}
                    className="block rounded-md px-3 py-2 text-sm font-medium text-primary hover:bg-surface-muted"
                  >
                    {t("marketing.nav.workbench")}
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
