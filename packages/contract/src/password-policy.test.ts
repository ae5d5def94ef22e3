import { describe, expect, it } from 'vitest';
import { checkNickname, checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.ts';

const strict: PasswordPolicy = { minLength: 8, maxLength: 12, requireLowercase: true, requireUppercase: true, requireNumeric: true, requireNonAlphanumeric: true, enforced: true };

describe('checkPassword', () => {
  it.each([
    [DEFAULT_PASSWORD_POLICY, '12345', ['minLength']],
    [DEFAULT_PASSWORD_POLICY, '123456', []],
    [DEFAULT_PASSWORD_POLICY, '密码密码密码', []],
    [strict, 'short', ['minLength', 'uppercase', 'numeric', 'nonAlphanumeric']],
    [strict, 'Abcdefg1!', []],
    [strict, 'Abcdefg1!xxxxx', ['maxLength']],
    [strict, 'ABCDEFG1!', ['lowercase']],
    [strict, 'Abcdefgh!', ['numeric']],
    [strict, 'Abcdefgh1', ['nonAlphanumeric']],
    [strict, 'Ábcdéfg1 ', []],
  ] as const)('%#: %s', (policy, password, broken) => {
    expect(checkPassword(policy, password)).toEqual(broken);
  });
});

describe('checkNickname', () => {
  it.each([
    ['Ada', undefined],
    ["Seán O'Brien", undefined],
    ['小明', undefined],
    ['  ', 'empty'],
    ['x'.repeat(41), 'too-long'],
    ['<script>alert(1)</script>', 'forbidden-characters'],
    ["'; DROP TABLE auth_user; --", 'forbidden-characters'],
    ['a /* b */', 'forbidden-characters'],
    ['tab\there', 'forbidden-characters'],
  ] as const)('%j → %s', (name, expected) => {
    expect(checkNickname(name)).toBe(expected);
  });
});
