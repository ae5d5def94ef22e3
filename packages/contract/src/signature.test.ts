import { createHash, hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPath, verifySignature } from './signature.ts';

const secret = 'unit-test-secret';
const path = '/bill/userAccount/getUserAccount';
const now = 1_795_000_000_000;

describe('signPath', () => {
  it('is the MD5 of path + secret + timestamp (spec §7)', () => {
    const expected = createHash('md5').update(`${path}${secret}${now}`).digest('hex');
    expect(signPath(path, secret, now)).toBe(expected);
    expect(signPath(path, secret, String(now))).toBe(expected);
  });

  it('gives the same signature with another MD5 implementation (the server passes Node\'s), for non-ASCII paths too', () => {
    const nodeMd5 = (text: string) => hash('md5', text);
    for (const target of [path, '/api/声音/列表']) expect(signPath(target, secret, now, nodeMd5)).toBe(signPath(target, secret, now));
  });
});

describe('verifySignature', () => {
  const good = { path, secret, timestamp: String(now), signature: signPath(path, secret, now), now };

  it('accepts a good signature inside the window', () => {
    expect(verifySignature(good)).toEqual({ ok: true });
    expect(verifySignature({ ...good, now: now + 5 * 60 * 1000 })).toEqual({ ok: true });
    expect(verifySignature({ ...good, signature: good.signature.toUpperCase() })).toEqual({ ok: true });
    expect(verifySignature({ ...good, md5: (text) => hash('md5', text) })).toEqual({ ok: true });
    expect(verifySignature({ ...good, secret: 'other-secret', md5: (text) => hash('md5', text) })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a timestamp outside the ±5 min window', () => {
    expect(verifySignature({ ...good, now: now + 5 * 60 * 1000 + 1 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature({ ...good, now: now - 6 * 60 * 1000 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature({ ...good, now: now + 61_000, windowMs: 60_000 })).toEqual({ ok: false, reason: 'stale' });
  });

  it('rejects a signature for another path, secret or timestamp', () => {
    expect(verifySignature({ ...good, path: '/api/address/ip' })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignature({ ...good, secret: 'other-secret' })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignature({ ...good, timestamp: String(now + 1) })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignature({ ...good, timestamp: 'yesterday' })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignature({ ...good, signature: 'not-hex' })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports a missing timestamp or signature', () => {
    expect(verifySignature({ ...good, signature: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature({ ...good, timestamp: '' })).toEqual({ ok: false, reason: 'missing' });
  });
});
