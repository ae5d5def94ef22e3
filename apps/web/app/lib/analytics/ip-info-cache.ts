import type { IpInfo } from "@voxwork/contract";
import { readJson, STORAGE_KEYS, writeJson } from "./storage";

/** Spec §9: the IP info is cached 48 hours in local storage. */
export const IP_INFO_TTL_MS = 48 * 60 * 60 * 1000;

export interface CachedIpInfo {
  ip: string;
  info: IpInfo;
  savedAt: number;
}

export function readIpInfoCache(now = Date.now()): CachedIpInfo | null {
  const cached = readJson<CachedIpInfo>("local", STORAGE_KEYS.ipInfo);
  if (!cached || typeof cached.ip !== "string" || typeof cached.savedAt !== "number" || !cached.info) return null;
  if (now - cached.savedAt > IP_INFO_TTL_MS || cached.savedAt > now + 60_000) return null;
  return cached;
}

export function writeIpInfoCache(ip: string, info: IpInfo, now = Date.now()): CachedIpInfo {
  const entry = { ip, info, savedAt: now };
  writeJson("local", STORAGE_KEYS.ipInfo, entry);
  return entry;
}
