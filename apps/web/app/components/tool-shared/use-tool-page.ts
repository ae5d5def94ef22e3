import { useId } from "react";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";

/** What every tool page opens with: messages, locale, the signed API client, the user (and whether signed in), and an id prefix for its fields. */
export function useToolPage() {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const user = useCurrentUser();
  const id = useId();
  return { t, locale, api, user, signedIn: isSignedIn(user), id };
}
