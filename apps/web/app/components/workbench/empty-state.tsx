import { HourglassIcon } from "lucide-react";
import { useT } from "../../i18n";
import type { WorkbenchPage } from "../../lib/route-meta";

/** Honest empty state of a tool that is not built yet (both languages). */
export function ToolComingSoon({ page }: { page: WorkbenchPage }) {
  const t = useT();
  const name = t(`wbPage.${page}`);
  return (
    <section className="mx-auto w-full max-w-5xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
        <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-primary-soft-foreground">{t("workbench.comingSoonBadge")}</span>
      </div>
      <div className="mt-6 grid gap-4 desktop:grid-cols-[2fr_1fr]">
        <div className="flex min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-border bg-surface p-8 text-center" data-testid="empty-state">
          <HourglassIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold">{t("workbench.comingSoonTitle")}</h2>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">{t("workbench.comingSoonText", { tool: name })}</p>
        </div>
        <aside className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="font-semibold">{t("workbench.noResultsTitle")}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{t("workbench.noResultsText")}</p>
        </aside>
      </div>
    </section>
  );
}
