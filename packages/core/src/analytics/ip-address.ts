import { BlockList, isIP } from 'node:net';

/** Ranges that never locate anyone: private networks and loopback, then other reserved ranges. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['fc00::', 7], ['fe80::', 10], ['::1', 128]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

const RESERVED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  RESERVED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['2001:db8::', 32], ['ff00::', 8], ['100::', 64]] as const) RESERVED.addSubnet(net, prefix, 'ipv6');

export type ParsedIp =
  | { valid: true; ip: string; version: 4 | 6; range: 'public' | 'private' | 'reserved' }
  | { valid: false };

/** Parses and classifies an address; `::ffff:1.2.3.4` (IPv4-mapped) is treated as `1.2.3.4`. Zone ids (`%eth0`) are refused. */
export function parseIp(input: string): ParsedIp {
  let ip = input.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const version = ip.includes('%') ? 0 : isIP(ip);
  if (version !== 4 && version !== 6) return { valid: false };
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (version === 6) ip = ip.toLowerCase();
  const range = PRIVATE.check(ip, family) ? 'private' : RESERVED.check(ip, family) ? 'reserved' : 'public';
  return { valid: true, ip, version, range };
}
