import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, type PasswordRule } from "@voxwork/contract";
import { passwordPolicyCall } from "@voxwork/contract/client";
import { type MessageKey, useT } from "../../i18n";
import { IdentityError } from "../../lib/auth-client";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { type AuthField, type AuthFieldError, validateAuthForm } from "./auth-validation";

const FIELD_LABEL = { name: "accounts.form.name", email: "auth.email", password: "auth.password", confirmPassword: "auth.confirmPassword" } as const;
const AUTOCOMPLETE = { name: "nickname", email: "email", password: "current-password", confirmPassword: "new-password" } as const;
const FIELD_TYPE = { name: "text", email: "email", password: "password", confirmPassword: "password" } as const;

export type AuthValues = Partial<Record<AuthField, string>>;

/** The server's password policy (spec §5), the default until it answers. */
export function usePasswordPolicy(): PasswordPolicy {
  const api = useApiClient();
  const [policy, setPolicy] = useState<PasswordPolicy>(DEFAULT_PASSWORD_POLICY);
  useEffect(() => {
    let live = true;
    api.call(passwordPolicyCall, {}).then(
      (answer) => live && setPolicy(answer),
      (error: unknown) => console.warn("password policy unavailable", error),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return policy;
}

/** The message of an identity error in the page's language. */
export function useIdentityMessage() {
  const t = useT();
  return (error: unknown, policyRules: PasswordRule[] = [], policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string => {
    if (error instanceof IdentityError) {
      if (error.code === "weak-password" && error.rules.length) return policyText(t, error.rules as PasswordRule[], policy);
      if (error.code === "unauthorized-domain" && error.refusedOrigin) return t("accounts.errors.unauthorized-domain-at", error.refusedOrigin);
      return t(`accounts.errors.${error.code}`);
    }
    if (policyRules.length) return policyText(t, policyRules, policy);
    return t("accounts.errors.internal-error");
  };
}

export function policyText(t: ReturnType<typeof useT>, rules: PasswordRule[], policy: PasswordPolicy): string {
  const parts = rules.map((rule) => t(`accounts.policy.${rule}`, { min: policy.minLength, max: policy.maxLength ?? "" }));
  return t("accounts.policy.needs", { rules: parts.join(t("accounts.policy.separator")) });
}

/**
 * Auth form: validates on the client (the server's password policy for new passwords), then runs
 * `onSubmit`; an identity error thrown by it is shown in the page's language. Nothing changes on
 * failure.
 */
export function AuthForm({
  fields,
  submitLabel,
  newPassword = false,
  onSubmit,
  footer,
  labels,
}: {
  fields: AuthField[];
  submitLabel: string;
  newPassword?: boolean;
  onSubmit: (values: AuthValues) => Promise<void>;
  footer?: ReactNode;
  labels?: Partial<Record<AuthField, MessageKey>>;
}) {
  const t = useT();
  const policy = usePasswordPolicy();
  const identityMessage = useIdentityMessage();
  const [values, setValues] = useState<AuthValues>({});
  const [errors, setErrors] = useState<Partial<Record<AuthField, AuthFieldError>>>({});
  const [rules, setRules] = useState<PasswordRule[]>([]);
  const [serviceError, setServiceError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateAuthForm(fields, values, { policy, newPassword });
    setErrors(found.errors);
    setRules(found.rules);
    setServiceError(null);
    if (Object.keys(found.errors).length > 0) return;
    setSending(true);
    try {
      await onSubmit({ ...values, email: values.email?.trim() });
    } catch (error) {
      if (!(error instanceof IdentityError)) console.warn("auth request failed", error);
      setServiceError(identityMessage(error, [], policy));
    } finally {
      setSending(false);
    }
  }

  const fieldMessage = (error: AuthFieldError) =>
    error === "passwordPolicy" ? policyText(t, rules, policy) : t(`auth.${error}`, { min: policy.enforced ? policy.minLength : 1 });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" data-testid="auth-form">
      {fields.map((field) => {
        const error = errors[field];
        const id = `auth-${field}`;
        return (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={id}>{t(labels?.[field] ?? FIELD_LABEL[field])}</Label>
            <Input
              id={id}
              name={field}
              type={FIELD_TYPE[field]}
              autoComplete={field === "password" && newPassword ? "new-password" : AUTOCOMPLETE[field]}
              placeholder={field === "email" ? t("auth.emailPlaceholder") : field === "name" ? t("accounts.form.namePlaceholder") : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={values[field] ?? ""}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {fieldMessage(error)}
              </p>
            ) : null}
          </div>
        );
      })}
      {serviceError ? (
        <p role="alert" data-testid="auth-service-error" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {serviceError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={sending}>
        {sending ? t("auth.submitting") : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
