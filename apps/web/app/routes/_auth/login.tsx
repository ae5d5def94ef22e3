import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";
import { ProviderButtons } from "../../components/auth/provider-buttons";
import { useSignIn } from "../../components/auth/use-sign-in";

/** `/login` (guest-only): email sign-in and the configured providers. */
export default function Login() {
  const t = useT();
  const locale = useLocale();
  const signIn = useSignIn();
  return (
    <AuthCard title={t("auth.loginTitle")} lead={t("auth.loginLead")}>
      <AuthForm fields={["email", "password"]} submitLabel={t("auth.submitLogin")} onSubmit={(values) => signIn.withPassword(values.email ?? "", values.password ?? "")} />
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={localizePath("/forgot-password", locale)} className="text-primary hover:underline">
          {t("auth.forgotPassword")}
        </Link>
        <Link to={localizePath("/login-basic", locale)} className="text-primary hover:underline">
          {t("auth.continueWithEmail")}
        </Link>
      </div>
      <ProviderButtons />
      <p className="mt-6 text-sm text-muted-foreground">
        {t("auth.noAccount")}{" "}
        <Link to={localizePath("/register", locale)} className="font-medium text-primary hover:underline">
          {t("shell.register")}
        </Link>
      </p>
    </AuthCard>
  );
}
