import { Link, useLocation } from "react-router";
import { languageTag, localeFromPath, otherLocale, switchLocalePath, t } from "../i18n";
import { storeLocale } from "../lib/language";
import { GlobeIcon } from "./icons";

/** Horizontal padding: `compact` is tighter below 640 px (the workbench header). */
const PADDING = { default: "px-3", compact: "px-2 sm:px-3" } as const;

/**
 * Links to the current page in the other language (`/x` ↔ `/zh/x`, query and hash kept) and
 * remembers the choice in the language cookie (spec §4/§9). Classes are joined without `cn()`:
 * the switcher is on every marketing page, which do not ship tailwind-merge (decision 011).
 */
export function LanguageSwitcher({ size = "default" }: { size?: keyof typeof PADDING }) {
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
      className={`inline-flex h-9 items-center gap-1.5 rounded-lg border border-border text-sm font-medium text-foreground transition-colors hover:bg-surface-muted ${PADDING[size]}`}
    >
      <GlobeIcon className="size-4 text-muted-foreground" />
      <span lang={languageTag(target)}>{t(locale, "language.otherLanguageName")}</span>
    </Link>
  );
}
