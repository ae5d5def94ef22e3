import { BlockList, isIP } from 'node:net';

/** Parses TRUSTED_PROXIES entries (IPs and CIDRs); throws on a bad one so config can name it. */
export function parseTrustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText] = entry.split('/');
    const version = isIP(address);
    if (version === 0) throw new Error(`not an IP address or CIDR: ${entry}`);
    const family = version === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, family);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (version === 4 ? 32 : 128)) throw new Error(`bad prefix length: ${entry}`);
    list.addSubnet(address, prefix, family);
  }
  return list;
}

function normalize(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

export interface ClientAddress {
  ip: string;
  remoteAddress: string;
  forwardedFor: string | null;
  /** The direct peer is a trusted proxy, so X-Forwarded-For was read. */
  trustedProxy: boolean;
}

/**
 * The caller's address: the socket's peer, unless that peer is a trusted proxy; then
 * X-Forwarded-For is read from the right, skipping trusted hops, and the first untrusted valid
 * address wins. A forwarded header from anyone else is ignored (it is trivially forged).
 */
export function resolveClientAddress(trusted: BlockList, remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): ClientAddress {
  const peer = normalize(remoteAddress ?? '');
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor ?? null;
  const base = { remoteAddress: peer, forwardedFor: header };
  if (!header || !isTrusted(trusted, peer)) return { ip: peer, trustedProxy: false, ...base };
  const hops = header.split(',').map(normalize).filter(Boolean);
  let candidate = peer;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) break;
    candidate = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return { ip: candidate, trustedProxy: true, ...base };
}
