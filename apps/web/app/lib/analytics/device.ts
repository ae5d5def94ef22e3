import Bowser from "bowser";

/** Spec §4/§9: a viewport 768 px wide or less counts as mobile. */
export const MOBILE_BREAKPOINT_PX = 768;

export interface DeviceInfo {
  browser: string;
  browserVersion: string;
  os: string;
  /** `mobile` or `desktop`, by viewport width. */
  deviceClass: "mobile" | "desktop";
  /** Bowser's platform type: desktop, mobile, tablet, tv. */
  platformType: string;
  network: string | undefined;
}

let parsed: ReturnType<typeof Bowser.parse> | undefined;

export function isMobileViewport(width = window.innerWidth): boolean {
  return width <= MOBILE_BREAKPOINT_PX;
}

export function deviceInfo(): DeviceInfo {
  parsed ??= Bowser.parse(navigator.userAgent);
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    browser: parsed.browser.name ?? "unknown",
    browserVersion: parsed.browser.version ?? "",
    os: [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" "),
    deviceClass: isMobileViewport() ? "mobile" : "desktop",
    platformType: parsed.platform.type ?? "desktop",
    network: connection?.effectiveType,
  };
}
