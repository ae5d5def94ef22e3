import { CircleUserIcon } from "lucide-react";
import { useT } from "../../i18n";

/** `/workbench/account`: honest placeholder until the accounts issue lands. */
export default function WorkbenchAccount() {
  const t = useT();
  return (
    <section className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">{t("workbench.accountTitle")}</h1>
      <div className="mt-6 flex min-h-48 flex-col items-center justify-center rounded-2xl border border-dashed border-border bg-surface p-8 text-center" data-testid="empty-state">
        <CircleUserIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-4 max-w-md text-sm text-muted-foreground">{t("workbench.accountText")}</p>
      </div>
    </section>
  );
}
