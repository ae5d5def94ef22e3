// A schema-free call handle: no zod in the browser (decision 011).
import { getUserAccountCall, type ApiClient } from "@voxwork/contract/client";
import { authApi, type AuthSession } from "./auth-client";
import { clearCurrentUser, getCurrentUser, isSignedIn, setAccountInfo, setSignedIn, type SignedInIdentity } from "./current-user";

/** Refresh 5 minutes before the session expires (spec §9). */
export const REFRESH_AHEAD_MS = 5 * 60_000;

/** Account and VIP info of the signed-in user; failures are swallowed and logged (spec §8). */
export async function refreshAccount(api: ApiClient): Promise<void> {
  const user = getCurrentUser();
  if (!isSignedIn(user)) return;
  try {
    setAccountInfo(await api.call(getUserAccountCall, { userId: user.userId }));
  } catch (error) {
    console.warn("account fetch failed", error);
  }
}

/** Login (spec §4): identity fields, non-guest, then account and VIP info. */
export async function completeSignIn(identity: SignedInIdentity, api: ApiClient): Promise<void> {
  setSignedIn(identity);
  await refreshAccount(api);
}

/** Signs out on the server (best effort) and resets the user to a guest. */
export async function signOut(): Promise<void> {
  const { token } = getCurrentUser();
  clearCurrentUser();
  if (token) await authApi.signOut(token).catch((error: unknown) => console.warn("sign-out request failed", error));
}

export type SessionCheck = { state: "valid"; session: AuthSession } | { state: "gone" } | { state: "unknown" };

/**
 * Asks the server about the stored token: `valid` (with its expiry), `gone` (expired, revoked or
 * the account disabled: the caller signs out) or `unknown` (network trouble: keep the user).
 */
export async function checkSession(): Promise<SessionCheck> {
  const { token } = getCurrentUser();
  if (!token) return { state: "gone" };
  try {
    const session = await authApi.getSession(token);
    return session?.session ? { state: "valid", session } : { state: "gone" };
  } catch (error) {
    console.warn("session check failed", error);
    return { state: "unknown" };
  }
}
