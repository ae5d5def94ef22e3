import { useT } from "../i18n";

/**
 * "Skip to main content": the first tab stop of every page (issue 18), shown when focused. The
 * layouts' `<main id="main" tabIndex={-1}>` takes the focus, so the next Tab goes into the page.
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      data-testid="skip-link"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:shadow-lg"
    >
      {t("a11y.skipToContent")}
    </a>
  );
}
