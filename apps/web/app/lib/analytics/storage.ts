/**
 * localStorage / sessionStorage that never throw (private mode, storage disabled, quota): analytics
 * must not break a page. Keys are prefixed so they are easy to find in devtools.
 */
export const STORAGE_KEYS = {
  /** localStorage: `{ ip, info, savedAt }`, 48 h (spec §9). */
  ipInfo: "voxwork_ip_info",
  /** sessionStorage: the log sequence of this page session (spec §4). */
  sequence: "voxwork_log_sequence",
  /** sessionStorage: this page session's number, set on its first log. */
  session: "voxwork_log_session",
  /** localStorage: how many page sessions this browser has had. */
  sessionCount: "voxwork_log_session_count",
  /** localStorage: time of the last log (the last session time of spec §4). */
  lastSessionTime: "voxwork_last_session_time",
  /** sessionStorage: the traffic source of this session's landing page. */
  trafficSource: "voxwork_traffic_source",
  /** localStorage: `granted` or `denied` for the analytics tag. */
  consent: "voxwork_analytics_consent",
} as const;

type Area = "local" | "session";

function storage(area: Area): Storage | undefined {
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(area: Area, key: string): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(area: Area, key: string, value: string): void {
  try {
    storage(area)?.setItem(key, value);
  } catch {
    // Full or disabled: analytics carries on without persistence.
  }
}

export function readJson<T>(area: Area, key: string): T | null {
  const raw = readItem(area, key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(area: Area, key: string, value: unknown): void {
  writeItem(area, key, JSON.stringify(value));
}
