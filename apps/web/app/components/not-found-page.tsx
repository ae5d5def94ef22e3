import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../i18n";
import { PATHS } from "../lib/catalog";
import { ArrowLeftIcon, HomeIcon } from "./icons";

const buttonBase =
  "inline-flex h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition-colors";

/** 404 page: rendered by the `*` catch-all route and by the root ErrorBoundary for thrown 404s. */
export function NotFoundPage() {
  const locale = useLocale();
  const t = useT();

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg text-center">
        <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">{t("notFound.code")}</p>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t("notFound.title")}</h1>
        <p className="mt-4 text-base text-pretty text-muted-foreground">{t("notFound.description")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => window.history.back()}
            className={`${buttonBase} border border-border bg-surface text-foreground hover:bg-surface-muted`}
          >
            <ArrowLeftIcon className="size-4" />
            {t("notFound.goBack")}
          </button>
          <Link
            to={localizePath(PATHS.home, locale)}
            className={`${buttonBase} bg-primary text-primary-foreground hover:bg-primary-hover`}
          >
            <HomeIcon className="size-4" />
            {t("notFound.backHome")}
          </Link>
        </div>
      </div>
    </main>
  );
}
