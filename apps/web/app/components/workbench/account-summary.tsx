import { planByVipLevel } from "@voxwork/contract";
import { useLocale, useT } from "../../i18n";
import { useCurrentUser } from "../../lib/current-user";

/** Plan, points available and frozen, expiry and the monthly video-translation allowance of the signed-in user. */
export function AccountSummary() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");
  const dates = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en-US", { dateStyle: "long" });
  const plan = user.planId || planByVipLevel(user.vipLevel).id;
  const tile = "rounded-xl border border-border bg-surface p-4";
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="account-summary">
      <div className={tile}>
        <p className="text-sm text-muted-foreground">{t("accounts.plan.currentPlan")}</p>
        <p className="mt-1 text-xl font-bold" data-testid="summary-plan">
          {t(`planNames.${plan}`)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{user.expireTime ? t("accounts.plan.expires", { date: dates.format(new Date(user.expireTime)) }) : t("accounts.plan.noExpiry")}</p>
      </div>
      <div className={tile}>
        <p className="text-sm text-muted-foreground">{t("accounts.plan.available")}</p>
        <p className="mt-1 text-xl font-bold tabular-nums" data-testid="summary-available">
          {numbers.format(user.availablePoint)}
        </p>
      </div>
      <div className={tile}>
        <p className="text-sm text-muted-foreground">{t("accounts.plan.frozen")}</p>
        <p className="mt-1 text-xl font-bold tabular-nums" data-testid="summary-frozen">
          {numbers.format(user.freezePoint)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {t("accounts.plan.total")}: {numbers.format(user.totalPoint)}
        </p>
      </div>
      <div className={tile}>
        <p className="text-sm text-muted-foreground">{t("accounts.plan.vtUseLimit")}</p>
        <p className="mt-1 text-xl font-bold tabular-nums">{user.vtUseLimit < 0 ? t("accounts.plan.unlimited") : numbers.format(user.vtUseLimit)}</p>
      </div>
    </div>
  );
}
