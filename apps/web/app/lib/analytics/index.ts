import { createTracker, type EventParams, type Tracker, type TrackerOptions } from "./tracker";

export { createTracker, type EventParams, type Tracker, type TrackerOptions } from "./tracker";
export { measurementIdFor, loadGtag, readConsent, writeConsent, type Consent } from "./gtag";
export { IP_INFO_TTL_MS, readIpInfoCache } from "./ip-info-cache";
export { STORAGE_KEYS } from "./storage";

let tracker: Tracker | undefined;
const early: [string, EventParams][] = [];

/** Starts the page's tracker once (the `<Analytics />` component does it). */
export function startAnalytics(options: TrackerOptions): Tracker {
  if (!tracker) {
    tracker = createTracker(options);
    for (const [name, params] of early.splice(0)) void tracker.track(name, params);
  }
  return tracker;
}

/**
 * Logs an event from anywhere in the app, e.g. `trackEvent("navbar_to_login")`. Never throws;
 * events before the tracker starts are kept (up to 50) and sent when it does.
 */
export function trackEvent(eventName: string, params: EventParams = {}): void {
  if (typeof window === "undefined") return;
  if (tracker) void tracker.track(eventName, params);
  else if (early.length < 50) early.push([eventName, params]);
}
