import { type FormEvent, useState } from "react";
import { ErrorCode, messageFor } from "@voxwork/contract";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { type AuthField, type AuthFieldError, PASSWORD_MIN_LENGTH, validateAuthFields } from "./auth-validation";

const FIELD_LABEL = { email: "auth.email", password: "auth.password", confirmPassword: "auth.confirmPassword" } as const;
const AUTOCOMPLETE = { email: "email", password: "current-password", confirmPassword: "new-password" } as const;

/**
 * Validating auth form. The accounts endpoints do not exist yet, so a valid submission shows
 * the catalogue message for an unavailable service (ErrorCode.SERVICE_UNAVAILABLE) — never a
 * fake success. Wire the real call here when the accounts issue lands.
 */
export function AuthForm({ fields, submitLabel, newPassword = false }: { fields: AuthField[]; submitLabel: string; newPassword?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [values, setValues] = useState<Partial<Record<AuthField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<AuthField, AuthFieldError>>>({});
  const [serviceError, setServiceError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateAuthFields(fields, values);
    setErrors(found);
    setServiceError(null);
    if (Object.keys(found).length > 0) return;
    const message = messageFor(locale, ErrorCode.SERVICE_UNAVAILABLE) ?? "";
    setServiceError(message);
    toast.error(message);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="auth-form">
      {fields.map((field) => {
        const error = errors[field];
        const id = `auth-${field}`;
        return (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={id}>{t(FIELD_LABEL[field])}</Label>
            <Input
              id={id}
              name={field}
              type={field === "email" ? "email" : "password"}
              autoComplete={field === "password" && newPassword ? "new-password" : AUTOCOMPLETE[field]}
              placeholder={field === "email" ? t("auth.emailPlaceholder") : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={values[field] ?? ""}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {t(`auth.${error}`, { min: PASSWORD_MIN_LENGTH })}
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
      <Button type="submit" size="lg" className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
