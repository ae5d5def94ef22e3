import { useState } from "react";
import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm, useIdentityMessage } from "../../components/auth/auth-form";
import { Button } from "../../components/ui/button";
import { authApi } from "../../lib/auth-client";

/**
 * `/register` (guest-only). After sign-up the page says to check the mail; the mailed link verifies
 * the address, signs the user in and lands on `/login-loading`, which opens the workbench.
 */
export default function Register() {
  const t = useT();
  const locale = useLocale();
  const identityMessage = useIdentityMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const callbackURL = localizePath("/login-loading", locale);

  async function resend() {
    if (!sentTo) return;
    try {
      await authApi.sendVerificationEmail({ email: sentTo, callbackURL });
      setNotice(t("accounts.form.resent"));
    } catch (error) {
      setNotice(identityMessage(error));
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t("accounts.form.checkMailTitle")} lead={t("accounts.form.checkMailText", { email: sentTo })}>
        <div role="status" data-testid="check-mail" className="grid gap-3">
          <Button variant="outline" type="button" onClick={() => void resend()}>
            {t("accounts.form.resendVerification")}
          </Button>
          {notice ? <p className="text-sm text-muted-foreground">{notice}</p> : null}
          <Link to={localizePath("/login", locale)} className="text-sm text-primary hover:underline">
            {t("auth.backToLogin")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.registerTitle")} lead={t("auth.registerLead")}>
      <AuthForm
        fields={["name", "email", "password", "confirmPassword"]}
        submitLabel={t("auth.submitRegister")}
        newPassword
        onSubmit={async (values) => {
          const email = values.email ?? "";
          await authApi.signUp({ email, password: values.password ?? "", name: values.name?.trim() ?? "", callbackURL });
          setSentTo(email);
        }}
      />
      <p className="mt-6 text-sm text-muted-foreground">
        {t("auth.haveAccount")}{" "}
        <Link to={localizePath("/login", locale)} className="font-medium text-primary hover:underline">
          {t("auth.submitLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
