import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";
import { Button } from "../../components/ui/button";

const PROVIDERS = ["Google", "Facebook", "GitHub", "Twitter"] as const;

/** `/login` (guest-only): providers (not available yet) and email sign-in. */
export default function Login() {
  const t = useT();
  const locale = useLocale();
  return (
    <AuthCard title={t("auth.loginTitle")} lead={t("auth.loginLead")}>
      <AuthForm fields={["email", "password"]} submitLabel={t("auth.submitLogin")} />
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={localizePath("/forgot-password", locale)} className="text-primary hover:underline">
          {t("auth.forgotPassword")}
        </Link>
        <Link to={localizePath("/login-basic", locale)} className="text-primary hover:underline">
          {t("auth.continueWithEmail")}
        </Link>
      </div>
      <div className="mt-6 border-t border-border pt-6">
        <p className="text-sm font-medium">{t("auth.orProvider")}</p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          {PROVIDERS.map((provider) => (
            <Button key={provider} variant="outline" disabled type="button">
              {provider}
            </Button>
          ))}
        </div>
        <p className="mt-3 text-xs text-muted-foreground">{t("auth.providersUnavailable")}</p>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        {t("auth.noAccount")}{" "}
        <Link to={localizePath("/register", locale)} className="font-medium text-primary hover:underline">
          {t("shell.register")}
        </Link>
      </p>
    </AuthCard>
  );
}
