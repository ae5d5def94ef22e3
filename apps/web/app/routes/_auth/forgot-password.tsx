import { useState } from "react";
import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";
import { authApi } from "../../lib/auth-client";

/** `/forgot-password` (guest-only): the answer is the same whether the email exists or not. */
export default function ForgotPassword() {
  const t = useT();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AuthCard title={sentTo ? t("accounts.form.resetSentTitle") : t("auth.forgotTitle")} lead={sentTo ? t("accounts.form.resetSentText", { email: sentTo }) : t("auth.forgotLead")}>
      {sentTo ? null : (
        <AuthForm
          fields={["email"]}
          submitLabel={t("auth.submitReset")}
          onSubmit={async (values) => {
            const email = values.email ?? "";
            await authApi.requestPasswordReset({ email, redirectTo: localizePath("/reset-password", locale) });
            setSentTo(email);
          }}
        />
      )}
      <p className="mt-6 text-sm" data-testid={sentTo ? "reset-sent" : undefined}>
        <Link to={localizePath("/login", locale)} className="text-primary hover:underline">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
