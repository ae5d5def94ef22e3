import { Link, useLocation } from "react-router";
import { languageTag, localeFromPath, otherLocale, switchLocalePath, t } from "../i18n";
import { GlobeIcon } from "./icons";

/** Links to the current page in the other language (`/x` ↔ `/zh/x`). */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const target = otherLocale(locale);

  return (
    <Link
      to={switchLocalePath(pathname, target)}
      hrefLang={languageTag(target)}
      aria-label={`${t(locale, "language.switchLabel")}: ${t(locale, "language.otherLanguageName")}`}
      className={`inline-flex h-9 items-center gap-1.5 rounded-lg border border-border px-3 text-sm font-medium text-foreground transition-colors hover:bg-surface-muted ${className}`}
    >
      <GlobeIcon className="size-4 text-muted-foreground" />
      <span lang={languageTag(target)}>{t(locale, "language.otherLanguageName")}</span>
    </Link>
  );
}
