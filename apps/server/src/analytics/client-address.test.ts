import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, resolveClientAddress } from './client-address.ts';

describe('resolveClientAddress', () => {
  const trusted = parseTrustedProxies(['127.0.0.1', '10.0.0.0/8', '::1']);
  const none = parseTrustedProxies([]);

  it.each([
    ['no proxy configured: X-Forwarded-For is ignored', none, '127.0.0.1', '8.8.8.8', '127.0.0.1', false],
    ['untrusted peer: header ignored', trusted, '203.0.113.9', '8.8.8.8', '203.0.113.9', false],
    ['trusted peer, one hop', trusted, '127.0.0.1', '8.8.8.8', '8.8.8.8', true],
    ['IPv4-mapped peer is trusted', trusted, '::ffff:127.0.0.1', '8.8.8.8', '8.8.8.8', true],
    ['chain: skip trusted hops from the right', trusted, '10.0.0.2', '1.1.1.1, 8.8.8.8, 10.0.0.5', '8.8.8.8', true],
    ['forged left part is not believed', trusted, '127.0.0.1', '6.6.6.6, 8.8.8.8', '8.8.8.8', true],
    ['garbage hop stops the walk', trusted, '127.0.0.1', '8.8.8.8, garbage', '127.0.0.1', true],
    ['trusted peer without header', trusted, '127.0.0.1', undefined, '127.0.0.1', false],
    ['IPv6 client', trusted, '::1', '2400:3200::1', '2400:3200::1', true],
  ] as const)('%s', (_name, list, peer, header, ip, viaProxy) => {
    const result = resolveClientAddress(list, peer, header);
    expect(result.ip).toBe(ip);
    expect(result.trustedProxy).toBe(viaProxy);
  });

  it('refuses bad entries', () => {
    expect(() => parseTrustedProxies(['10.0.0.0/33'])).toThrow(/prefix/);
    expect(() => parseTrustedProxies(['proxy.local'])).toThrow(/not an IP/);
  });
});
