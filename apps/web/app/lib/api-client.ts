import { useMemo } from "react";
import { ErrorCode } from "@voxwork/contract";
import { createApiClient, type ApiClient } from "@voxwork/contract/client";
import { toast } from "sonner";
import { type Locale, useLocale } from "../i18n";
import { callUserId, getCurrentUser } from "./current-user";
import { type PublicConfig, usePublicConfig } from "./public-config";

type AuthLostListener = () => void;
const authLostListeners = new Set<AuthLostListener>();

/** Called when a call answers 1000 or 4002 for a signed-in user: the session keeper signs out. */
export function onAuthLost(listener: AuthLostListener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

/**
 * A signed call client (spec §7): base URL and secret from the public config, the caller's
 * identity from the current user (guests as `guest_…`), errors shown as toasts in `locale`.
 */
export function makeApiClient(config: Pick<PublicConfig, "apiBaseUrl" | "signSecret">, getLocale: () => Locale, quiet?: (code: number) => boolean): ApiClient {
  return createApiClient({
    baseUrl: config.apiBaseUrl,
    secret: config.signSecret,
    getLocale,
    getIdentity: () => {
      const user = getCurrentUser();
      return { userId: callUserId(user), token: user.token || undefined };
    },
    notify: (message, code) => {
      // 1000: the session is gone; 4002: the account was disabled. Either way the user is signed out (spec §4).
      if ((code === ErrorCode.AUTH_REQUIRED || code === ErrorCode.ACCOUNT_DISABLED) && !getCurrentUser().isGuest) {
        for (const listener of authLostListeners) listener();
      }
      if (!quiet?.(code)) toast.error(message);
    },
  });
}

/** The signed call client for the current page. */
export function useApiClient(): ApiClient {
  const config = usePublicConfig();
  const locale = useLocale();
  return useMemo(() => makeApiClient(config, () => locale), [config, locale]);
}

