import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../i18n";
import { PATHS } from "../lib/catalog";

const buttonBase =
  "inline-flex h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold transition-colors";

/** Generic error page for anything that is not a 404. `details` is only passed in development. */
export function ErrorPage({ status, details }: { status?: number; details?: string }) {
  const locale = useLocale();
  const t = useT();

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg text-center">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">
          {status ? t("error.statusTitle", { status }) : t("error.code")}
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t("error.title")}</h1>
        <p className="mt-4 text-base text-muted-foreground">{t("error.description")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={`${buttonBase} border border-border bg-surface text-foreground hover:bg-surface-muted`}
          >
            {t("error.reload")}
          </button>
          <Link
            to={localizePath(PATHS.home, locale)}
            reloadDocument
            className={`${buttonBase} bg-primary text-primary-foreground hover:bg-primary-hover`}
          >
            {t("error.backHome")}
          </Link>
        </div>
        {details ? (
          <pre className="mt-10 max-h-80 overflow-auto rounded-xl border border-border bg-surface-muted p-4 text-left text-xs">
            <code>{details}</code>
          </pre>
        ) : null}
      </div>
    </main>
  );
}
