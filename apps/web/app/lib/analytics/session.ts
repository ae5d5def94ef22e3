import { classifyTrafficSource, type TrafficSourceResult } from "@voxwork/contract";
import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from "./storage";

export interface SessionStamp {
  /** 1, 2, 3, … within this page session (session storage). */
  sequence: number;
  /** This browser's session number: 1 on the first visit; +1 on the first log of every new page session. */
  sessionSeq: number;
  /** The first log of this page session. */
  isNewSession: boolean;
  /** When this browser last logged before this session started (ms), if ever. */
  previousSessionTime: number | null;
}

const toNumber = (value: string | null) => {
  const parsed = Number(value);
  return value !== null && Number.isFinite(parsed) ? parsed : null;
};

/** Counters of spec §4, advanced once per logged event. */
export function nextSessionStamp(now = Date.now()): SessionStamp {
  const sequence = (toNumber(readItem("session", STORAGE_KEYS.sequence)) ?? 0) + 1;
  writeItem("session", STORAGE_KEYS.sequence, String(sequence));

  let sessionSeq = toNumber(readItem("session", STORAGE_KEYS.session));
  const isNewSession = sessionSeq === null;
  const previousSessionTime = toNumber(readItem("local", STORAGE_KEYS.lastSessionTime));
  if (sessionSeq === null) {
    sessionSeq = (toNumber(readItem("local", STORAGE_KEYS.sessionCount)) ?? 0) + 1;
    writeItem("local", STORAGE_KEYS.sessionCount, String(sessionSeq));
    writeItem("session", STORAGE_KEYS.session, String(sessionSeq));
  }
  touchLastSessionTime(now);
  return { sequence, sessionSeq, isNewSession, previousSessionTime: isNewSession ? previousSessionTime : null };
}

/** Spec §4: the last session time is stored (on every log and on exit). */
export function touchLastSessionTime(now = Date.now()): void {
  writeItem("local", STORAGE_KEYS.lastSessionTime, String(now));
}

/**
 * The traffic source of this session (spec §9), decided once from the landing page's URL and
 * referrer and kept for the session, so later page views keep the landing page's source.
 */
export function sessionTrafficSource(ownHosts: readonly string[] = []): TrafficSourceResult {
  const stored = readJson<TrafficSourceResult>("session", STORAGE_KEYS.trafficSource);
  if (stored && typeof stored.source === "string") return stored;
  const result = classifyTrafficSource({
    referrer: document.referrer,
    landingUrl: window.location.href,
    ownHosts,
    userAgent: navigator.userAgent,
  });
  writeJson("session", STORAGE_KEYS.trafficSource, result);
  return result;
}
