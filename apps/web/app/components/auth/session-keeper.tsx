import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { makeApiClient, onAuthLost } from "../../lib/api-client";
import { checkSession, REFRESH_AHEAD_MS, refreshAccount, signOut } from "../../lib/session";
import { ensureGuestIdentity, getCurrentUser, isSignedIn, syncFromCookie } from "../../lib/current-user";
import { localeFromPath } from "../../i18n";
import { authRequirement } from "../../lib/route-meta";
import { usePublicConfig } from "../../lib/public-config";

/**
 * Keeps the current user honest (spec §4/§9): a guest identity on first load; for a signed-in
 * user, the session is checked on load, on focus and 5 minutes before it expires (Better Auth
 * extends a used session); an expired or revoked session, a disabled account or a 1000 answer
 * signs the user out, and a guarded page then sends them to /login.
 */
export function SessionKeeper() {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    ensureGuestIdentity();
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const api = makeApiClient(config, () => localeFromPath(location.pathname));

    const signedOut = async () => {
      await signOut();
      if (!stopped && authRequirement(location.pathname) === "protected") await navigate("/login", { replace: true });
    };

    const check = async () => {
      clearTimeout(timer);
      if (!isSignedIn(getCurrentUser())) return;
      const result = await checkSession();
      if (stopped) return;
      if (result.state === "gone") return void (await signedOut());
      if (result.state === "valid") {
        const due = new Date(result.session.session.expiresAt).getTime() - REFRESH_AHEAD_MS - Date.now();
        // Timers above ~24.8 days overflow; a day is plenty, the next check reschedules.
        timer = setTimeout(() => void check(), Math.min(Math.max(due, 5_000), 24 * 3600_000));
        if (!getCurrentUser().accountLoaded) await refreshAccount(api);
      }
    };

    void check();
    const onFocus = () => {
      syncFromCookie();
      void check();
    };
    window.addEventListener("focus", onFocus);
    const offAuthLost = onAuthLost(() => void signedOut());
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("focus", onFocus);
      offAuthLost();
    };
  }, [config, navigate]);

  // A guarded page opened with a signed-out store (e.g. after sign-out in another tab) goes to /login.
  useEffect(() => {
    if (authRequirement(pathname) === "protected" && !isSignedIn(getCurrentUser()) && getCurrentUser().userId) void navigate("/login", { replace: true });
  }, [pathname, navigate]);

  return null;
}
