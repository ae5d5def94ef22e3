import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { AuthCard } from "../../components/auth/auth-card";

/**
 * `/login-loading`: shown while an external sign-in completes. No provider flow exists yet, so it
 * says so instead of spinning forever.
 */
export default function LoginLoading() {
  const t = useT();
  const locale = useLocale();
  return (
    <AuthCard title={t("auth.loadingTitle")} lead={t("auth.loadingLead")}>
      <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm">
        {t("auth.loadingNothing")}
      </p>
      <p className="mt-6 text-sm">
        <Link to={localizePath("/login", locale)} className="text-primary hover:underline">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
