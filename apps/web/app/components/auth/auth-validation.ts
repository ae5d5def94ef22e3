/** Form rules of the product's own auth screens (spec §5 leaves them to us; the identity provider's default minimum is 6). */
export const PASSWORD_MIN_LENGTH = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthField = "email" | "password" | "confirmPassword";
export type AuthFieldError = "emailRequired" | "emailInvalid" | "passwordTooShort" | "passwordMismatch";

export function validateAuthFields(fields: AuthField[], values: Partial<Record<AuthField, string>>): Partial<Record<AuthField, AuthFieldError>> {
  const errors: Partial<Record<AuthField, AuthFieldError>> = {};
  const email = values.email?.trim() ?? "";
  if (fields.includes("email")) {
    if (!email) errors.email = "emailRequired";
    else if (!EMAIL.test(email)) errors.email = "emailInvalid";
  }
  if (fields.includes("password") && (values.password ?? "").length < PASSWORD_MIN_LENGTH) errors.password = "passwordTooShort";
  if (fields.includes("confirmPassword") && values.confirmPassword !== values.password) errors.confirmPassword = "passwordMismatch";
  return errors;
}
