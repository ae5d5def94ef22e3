import { useMemo } from "react";
import { createApiClient, type ApiClient } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useLocale } from "../i18n";
import { usePublicConfig } from "./public-config";
import { readUserInfo } from "./user-info";

/**
 * The signed call client (spec §7) for the current page: base URL and secret from the public
 * config, the caller's identity from `user_info`, errors shown as toasts in the page's language.
 */
export function useApiClient(): ApiClient {
  const config = usePublicConfig();
  const locale = useLocale();
  return useMemo(
    () =>
      createApiClient({
        baseUrl: config.apiBaseUrl,
        secret: config.signSecret,
        getLocale: () => locale,
        getIdentity: () => {
          const info = readUserInfo(document.cookie);
          return { userId: info?.userId, token: info?.token };
        },
        notify: (message) => toast.error(message),
      }),
    [config.apiBaseUrl, config.signSecret, locale],
  );
}
