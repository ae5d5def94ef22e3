import { useMemo } from "react";
import { ErrorCode } from "@voxwork/contract";
import type { ApiClient } from "@voxwork/contract/client";
import { useLocale } from "../../i18n";
import { makeApiClient } from "../api-client";
import { usePublicConfig } from "../public-config";

/** Network failures and rate limits are retried by the autosave, which shows its own state: no toast for them. */
const RETRIED_CODES = new Set<number>([ErrorCode.NETWORK_ERROR, ErrorCode.TOO_MANY_REQUESTS]);

/** The page's call client, silent about what the dubbing editor's autosave retries (kept out of `lib/api-client.ts`, which every page loads). */
export function useQuietApiClient(): ApiClient {
  const config = usePublicConfig();
  const locale = useLocale();
  return useMemo(() => makeApiClient(config, () => locale, (code) => RETRIED_CODES.has(code)), [config, locale]);
}
