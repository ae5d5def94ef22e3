import { describe, expect, it } from 'vitest';
import { isForbiddenWebhookAddress, NON_GLOBAL_IPV4, NON_GLOBAL_IPV6, ownInterfaceAddresses } from './webhook-address-guard.ts';

/** No interface addresses: the ranges alone decide. */
const NONE: string[] = [];

describe('isForbiddenWebhookAddress', () => {
  // One row per range of IANA's special-purpose registries ("Globally Reachable": False) and the non-unicast blocks: its first, a middle and its last address.
  it.each([
    ['0.0.0.0/8 this network', ['0.0.0.0', '0.1.2.3', '0.255.255.255']],
    ['10.0.0.0/8 private', ['10.0.0.1', '10.20.30.40', '10.255.255.255']],
    ['100.64.0.0/10 shared (CGNAT)', ['100.64.0.0', '100.100.100.100', '100.127.255.255']],
    ['127.0.0.0/8 loopback', ['127.0.0.1', '127.255.0.9', '127.255.255.255']],
    ['169.254.0.0/16 link local, metadata', ['169.254.0.1', '169.254.169.254', '169.254.255.255']],
    ['172.16.0.0/12 private', ['172.16.0.1', '172.20.1.1', '172.31.255.254']],
    ['192.0.0.0/24 IETF protocol assignments', ['192.0.0.0', '192.0.0.8', '192.0.0.9', '192.0.0.10', '192.0.0.170', '192.0.0.171', '192.0.0.255']],
    ['192.0.2.0/24 TEST-NET-1', ['192.0.2.0', '192.0.2.2', '192.0.2.255']],
    ['192.88.99.0/24 deprecated 6to4 relay anycast', ['192.88.99.1', '192.88.99.2', '192.88.99.255']],
    ['192.168.0.0/16 private', ['192.168.0.1', '192.168.1.10', '192.168.255.255']],
    ['198.18.0.0/15 benchmarking', ['198.18.0.0', '198.18.200.1', '198.19.255.255']],
    ['198.51.100.0/24 TEST-NET-2', ['198.51.100.0', '198.51.100.7', '198.51.100.255']],
    ['203.0.113.0/24 TEST-NET-3', ['203.0.113.0', '203.0.113.42', '203.0.113.255']],
    ['224.0.0.0/4 multicast', ['224.0.0.1', '232.1.2.3', '239.255.255.255']],
    ['240.0.0.0/4 reserved, limited broadcast', ['240.0.0.1', '250.1.2.3', '255.255.255.255']],
    ['::/128 unspecified', ['::', '0:0:0:0:0:0:0:0']],
    ['::1/128 loopback', ['::1', '[::1]', '0:0:0:0:0:0:0:1']],
    ['::/96 IPv4-compatible', ['::8.8.8.8', '::127.0.0.1', '::808:808']],
    ['::ffff:0:0/96 IPv4-mapped (any IPv4, public or not)', ['::ffff:8.8.8.8', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:c0a8:0101', '::ffff:a9fe:a9fe']],
    ['64:ff9b:1::/48 local-use translation', ['64:ff9b:1::808:808', '64:ff9b:1:ffff::1']],
    ['100::/64 discard-only', ['100::', '100::1', '100::ffff:ffff:ffff:ffff']],
    ['100:0:0:1::/64 dummy prefix', ['100:0:0:1::1']],
    ['2001::/23 IETF assignments (anycast)', ['2001:1::1', '2001:1::2', '2001:1::3', '2001:5::1', '2001:1ff:ffff::1']],
    ['2001:2::/48 benchmarking', ['2001:2::1', '2001:2:0:ffff::1']],
    ['2001:10::/28 ORCHID', ['2001:10::1', '2001:1f:ffff::1']],
    ['2001:20::/28 ORCHIDv2', ['2001:20::1', '2001:2f:ffff::1']],
    ['2001:30::/28 DETs', ['2001:30::1']],
    ['2001:db8::/32 documentation', ['2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff']],
    ['3fff::/20 documentation', ['3fff::1', '3fff:fff:ffff::1']],
    ['5f00::/16 SRv6 SIDs', ['5f00::1', '5f00:ffff::1']],
    ['fc00::/7 unique local', ['fc00::1', 'fd12:3456::1', 'fd00::2']],
    ['fe80::/10 link local', ['fe80::1', 'fe80::1%eth0', 'febf::1']],
    ['fec0::/10 site local', ['fec0::1']],
    ['ff00::/8 multicast', ['ff02::1', 'ff0e::1']],
    ['outside 2000::/3 (unallocated)', ['4000::1', '1::1', 'e000::1']],
    ['64:ff9b::/96 NAT64 of a non-global IPv4', ['64:ff9b::10.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b::192.0.2.1', '64:ff9b::c633:6401']],
    ['2002::/16 6to4 of a non-global IPv4', ['2002:7f00:1::1', '2002:c000:201::', '2002:a00:1::1', '2002:cb00:7101::1']],
    // Teredo: server 65.54.227.120, client 127.0.0.1 / 192.168.1.1 / 203.0.113.9 (xor-ed); or a public client behind a private server.
    ['2001::/32 Teredo with a non-global IPv4', ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:3f57:fefe', '2001:0:4136:e378:8000:63bf:34ff:8ef6', '2001:0:a00:1:8000:63bf:f7f7:f7f7']],
    ['not an address', ['not-an-address', '', '1.2.3', '::g', '1:2:3:4:5:6:7:8:9']],
  ])('refuses %s', (_range, addresses) => {
    for (const address of addresses) expect(isForbiddenWebhookAddress(address, NONE), address).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '192.0.3.1',
    '198.20.0.1',
    '203.0.114.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    // NAT64, 6to4 and Teredo leading to public IPv4 addresses.
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    // Globally reachable prefixes inside 2001::/23: AMT and AS112-v6.
    '2001:3::1',
    '2001:4:112::1',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenWebhookAddress(address, NONE)).toBe(false);
  });

  it('lists every range the registries mark as not globally reachable', () => {
    expect(NON_GLOBAL_IPV4.map(([network, prefix]) => `${network}/${prefix}`)).toEqual(
      expect.arrayContaining(['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '192.0.0.0/24', '198.18.0.0/15', '100.64.0.0/10']),
    );
    expect(NON_GLOBAL_IPV6.map(([network, prefix]) => `${network}/${prefix}`)).toEqual(
      expect.arrayContaining(['2001:db8::/32', '64:ff9b:1::/48', '::ffff:0:0/96', '100::/64', '2001::/23', '3fff::/20', '5f00::/16', 'fc00::/7', 'fe80::/10']),
    );
  });

  it("refuses the server's own interface addresses, public ones too, and IPv6 that leads to them", () => {
    const own = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];
    expect(isForbiddenWebhookAddress('93.184.216.34', own)).toBe(true);
    expect(isForbiddenWebhookAddress('2606:2800:220:1:248:1893:25c8:1946', own)).toBe(true);
    expect(isForbiddenWebhookAddress('2606:2800:0220:0001:0248:1893:25C8:1946', own)).toBe(true);
    expect(isForbiddenWebhookAddress('64:ff9b::93.184.216.34', own)).toBe(true);
    expect(isForbiddenWebhookAddress('2002:5db8:d822::1', own)).toBe(true);
    expect(isForbiddenWebhookAddress('93.184.216.35', own)).toBe(false);
  });

  it("reads this machine's interfaces when none are given", () => {
    const own = ownInterfaceAddresses();
    expect(own).toContain('127.0.0.1');
    for (const address of own) expect(isForbiddenWebhookAddress(address), address).toBe(true);
  });
});
