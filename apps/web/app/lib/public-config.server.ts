import { DEFAULT_VERSION_CHECK_INTERVAL_MS, type PublicConfig } from "./public-config";

/** Same default as apps/server/src/config.ts (API_SIGN_SECRET). */
const DEFAULT_SIGN_SECRET = "voxwork-public-signing-key";

function positiveNumber(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

/**
 * Read at render time from the server's environment (main.ts loads .env into it). Prerendered
 * pages carry the values of the build's environment.
 */
export function readPublicConfig(env: Record<string, string | undefined> = process.env): PublicConfig {
  const seconds = positiveNumber(env.VERSION_CHECK_INTERVAL_SECONDS);
  return {
    apiBaseUrl: env.PUBLIC_API_URL ?? "",
    signSecret: env.API_SIGN_SECRET || DEFAULT_SIGN_SECRET,
    appBaseUrl: env.PUBLIC_URL ?? "",
    cdnUrl: env.PUBLIC_CDN_URL ?? "",
    buildId: __VOXWORK_BUILD_ID__,
    assetsDir: "assets",
    versionCheckIntervalMs: seconds ? seconds * 1000 : DEFAULT_VERSION_CHECK_INTERVAL_MS,
    logBaseUrl: env.LOG_BASE_URL ?? "",
    analyticsMeasurementIds: { mobile: env.ANALYTICS_MEASUREMENT_ID_MOBILE ?? "", desktop: env.ANALYTICS_MEASUREMENT_ID_DESKTOP ?? "" },
  };
}
