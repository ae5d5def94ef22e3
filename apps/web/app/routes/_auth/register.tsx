import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";

/** `/register` (guest-only). */
export default function Register() {
  const t = useT();
  const locale = useLocale();
  return (
    <AuthCard title={t("auth.registerTitle")} lead={t("auth.registerLead")}>
      <AuthForm fields={["email", "password", "confirmPassword"]} submitLabel={t("auth.submitRegister")} newPassword />
      <p className="mt-6 text-sm text-muted-foreground">
        {t("auth.haveAccount")}{" "}
        <Link to={localizePath("/login", locale)} className="font-medium text-primary hover:underline">
          {t("auth.submitLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
