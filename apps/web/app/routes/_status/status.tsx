import { data, Link } from "react-router";
import type { Route } from "./+types/status";
import { localizePath, useLocale, useT } from "../../i18n";
import { NotFoundPage } from "../../components/not-found-page";
import { Button } from "../../components/ui/button";

const CODES = [401, 403, 404, 500, 503] as const;
type StatusCode = (typeof CODES)[number];

function codeOf(pathname: string): StatusCode {
  const code = Number(pathname.split("/").filter(Boolean).pop());
  return (CODES as readonly number[]).includes(code) ? (code as StatusCode) : 404;
}

/** `/401`, `/403`, `/404`, `/500`, `/503`: status screens answering with their own HTTP status. */
export function loader({ request }: Route.LoaderArgs) {
  const code = codeOf(new URL(request.url).pathname);
  return data({ code }, { status: code });
}

export default function StatusScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { code } = loaderData;
  if (code === 404) return <NotFoundPage embedded />;
  const key = `s${code}` as const;

  return (
    <div className="w-full max-w-lg py-16 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">{code}</p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t(`status.${key}Title`)}</h1>
      <p className="mt-4 text-base text-pretty text-muted-foreground">{t(`status.${key}Text`)}</p>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        {code === 401 ? (
          <Button asChild size="lg">
            <Link to={localizePath("/login", locale)}>{t("status.signIn")}</Link>
          </Button>
        ) : null}
        {code === 500 || code === 503 ? (
          <Button type="button" size="lg" variant="outline" onClick={() => window.location.reload()}>
            {t("status.tryAgain")}
          </Button>
        ) : null}
        <Button asChild size="lg" variant={code === 401 ? "outline" : "default"}>
          <Link to={localizePath("/", locale)}>{t("status.backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}
