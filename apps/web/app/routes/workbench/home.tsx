import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { WORKBENCH_NAV } from "../../lib/workbench-nav";
import { AccountSummary } from "../../components/workbench/account-summary";
import { NavIcon } from "../../components/workbench/nav-icon";
import { Button } from "../../components/ui/button";
import { ContentHistory } from "../../components/history/content-history";

/** `/workbench/home`: points and plan, recent work (the content history of every tool, live), and every tool as a card. */
export default function WorkbenchHome() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  const signedIn = isSignedIn(user);
  const tools = WORKBENCH_NAV.flatMap((group) => group.items).filter((item) => item.page !== "workbenchHome");

  return (
    <section className="mx-auto w-full max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">{signedIn && user.nickName ? t("accounts.home.greeting", { name: user.nickName }) : t("workbench.homeTitle")}</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{t("workbench.homeLead")}</p>
      <div className="mt-6">
        <AccountSummary />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={localizePath("/workbench/my-plan", locale)}>{t("accounts.home.seeHistory")}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={localizePath("/workbench/pricing", locale)}>{t("accounts.home.upgrade")}</Link>
          </Button>
        </div>
      </div>

      {signedIn ? <ContentHistory title={t("accounts.home.recentWork")} pageSize={5} /> : null}

      <h2 className="mt-8 text-lg font-semibold">{t("accounts.home.quickEntries")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((item) => (
          <li key={item.path}>
            <Link
              to={localizePath(item.path, locale)}
              className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-primary"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <NavIcon icon={item.icon} className="size-5" />
              </span>
              <span className="font-medium">{t(`wbPage.${item.page}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
