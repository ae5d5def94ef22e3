import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { BrandMark } from "../icons";
import { LanguageSwitcher } from "../language-switcher";

export function SiteFooter() {
  const locale = useLocale();
  const t = useT();
  const linkClass = "text-sm text-muted-foreground hover:text-foreground";

  return (
    <footer className="border-t border-border bg-surface-muted/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm space-y-3">
          <div className="flex items-center gap-2">
            <BrandMark className="size-7" />
            <span className="font-semibold tracking-tight">{t("brand.name")}</span>
          </div>
          <p className="text-sm text-muted-foreground">{t("footer.summary")}</p>
          <p className="text-xs text-muted-foreground">{t("footer.consent")}</p>
        </div>

        <nav aria-label={t("a11y.footerNav")} className="space-y-3">
          <h2 className="text-sm font-semibold">{t("footer.product")}</h2>
          <ul className="space-y-2">
            <li>
              <Link to={localizePath(PATHS.workbench, locale)} className={linkClass}>
                {t("nav.workbench")}
              </Link>
            </li>
            <li>
              <a href={`${localizePath(PATHS.home, locale)}#tools`} className={linkClass}>
                {t("nav.tools")}
              </a>
            </li>
            <li>
              <Link to={localizePath(PATHS.pricing, locale)} className={linkClass}>
                {t("nav.pricing")}
              </Link>
            </li>
          </ul>
        </nav>

        <div className="space-y-3">
          <h2 className="text-sm font-semibold">{t("footer.language")}</h2>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
