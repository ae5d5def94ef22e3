import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a webhook may be sent when private addresses are not allowed (`WEBHOOKS_ALLOW_PRIVATE`,
 * decision 038): global unicast addresses only, and never an address of the server's own
 * interfaces. "Global" follows IANA's IPv4 and IPv6 Special-Purpose Address Registries: every entry
 * whose "Globally Reachable" is False is refused, as are multicast, the reserved ranges and, for
 * IPv6, everything outside 2000::/3 (the only block IANA allocates as global unicast) except the
 * well-known NAT64 prefix. Addresses that carry an IPv4 address (NAT64 64:ff9b::/96, 6to4
 * 2002::/16, Teredo 2001::/32) are allowed only when the IPv4 address they lead to is.
 * (Registries as of 2025: https://www.iana.org/assignments/iana-ipv4-special-registry,
 * https://www.iana.org/assignments/iana-ipv6-special-registry.)
 */

/** IPv4 ranges no webhook is sent to: [network, prefix length, what it is]. */
export const NON_GLOBAL_IPV4: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, '"this network" (RFC 791), incl. 0.0.0.0/32'],
  ['10.0.0.0', 8, 'private use (RFC 1918)'],
  ['100.64.0.0', 10, 'shared address space, CGNAT (RFC 6598)'],
  ['127.0.0.0', 8, 'loopback (RFC 1122)'],
  ['169.254.0.0', 16, 'link local, cloud metadata (RFC 3927)'],
  ['172.16.0.0', 12, 'private use (RFC 1918)'],
  // The /24 is not globally reachable; its anycast service addresses 192.0.0.9 (PCP) and 192.0.0.10 (TURN) are not unicast receivers either.
  ['192.0.0.0', 24, 'IETF protocol assignments (RFC 6890): DS-Lite 192.0.0.0/29, dummy 192.0.0.8, NAT64 discovery 192.0.0.170/171'],
  ['192.0.2.0', 24, 'documentation, TEST-NET-1 (RFC 5737)'],
  ['192.88.99.0', 24, 'deprecated 6to4 relay anycast (RFC 7526), incl. 6a44 relay 192.88.99.2'],
  ['192.168.0.0', 16, 'private use (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking (RFC 2544)'],
  ['198.51.100.0', 24, 'documentation, TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0', 24, 'documentation, TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0', 4, 'multicast (RFC 5771): not unicast'],
  ['240.0.0.0', 4, 'reserved (RFC 1112), incl. limited broadcast 255.255.255.255'],
];

/** The only IPv6 block IANA allocates as global unicast; anything outside it (and not NAT64) is refused. */
const GLOBAL_UNICAST_IPV6: readonly [string, number] = ['2000::', 3];

/** IPv6 ranges no webhook is sent to, inside 2000::/3 or listed for the record: [network, prefix length, what it is]. */
export const NON_GLOBAL_IPV6: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified (RFC 4291)'],
  ['::1', 128, 'loopback (RFC 4291)'],
  ['::', 96, 'IPv4-compatible, deprecated (RFC 4291)'],
  ['::ffff:0:0', 96, 'IPv4-mapped (RFC 4291)'],
  ['64:ff9b:1::', 48, 'local-use IPv4/IPv6 translation (RFC 8215)'],
  ['100::', 64, 'discard-only (RFC 6666)'],
  ['100:0:0:1::', 64, 'dummy IPv6 prefix (RFC 9780)'],
  // 2001::/23 is not globally reachable; Teredo (2001::/32) is judged by the IPv4 addresses it carries and the routed prefixes below are let through.
  ['2001::', 23, 'IETF protocol assignments (RFC 2928): PCP/TURN/DNS-SD anycast 2001:1::1-3, benchmarking 2001:2::/48, ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28 and DETs 2001:30::/28 (identifiers, not locators)'],
  ['2001:db8::', 32, 'documentation (RFC 3849)'],
  ['3fff::', 20, 'documentation (RFC 9637)'],
  ['5f00::', 16, 'segment routing SIDs (RFC 9602)'],
  ['fc00::', 7, 'unique local (RFC 4193)'],
  ['fe80::', 10, 'link local (RFC 4291)'],
  ['fec0::', 10, 'site local, deprecated (RFC 3879)'],
  ['ff00::', 8, 'multicast (RFC 4291): not unicast'],
];

/** Globally reachable unicast prefixes inside 2001::/23 (the registry's "True" entries that are not anycast service addresses or identifiers). */
const GLOBAL_INSIDE_IETF_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['2001:3::', 32], // AMT (RFC 7450)
  ['2001:4:112::', 48], // AS112-v6 (RFC 7535)
];

const nonGlobalIpv4 = new BlockList();
for (const [network, prefix] of NON_GLOBAL_IPV4) nonGlobalIpv4.addSubnet(network, prefix, 'ipv4');
const nonGlobalIpv6 = new BlockList();
for (const [network, prefix] of NON_GLOBAL_IPV6) nonGlobalIpv6.addSubnet(network, prefix, 'ipv6');
const globalUnicastIpv6 = new BlockList();
globalUnicastIpv6.addSubnet(GLOBAL_UNICAST_IPV6[0], GLOBAL_UNICAST_IPV6[1], 'ipv6');
const globalInsideIetfIpv6 = new BlockList();
for (const [network, prefix] of GLOBAL_INSIDE_IETF_IPV6) globalInsideIetfIpv6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (value: string) => (value ? value.split(':').map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
const ipv6Text = (groups: readonly number[]) => groups.map((group) => group.toString(16)).join(':');

/** The IPv4 addresses a packet to this IPv6 address is carried to: NAT64's, 6to4's, Teredo's server and (xor-ed) client; empty for any other. */
function embeddedIpv4(groups: readonly number[]): string[] {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return [ipv4Of(groups[6]!, groups[7]!)];
  if (groups[0] === 0x2002) return [ipv4Of(groups[1]!, groups[2]!)];
  if (groups[0] === 0x2001 && groups[1] === 0) return [ipv4Of(groups[2]!, groups[3]!), ipv4Of(groups[6]! ^ 0xffff, groups[7]! ^ 0xffff)];
  return [];
}

/** The addresses of this machine's interfaces, read now (they change: DHCP, containers, VPNs), in canonical form. */
export function ownInterfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => canonical(entry.address))
    .filter((address): address is string => address !== null);
}

/** An address in one spelling per address (IPv4 dotted, IPv6 as eight hex groups), or null. */
function canonical(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return bare.split('.').map(Number).join('.');
  if (family !== 6) return null;
  const groups = ipv6Groups(bare);
  return groups ? ipv6Text(groups) : null;
}

function ipv4Allowed(address: string, own: ReadonlySet<string>): boolean {
  return !nonGlobalIpv4.check(address, 'ipv4') && !own.has(address);
}

/**
 * Whether a webhook may not be sent to `address` when private addresses are not allowed: anything
 * but a global unicast address, and any address of this machine (`own`, read from its interfaces
 * at each check unless given). Anything unparsable is refused.
 */
export function isForbiddenWebhookAddress(address: string, own: readonly string[] = ownInterfaceAddresses()): boolean {
  const ownSet = new Set(own.map((item) => canonical(item) ?? item));
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return !ipv4Allowed(canonical(bare)!, ownSet);
  if (family !== 6) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const text = ipv6Text(groups);
  if (ownSet.has(text)) return true;
  const carried = embeddedIpv4(groups);
  // NAT64's well-known prefix sits outside 2000::/3 but is globally reachable; it, 6to4 and Teredo are judged by the IPv4 addresses they lead to.
  if (carried.length) return !carried.every((ipv4) => ipv4Allowed(ipv4, ownSet));
  if (!globalUnicastIpv6.check(text, 'ipv6')) return true;
  if (globalInsideIetfIpv6.check(text, 'ipv6')) return false;
  return nonGlobalIpv6.check(text, 'ipv6');
}
