import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";
import { AuthForm } from "../../components/auth/auth-form";
import { useSignIn } from "../../components/auth/use-sign-in";

/** `/login-basic`: email and password only. */
export default function LoginBasic() {
  const t = useT();
  const locale = useLocale();
  const signIn = useSignIn();
  return (
    <AuthCard title={t("auth.loginBasicTitle")} lead={t("auth.loginBasicLead")}>
      <AuthForm fields={["email", "password"]} submitLabel={t("auth.submitLogin")} onSubmit={(values) => signIn.withPassword(values.email ?? "", values.password ?? "")} />
      <p className="mt-4 text-sm">
        <Link to={localizePath("/forgot-password", locale)} className="text-primary hover:underline">
          {t("auth.forgotPassword")}
        </Link>
      </p>
    </AuthCard>
  );
}
