import { createHash } from 'node:crypto';
import { apiKeyFromAuthorization, isApiKeyShaped } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { canonicalJson, generateApiKeySecret, hashApiKeySecret, requestFingerprint } from './api-key-secret.ts';

describe('API key secrets', () => {
  it('are vx_live_ and 32 random bytes in base64url, shaped as the parser expects', () => {
    const { secret, hash, prefix } = generateApiKeySecret();
    expect(secret).toMatch(/^vx_live_[A-Za-z0-9_-]{43}$/);
    expect(isApiKeyShaped(secret)).toBe(true);
    expect(apiKeyFromAuthorization(`Bearer ${secret}`)).toBe(secret);
    expect(prefix).toBe(secret.slice(0, 12));
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('encode the random bytes exactly (all-0xff bytes give underscores, not slashes)', () => {
    const { secret } = generateApiKeySecret((size) => new Uint8Array(size).fill(0xff));
    expect(secret).toBe(`vx_live_${'_'.repeat(42)}8`);
  });

  it('differ every time', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => generateApiKeySecret().secret));
    expect(secrets.size).toBe(200);
  });

  it('hash to 64 hex characters, never containing the secret', () => {
    const { secret, hash } = generateApiKeySecret();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret.slice(8, 20));
    expect(hashApiKeySecret(secret)).toBe(hash);
    const changed = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(hashApiKeySecret(changed)).not.toBe(hash);
  });
});

describe('request fingerprints', () => {
  it('ignore key order and undefined fields, and see any other change', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }], e: undefined })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
    const base = requestFingerprint('/api/v1/tools/text-to-speech/jobs', { text: 'Hi', voiceKey: 'espeak/en', speed: 1 });
    expect(requestFingerprint('/api/v1/tools/text-to-speech/jobs', { speed: 1, voiceKey: 'espeak/en', text: 'Hi' })).toBe(base);
    expect(requestFingerprint('/api/v1/tools/text-to-speech/jobs', { text: 'Hi!', voiceKey: 'espeak/en', speed: 1 })).not.toBe(base);
    expect(requestFingerprint('/api/v1/tools/other/jobs', { text: 'Hi', voiceKey: 'espeak/en', speed: 1 })).not.toBe(base);
  });
});
