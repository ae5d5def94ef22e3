import { hostname, networkInterfaces } from 'node:os';

/** The loopback names of every machine. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];
/** `HOST` values that mean "every interface". */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export interface OriginSources {
  /** PUBLIC_URL, or its default `http://localhost:PORT`. */
  publicUrl: string;
  /** The port the server listens on (0: chosen at listen time, so no host alias can name it). */
  port: number;
  /** The HOST it binds. */
  host: string;
  /** The machine's host name. */
  machineName: string;
  /** The machine's own interface addresses (used when HOST is a wildcard). */
  interfaceAddresses: readonly string[];
}

/**
 * The origins sign-in is accepted from (Better Auth `trustedOrigins`): PUBLIC_URL's origin, and the
 * addresses this server is reached at directly — `http://` + localhost, 127.0.0.1, [::1], the
 * machine's host name, and the HOST it binds (when HOST is a wildcard: the machine's own interface
 * addresses) — on the port it listens on. Never an origin taken from the request itself.
 */
export function trustedOriginsFor(sources: OriginSources): string[] {
  const origins = new Set<string>();
  const add = (url: string) => {
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // not a usable host (e.g. an address with a zone id): nothing to trust
    }
  };
  add(sources.publicUrl);
  if (sources.port > 0) {
    const hosts = [...LOOPBACK_HOSTS, sources.machineName];
    if (WILDCARD_HOSTS.has(sources.host)) hosts.push(...sources.interfaceAddresses);
    else hosts.push(sources.host);
    for (const host of hosts) {
      if (!host) continue;
      add(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${sources.port}`);
    }
  }
  return [...origins];
}

/** This machine's host name and interface addresses (IPv6 link-local ones need a zone id, so they are left out). */
export function machineAddresses(): Pick<OriginSources, 'machineName' | 'interfaceAddresses'> {
  const addresses = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !(entry.family === 'IPv6' && (entry.scopeid || /^fe80:/i.test(entry.address))))
    .map((entry) => entry.address);
  return { machineName: hostname(), interfaceAddresses: addresses };
}
