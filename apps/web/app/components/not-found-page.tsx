import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../i18n";
import { PATHS } from "../lib/catalog";
import { ArrowLeftIcon, HomeIcon } from "./icons";
import { buttonVariants } from "./ui/button-variants";

/**
 * 404 page exactly as spec §2: code, heading, text, 'Go Back' (previous page) and 'Back to Home'
 * (`/`). Rendered by the `*` catch-all, `/404`, and every error boundary. `details` only in development.
 */
export function NotFoundPage({ details, embedded = false }: { details?: string; embedded?: boolean }) {
  const Root = embedded ? "div" : "main";
  const locale = useLocale();
  const t = useT();

  return (
    <Root className={embedded ? "flex items-center justify-center py-16" : "flex min-h-dvh items-center justify-center px-4 py-16"}>
      <div className="w-full max-w-lg text-center">
        <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">{t("notFound.code")}</p>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t("notFound.title")}</h1>
        <p className="mt-4 text-base text-pretty text-muted-foreground">{t("notFound.description")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          {/* Button classes without the Button component: this page is in every page's error boundary. */}
          <button type="button" data-slot="button" className={buttonVariants({ variant: "outline", size: "lg" })} onClick={() => window.history.back()}>
            <ArrowLeftIcon className="size-4" />
            {t("notFound.goBack")}
          </button>
          <Link data-slot="button" className={buttonVariants({ size: "lg" })} to={localizePath(PATHS.home, locale)}>
            <HomeIcon className="size-4" />
            {t("notFound.backHome")}
          </Link>
        </div>
        {details ? (
          <pre className="mt-10 max-h-80 overflow-auto rounded-xl border border-border bg-surface-muted p-4 text-left text-xs">
            <code>{details}</code>
          </pre>
        ) : null}
      </div>
    </Root>
  );
}
