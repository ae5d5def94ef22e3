import { useState } from "react";
import { useMatches } from "react-router";
import { useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { refreshAccount } from "../../lib/session";
import { AccountSummary } from "../../components/workbench/account-summary";
import { GiftCodeDialog } from "../../components/workbench/gift-code-dialog";
import { PointsHistory } from "../../components/workbench/points-history";
import { PricingCatalogue } from "../../components/workbench/pricing-catalogue";

/** `/workbench/my-plan` (plan, points, history, the gift code modal) and `/workbench/pricing` (plans and packs with checkout). */
export default function WorkbenchPlans() {
  const t = useT();
  const matches = useMatches();
  const api = useApiClient();
  const [refreshKey, setRefreshKey] = useState(0);
  const isMyPlan = matches[matches.length - 1]?.id === "wb-my-plan";

  if (!isMyPlan) {
    return (
      <section className="mx-auto w-full max-w-5xl">
        <h1 className="text-2xl font-bold tracking-tight">{t("wbPage.workbenchPricing")}</h1>
        <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{t("accounts.pricing.lead")}</p>
        <div className="mt-6">
          <PricingCatalogue />
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("wbPage.workbenchMyPlan")}</h1>
        <GiftCodeDialog
          onRedeemed={() => {
            void refreshAccount(api);
            setRefreshKey((value) => value + 1);
          }}
        />
      </div>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{t("myPlan.lead")}</p>
      <div className="mt-6">
        <AccountSummary />
      </div>
      <PointsHistory refreshKey={refreshKey} />
    </section>
  );
}
