import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy, type PasswordRule } from "@voxwork/contract";

/** Form rules of the product's own auth screens; the password policy comes from the server (spec §5, default minimum 6). */
export const PASSWORD_MIN_LENGTH = DEFAULT_PASSWORD_POLICY.minLength;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthField = "name" | "email" | "password" | "confirmPassword";
export type AuthFieldError = "emailRequired" | "emailInvalid" | "passwordTooShort" | "passwordPolicy" | "passwordMismatch" | "nameRequired";

export interface AuthValidation {
  errors: Partial<Record<AuthField, AuthFieldError>>;
  /** Policy rules the new password breaks, other than the minimum length. */
  rules: PasswordRule[];
}

/**
 * Checks the fields. `newPassword` applies the whole server policy (when enforced); a sign-in only
 * checks the minimum length, so a typo is caught before a request.
 */
export function validateAuthFields(
  fields: AuthField[],
  values: Partial<Record<AuthField, string>>,
  options: { policy?: PasswordPolicy; newPassword?: boolean } = {},
): Partial<Record<AuthField, AuthFieldError>> {
  return validateAuthForm(fields, values, options).errors;
}

export function validateAuthForm(fields: AuthField[], values: Partial<Record<AuthField, string>>, options: { policy?: PasswordPolicy; newPassword?: boolean } = {}): AuthValidation {
  const policy = options.policy ?? DEFAULT_PASSWORD_POLICY;
  const errors: Partial<Record<AuthField, AuthFieldError>> = {};
  let rules: PasswordRule[] = [];
  const email = values.email?.trim() ?? "";
  if (fields.includes("name") && !(values.name ?? "").trim()) errors.name = "nameRequired";
  if (fields.includes("email")) {
    if (!email) errors.email = "emailRequired";
    else if (!EMAIL.test(email)) errors.email = "emailInvalid";
  }
  if (fields.includes("password")) {
    const password = values.password ?? "";
    if (options.newPassword && policy.enforced) {
      const broken = checkPassword(policy, password);
      if (broken.includes("minLength")) errors.password = "passwordTooShort";
      else if (broken.length) {
        errors.password = "passwordPolicy";
        rules = broken;
      }
    } else if ([...password].length < Math.min(policy.minLength, PASSWORD_MIN_LENGTH)) errors.password = "passwordTooShort";
  }
  if (fields.includes("confirmPassword") && values.confirmPassword !== values.password) errors.confirmPassword = "passwordMismatch";
  return { errors, rules };
}
