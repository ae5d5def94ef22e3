import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { WORKBENCH_NAV } from "../../lib/workbench-nav";
import { NavIcon } from "../../components/workbench/nav-icon";

/** `/workbench/home`: every tool as a card. */
export default function WorkbenchHome() {
  const t = useT();
  const locale = useLocale();
  const tools = WORKBENCH_NAV.flatMap((group) => group.items).filter((item) => item.page !== "workbenchHome");
  return (
    <section className="mx-auto w-full max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">{t("workbench.homeTitle")}</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{t("workbench.homeLead")}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((item) => (
          <li key={item.path}>
            <Link
              to={localizePath(item.path, locale)}
              className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-primary"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <NavIcon name={item.icon} className="size-5" />
              </span>
              <span className="font-medium">{t(`wbPage.${item.page}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
