/**
 * The password policy is served by the server (spec §5: default minimum length 6, optional maximum
 * and character classes, enforcement switchable) and checked on both sides with this function.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
  /** When false the rules are advice only: the server accepts any password of 1–4096 characters. */
  enforced: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
  enforced: true,
};

export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

/** The rules a password breaks (empty when it is acceptable). */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.minLength) broken.push('minLength');
  if (policy.maxLength !== null && length > policy.maxLength) broken.push('maxLength');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push('lowercase');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push('uppercase');
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) broken.push('numeric');
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{Nd}]/u.test(password)) broken.push('nonAlphanumeric');
  return broken;
}

/**
 * Nicknames are shown to other people and in mail: 1–40 characters, no markup, no control
 * characters, nothing shaped like SQL (`;`, `--`, comments). Apostrophes and every script are fine.
 */
export function checkNickname(name: string): 'empty' | 'too-long' | 'forbidden-characters' | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if ([...trimmed].length > 40) return 'too-long';
  if (/[<>{}\\;`]|--|\/\*|\*\/|\p{Cc}/u.test(trimmed)) return 'forbidden-characters';
  return undefined;
}
