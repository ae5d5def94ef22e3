import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { useSignIn } from "../../components/auth/use-sign-in";
import { authApi } from "../../lib/auth-client";

type State = "working" | "nothing" | "failed";

/**
 * `/login-loading`: completes a sign-in that happened outside the page — a provider redirect or
 * the mailed verification link. Both leave Better Auth's session cookie; its session becomes the
 * stored user (token, identity, account) and the workbench opens.
 */
export default function LoginLoading() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [state, setState] = useState<State>("working");

  useEffect(() => {
    let live = true;
    if (params.get("error")) {
      setState("failed");
      return;
    }
    authApi
      .getSession(undefined, true)
      .then(async (session) => {
        if (!live) return;
        if (!session?.session) return setState("nothing");
        await signIn.withToken(session.session.token);
      })
      .catch((error: unknown) => {
        console.warn("completing the sign-in failed", error);
        if (live) setState("failed");
      });
    return () => {
      live = false;
    };
    // Runs once per visit (signIn is recreated on each render).
  }, [params]);

  return (
    <AuthCard title={t("auth.loadingTitle")} lead={t("auth.loadingLead")}>
      <p role="status" data-testid="login-loading-state" data-state={state} className="rounded-lg bg-surface-muted px-3 py-2 text-sm">
        {state === "working" ? t("accounts.loading.working") : state === "failed" ? t("accounts.loading.failed") : t("auth.loadingNothing")}
      </p>
      <p className="mt-6 text-sm">
        <Link to={localizePath("/login", locale)} className="text-primary hover:underline">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
