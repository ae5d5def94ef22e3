import { useT } from "../../i18n";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";

/** Said above a tool's start button when the run would cost more points than the signed-in user has (nothing while the cost or the account is unknown). */
export function NotEnoughPoints({ cost }: { cost: number | null }) {
  const t = useT();
  const user = useCurrentUser();
  if (!isSignedIn(user) || !user.accountLoaded || cost == null || cost <= user.availablePoint) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {t("toolShared.common.notEnoughPoints", { cost, available: user.availablePoint })}
    </p>
  );
}
