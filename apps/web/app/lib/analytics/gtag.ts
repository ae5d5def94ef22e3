import { isMobileViewport } from "./device";
import { readItem, STORAGE_KEYS, writeItem } from "./storage";

export type Consent = "granted" | "denied";

export function readConsent(): Consent | null {
  const value = readItem("local", STORAGE_KEYS.consent);
  return value === "granted" || value === "denied" ? value : null;
}

export function writeConsent(consent: Consent): void {
  writeItem("local", STORAGE_KEYS.consent, consent);
}

/** Spec §1: one measurement id for mobile, one for desktop; '' when that class has none. */
export function measurementIdFor(ids: { mobile: string; desktop: string }, mobile = isMobileViewport()): string {
  return (mobile ? ids.mobile : ids.desktop).trim();
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const loaded = new Set<string>();

/** Loads the analytics tag for one measurement id — only ever called after consent. */
export function loadGtag(measurementId: string): void {
  if (!measurementId || loaded.has(measurementId)) return;
  loaded.add(measurementId);
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", measurementId);
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}
