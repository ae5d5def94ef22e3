import { Link } from "react-router";
import { formatMoney, PLANS, POINT_PACKS, type Currency } from "@voxwork/contract";
import { localizePath, useLocale, useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";

/** The plans and point packs from the shared catalogue (`@voxwork/contract` plans.ts), with a link to pricing. */
export function PlanOverview() {
  const t = useT();
  const locale = useLocale();
  const currency: Currency = locale === "zh" ? "CNY" : "USD";
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");

  return (
    <div className="grid gap-6" data-testid="plan-overview">
      <ul className="grid gap-3 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className={cn("rounded-xl border p-4", plan.highlighted ? "border-primary" : "border-border")}>
            <p className="font-semibold">{t(`planNames.${plan.id}`)}</p>
            <p className="mt-1 text-lg font-bold">
              {plan.prices ? formatMoney(plan.prices.month[currency], currency, locale) : formatMoney(0, currency, locale)}
              <span className="ml-1 text-sm font-normal text-muted-foreground">{t("myPlan.perMonth")}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{t("myPlan.pointsPerMonth", { points: numbers.format(plan.comboDetail.pointsPerMonth) })}</p>
          </li>
        ))}
      </ul>
      <div>
        <p className="text-sm font-semibold">{t("myPlan.pointPacks")}</p>
        <ul className="mt-2 grid gap-2 sm:grid-cols-3">
          {POINT_PACKS.map((pack) => (
            <li key={pack.id} className="flex items-center justify-between rounded-lg bg-surface-muted px-3 py-2 text-sm">
              <span>{t("myPlan.points", { points: numbers.format(pack.points) })}</span>
              <span className="font-medium">{formatMoney(pack.prices[currency], currency, locale)}</span>
            </li>
          ))}
        </ul>
      </div>
      <Button asChild variant="outline" className="justify-self-start">
        <Link to={localizePath("/pricing", locale)}>{t("myPlan.seePricing")}</Link>
      </Button>
    </div>
  );
}
