import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach unless the operator allows private addresses
 * (`WEBHOOKS_ALLOW_PRIVATE`, decision 038): loopback, private, link-local, CGNAT, "this network",
 * multicast and reserved ranges, the IPv6 equivalents, and IPv4 addresses written as IPv6
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::127.0.0.1`, NAT64 `64:ff9b::/96`).
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

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

/** The IPv4 address an IPv6 address carries (mapped, compatible or NAT64), if any. */
function embeddedIpv4(groups: readonly number[]): string | null {
  const v4 = () => `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4();
  if (zeros(0, 6) && (groups[6]! !== 0 || groups[7]! > 1)) return v4();
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4();
  return null;
}

/** Whether a webhook may be sent to `address` when private addresses are not allowed. Anything unparsable is refused. */
export function isForbiddenWebhookAddress(address: string): boolean {
  const family = isIP(address.replace(/^\[|\]$/g, ''));
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIpv4(groups);
  if (v4) return forbidden.check(v4, 'ipv4');
  return forbidden.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}
