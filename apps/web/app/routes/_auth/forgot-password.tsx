import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";

/** `/forgot-password` (guest-only). */
export default function ForgotPassword() {
  const t = useT();
  const locale = useLocale();
  return (
    <AuthCard title={t("auth.forgotTitle")} lead={t("auth.forgotLead")}>
      <AuthForm fields={["email"]} submitLabel={t("auth.submitReset")} />
      <p className="mt-6 text-sm">
        <Link to={localizePath("/login", locale)} className="text-primary hover:underline">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
