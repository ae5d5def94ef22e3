import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { BrandMark } from "../icons";
import { LanguageSwitcher } from "../language-switcher";

export function SiteHeader() {
  const locale = useLocale();
  const t = useT();

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={localizePath(PATHS.home, locale)}
          aria-label={t("brand.homeLabel")}
          className="flex shrink-0 items-center gap-2 rounded-lg"
        >
          <BrandMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight">{t("brand.name")}</span>
        </Link>

        <nav aria-label={t("a11y.primaryNav")} className="ml-6 hidden items-center gap-1 md:flex">
          <a href={`${localizePath(PATHS.home, locale)}#tools`} className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground">
            {t("nav.tools")}
          </a>
          <a href={`${localizePath(PATHS.home, locale)}#audiences`} className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground">
            {t("nav.audiences")}
          </a>
          <Link
            to={localizePath(PATHS.pricing, locale)}
            className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground"
          >
            {t("nav.pricing")}
          </Link>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <Link
            to={localizePath(PATHS.workbench, locale)}
            className="hidden h-9 items-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover sm:inline-flex"
          >
            {t("nav.workbench")}
          </Link>
        </div>
      </div>
    </header>
  );
}
