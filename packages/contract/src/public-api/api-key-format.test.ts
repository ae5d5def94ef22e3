import { describe, expect, it } from 'vitest';
import { apiKeyFromAuthorization, apiKeyShownPrefix, isApiKeyShaped, isValidIdempotencyKey, looksLikeApiKeyAuthorization } from './api-key-format.ts';

const KEY = `vx_live_${'A'.repeat(20)}-_${'z9'.repeat(10)}b`;

describe('API key format', () => {
  it('accepts the prefix and 43 base64url characters only', () => {
    expect(KEY).toHaveLength(8 + 43);
    expect(isApiKeyShaped(KEY)).toBe(true);
    expect(isApiKeyShaped(KEY.slice(0, -1))).toBe(false);
    expect(isApiKeyShaped(`${KEY}x`)).toBe(false);
    expect(isApiKeyShaped(KEY.replace('vx_live_', 'vx_test_'))).toBe(false);
    expect(isApiKeyShaped(KEY.replace('A', '+'))).toBe(false);
    expect(isApiKeyShaped(`${KEY.slice(0, -1)}=`)).toBe(false);
  });

  it('reads the key from an Authorization header, in any case of the scheme', () => {
    expect(apiKeyFromAuthorization(`Bearer ${KEY}`)).toBe(KEY);
    expect(apiKeyFromAuthorization(`bearer   ${KEY} `)).toBe(KEY);
    expect(apiKeyFromAuthorization(KEY)).toBeUndefined();
    expect(apiKeyFromAuthorization(`Basic ${KEY}`)).toBeUndefined();
    expect(apiKeyFromAuthorization(`Bearer ${KEY} extra`)).toBeUndefined();
    expect(apiKeyFromAuthorization('Bearer some-session-token')).toBeUndefined();
    expect(apiKeyFromAuthorization(undefined)).toBeUndefined();
  });

  it('tells an API key attempt from a session token', () => {
    expect(looksLikeApiKeyAuthorization('Bearer vx_live_short')).toBe(true);
    expect(looksLikeApiKeyAuthorization('Bearer abc.def')).toBe(false);
  });

  it('shows the prefix and four characters', () => {
    expect(apiKeyShownPrefix(KEY)).toBe('vx_live_AAAA');
  });

  it('accepts idempotency keys of 1–255 printable ASCII characters', () => {
    expect(isValidIdempotencyKey('order-2026-11-27/line-7')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('with space')).toBe(false);
    expect(isValidIdempotencyKey('订单-1')).toBe(false);
  });
});
