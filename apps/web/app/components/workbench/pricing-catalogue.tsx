import { useState } from "react";
import { formatMoney, PLANS, POINT_PACKS, type BillingPeriod, type Currency } from "@voxwork/contract";
import { checkoutCreateCall } from "@voxwork/contract/client";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";

/** Plans and point packs from the catalogue with buy buttons: checkout is created, then the browser goes to its page. */
export function PricingCatalogue() {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const user = useCurrentUser();
  const [period, setPeriod] = useState<BillingPeriod>("month");
  const [busy, setBusy] = useState<string | null>(null);
  const currency: Currency = locale === "zh" ? "CNY" : "USD";
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");

  async function buy(productId: string) {
    setBusy(productId);
    try {
      const { checkoutUrl } = await api.call(checkoutCreateCall, { productId, currency });
      window.location.assign(checkoutUrl);
    } catch (error) {
      console.warn("checkout could not start", error);
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-8" data-testid="pricing-catalogue">
      <div className="inline-flex w-fit rounded-lg border border-border p-1" role="group">
        {(["month", "year"] as const).map((value) => (
          <Button key={value} size="sm" variant={period === value ? "default" : "ghost"} aria-pressed={period === value} onClick={() => setPeriod(value)}>
            {t(value === "month" ? "accounts.pricing.monthly" : "accounts.pricing.yearly")}
          </Button>
        ))}
      </div>
      <ul className="grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const current = (user.planId || "free") === plan.id;
          const productId = `${plan.id}:${period}`;
          return (
            <li key={plan.id} className={cn("flex flex-col rounded-2xl border bg-surface p-5", plan.highlighted ? "border-primary" : "border-border")} data-plan={plan.id}>
              <p className="text-lg font-semibold">{t(`planNames.${plan.id}`)}</p>
              <p className="mt-2 text-2xl font-bold">
                {formatMoney(plan.prices ? plan.prices[period][currency] : 0, currency, locale)}
                <span className="ml-1 text-sm font-normal text-muted-foreground">{t(period === "month" ? "myPlan.perMonth" : "accounts.pricing.perYear")}</span>
              </p>
              <ul className="mt-4 grid gap-1.5 text-sm text-muted-foreground">
                <li>{t("accounts.pricing.pointsPerMonth", { points: numbers.format(plan.comboDetail.pointsPerMonth) })}</li>
                <li>{t("accounts.pricing.maxMinutes", { minutes: plan.comboDetail.maxVideoMinutesPerJob })}</li>
                <li>{tp("accounts.pricing.cloneSlots", plan.comboDetail.voiceCloneSlots)}</li>
                <li>{tp("accounts.pricing.concurrent", plan.comboDetail.concurrentJobs)}</li>
                {plan.comboDetail.watermarkFree ? <li>{t("accounts.pricing.watermarkFree")}</li> : null}
              </ul>
              <div className="mt-auto pt-5">
                {current ? (
                  <p className="rounded-lg bg-surface-muted px-3 py-2 text-center text-sm font-medium">{t("accounts.pricing.current")}</p>
                ) : plan.prices ? (
                  <Button className="w-full" disabled={busy !== null} onClick={() => void buy(productId)} data-product={productId}>
                    {busy === productId ? t("accounts.pricing.redirecting") : t("accounts.pricing.subscribe", { plan: t(`planNames.${plan.id}`) })}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <h2 className="text-lg font-semibold">{t("myPlan.pointPacks")}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {POINT_PACKS.map((pack) => (
            <li key={pack.id} className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4">
              <div>
                <p className="font-medium">{t("myPlan.points", { points: numbers.format(pack.points) })}</p>
                <p className="text-sm text-muted-foreground">{formatMoney(pack.prices[currency], currency, locale)}</p>
              </div>
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void buy(pack.id)} data-product={pack.id}>
                {busy === pack.id ? t("accounts.pricing.redirecting") : t("accounts.pricing.buy")}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
