import { useMatches } from "react-router";
import { useT } from "../../i18n";
import { GiftCodeDialog } from "../../components/workbench/gift-code-dialog";
import { PlanOverview } from "../../components/workbench/plan-overview";

/** `/workbench/my-plan` (with the gift code modal) and `/workbench/pricing`: the plan catalogue; the user's own plan arrives with accounts. */
export default function WorkbenchPlans() {
  const t = useT();
  const matches = useMatches();
  const isMyPlan = matches[matches.length - 1]?.id === "wb-my-plan";
  return (
    <section className="mx-auto w-full max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t(isMyPlan ? "wbPage.workbenchMyPlan" : "wbPage.workbenchPricing")}</h1>
        {isMyPlan ? <GiftCodeDialog /> : null}
      </div>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{t("myPlan.lead")}</p>
      <div className="mt-6 rounded-2xl border border-border bg-surface p-6">
        <PlanOverview />
      </div>
    </section>
  );
}
