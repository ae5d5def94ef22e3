import { useNavigate } from "react-router";
import { localizePath, useLocale } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { authApi, IdentityError } from "../../lib/auth-client";
import { completeSignIn } from "../../lib/session";

/** Signing in: store the identity, refresh the account, open the workbench in the page's language. */
export function useSignIn() {
  const api = useApiClient();
  const navigate = useNavigate();
  const locale = useLocale();
  const home = localizePath("/workbench/home", locale);

  return {
    home,
    async withPassword(email: string, password: string) {
      const answer = await authApi.signIn({ email, password });
      await completeSignIn({ token: answer.token, user: answer.user }, api);
      await navigate(home);
    },
    /** A bearer token from a popup or a redirect: its session names the user. */
    async withToken(token: string, next = home) {
      const session = await authApi.getSession(token);
      if (!session?.session) throw new IdentityError("internal-error", "no session for the returned token");
      await completeSignIn({ token: session.session.token || token, user: session.user }, api);
      await navigate(next);
    },
  };
}
