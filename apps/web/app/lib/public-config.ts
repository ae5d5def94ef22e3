import { useRouteLoaderData } from "react-router";

/**
 * The only server values that reach the browser (spec §3 runtime config), through the root
 * loader. Anything added here is public: never put a real secret in it. (The call-signing secret
 * is public by design: see packages/contract/src/signature.ts.)
 */
export interface PublicConfig {
  /** Base URL of the calls; '' = this origin. */
  apiBaseUrl: string;
  signSecret: string;
  appBaseUrl: string;
  cdnUrl: string;
  buildId: string;
  assetsDir: string;
  /** How often the client polls builds/latest.json. */
  versionCheckIntervalMs: number;
  /** Analytics (issue 5): base URL of `POST /log`; '' = this origin. */
  logBaseUrl: string;
  /** Analytics measurement ids (spec §1), '' when unset: then nothing external loads. */
  analyticsMeasurementIds: { mobile: string; desktop: string };
}

export const DEFAULT_VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** Public config from the root loader (client and server render). */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData("root") as { publicConfig: PublicConfig } | undefined;
  if (!data) throw new Error("usePublicConfig: the root loader data is missing");
  return data.publicConfig;
}
