import { Link, useLocation } from "react-router";
import { languageTag, localeFromPath, otherLocale, switchLocalePath, t } from "../i18n";
import { storeLocale } from "../lib/language";
import { cn } from "../lib/utils";
import { GlobeIcon } from "./icons";

/**
 * Links to the current page in the other language (`/x` ↔ `/zh/x`, query and hash kept) and
 * remembers the choice in the language cookie (spec §4/§9).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const locale = localeFromPath(pathname);
  const target = otherLocale(locale);

  return (
    <Link
      to={`${switchLocalePath(pathname, target)}${search}${hash}`}
      hrefLang={languageTag(target)}
      onClick={() => storeLocale(target)}
      data-testid="language-switcher"
      aria-label={`${t(locale, "language.switchLabel")}: ${t(locale, "language.otherLanguageName")}`}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 rounded-lg border border-border px-3 text-sm font-medium text-foreground transition-colors hover:bg-surface-muted",
        className,
      )}
    >
      <GlobeIcon className="size-4 text-muted-foreground" />
      <span lang={languageTag(target)}>{t(locale, "language.otherLanguageName")}</span>
    </Link>
  );
}
