/** A raw record of the offline IP database (DB-IP Lite via ip-location-db: names in English, no region codes). */
export interface IpLocationRecord {
  country_code: string;
  /** First-level region (province, state), English. */
  state1?: string | undefined;
  city?: string | undefined;
}

/** The offline IP database, implemented in apps/server (mmdb reader). */
export interface IpLocationLookup {
  lookup(ip: string, version: 4 | 6): Promise<IpLocationRecord | null>;
}
