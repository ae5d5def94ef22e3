import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";
import { authApi, IdentityError } from "../../lib/auth-client";

/**
 * `/reset-password?token=…` (public): where the mailed reset link lands (Better Auth checks the
 * link and redirects here with `token`, or with `error=INVALID_TOKEN` when it expired).
 */
export default function ResetPassword() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [token, setToken] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  // Read after hydration, like every query-dependent state of a public page.
  useEffect(() => {
    setToken(params.get("token"));
    setLinkError(params.get("error"));
  }, [params]);

  const login = (
    <p className="mt-6 text-sm">
      <Link to={localizePath("/login", locale)} className="text-primary hover:underline">
        {t("auth.backToLogin")}
      </Link>
    </p>
  );

  if (done) {
    return (
      <AuthCard title={t("accounts.form.resetTitle")} lead={t("accounts.form.resetDone")}>
        <p role="status" data-testid="reset-done" className="sr-only">
          {t("accounts.form.resetDone")}
        </p>
        {login}
      </AuthCard>
    );
  }
  const problem = linkError ? t("accounts.errors.expired-action-code") : !token ? t("accounts.form.resetMissingToken") : null;
  return (
    <AuthCard title={t("accounts.form.resetTitle")} lead={t("accounts.form.resetLead")}>
      {problem ? (
        <p role="alert" data-testid="auth-service-error" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <AuthForm
          fields={["password", "confirmPassword"]}
          labels={{ password: "accounts.form.newPassword" }}
          submitLabel={t("accounts.form.resetSubmit")}
          newPassword
          onSubmit={async (values) => {
            if (!token) throw new IdentityError("expired-action-code");
            await authApi.resetPassword({ newPassword: values.password ?? "", token });
            setDone(true);
          }}
        />
      )}
      {login}
    </AuthCard>
  );
}
