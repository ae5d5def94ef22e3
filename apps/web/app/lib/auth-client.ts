/**
 * The browser side of identity (Better Auth under `/api/auth`, see apps/server/src/auth/auth.ts).
 * Plain `fetch` with the spec's network timeouts (§8/§9: 30 s, 60 s on mobile, 5 s offline) and
 * every failure mapped to one identity error code of spec §8, whose en/zh text is in the
 * `accounts.errors` catalogue. Email/password requests carry no cookies (we authenticate with the
 * bearer token); the redirect flows of external providers do, since their state cookie must land.
 */
export const AUTH_BASE_PATH = "/api/auth";

export type IdentityErrorCode =
  | "invalid-credential"
  | "wrong-password"
  | "email-already-in-use"
  | "user-not-found"
  | "too-many-requests"
  | "expired-action-code"
  | "requires-recent-login"
  | "user-disabled"
  | "email-not-verified"
  | "weak-password"
  | "invalid-nickname"
  | "network-request-failed"
  | "popup-blocked"
  | "popup-closed-by-user"
  | "cancelled-popup-request"
  | "unauthorized-domain"
  | "user-mismatch"
  | "internal-error";

/** For `unauthorized-domain`: the address the page was opened at and the one the server accepts sign-in at. */
export type RefusedOrigin = { page: string; accepted: string };

export class IdentityError extends Error {
  override name = "IdentityError";
  readonly code: IdentityErrorCode;
  /** Password rules broken (`weak-password`). */
  readonly rules: string[];
  readonly refusedOrigin: RefusedOrigin | undefined;
  constructor(code: IdentityErrorCode, message: string = code, rules: string[] = [], refusedOrigin?: RefusedOrigin) {
    super(message);
    this.code = code;
    this.rules = rules;
    this.refusedOrigin = refusedOrigin;
  }
}

/**
 * The addresses of an origin refusal (the server adds `origin` and `acceptedOrigin` to Better Auth's
 * answer): the page's own origin as the browser shows it, else the one the server saw.
 */
export function refusedOriginOf(body: { origin?: unknown; acceptedOrigin?: unknown }, pageOrigin: string | undefined): RefusedOrigin | undefined {
  const page = pageOrigin || (typeof body.origin === "string" ? body.origin : "");
  if (typeof body.acceptedOrigin !== "string" || !body.acceptedOrigin || !page || page === body.acceptedOrigin) return undefined;
  return { page, accepted: body.acceptedOrigin };
}

const MOBILE_MAX_WIDTH = 768;

/** Spec §8/§9: network failure after 30 s (60 s on mobile), capped at 5 s when offline. */
export function networkTimeoutMs(): number {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return 5_000;
  if (typeof window !== "undefined" && window.innerWidth <= MOBILE_MAX_WIDTH) return 60_000;
  return 30_000;
}

/** Better Auth error codes (and HTTP statuses) → identity error codes of spec §8. */
export function identityCodeFor(status: number, code: string | undefined): IdentityErrorCode {
  if (status === 429) return "too-many-requests";
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "invalid-credential";
    case "INVALID_PASSWORD":
      return "wrong-password";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
    case "EMAIL_ALREADY_IN_USE":
      return "email-already-in-use";
    case "USER_NOT_FOUND":
      return "user-not-found";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "expired-action-code";
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return "requires-recent-login";
    case "USER_DISABLED":
    case "BANNED_USER":
      return "user-disabled";
    case "EMAIL_NOT_VERIFIED":
      return "email-not-verified";
    case "PASSWORD_POLICY":
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return "weak-password";
    case "INVALID_NICKNAME":
      return "invalid-nickname";
    case "INVALID_ORIGIN":
    case "INVALID_CALLBACK_URL":
    case "INVALID_REDIRECT_URL":
    case "MISSING_OR_NULL_ORIGIN":
      return "unauthorized-domain";
  }
  if (status === 401) return "invalid-credential";
  if (status === 403 && code === undefined) return "unauthorized-domain";
  return "internal-error";
}

interface RequestOptions {
  token?: string | undefined;
  /** Send and accept cookies (provider redirects, completing a verification link). */
  withCookies?: boolean;
  method?: "GET" | "POST";
}

async function request<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // Mail the server sends (verification, reset) follows the page's language, not the browser's.
  if (typeof document !== "undefined" && document.documentElement.lang) headers["accept-language"] = document.documentElement.lang;
  const timeout = AbortSignal.timeout(networkTimeoutMs());
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE_PATH}${path}`, {
      method: options.method ?? "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: options.withCookies ? "include" : "omit",
      signal: timeout,
    });
  } catch (error) {
    throw new IdentityError("network-request-failed", String(error));
  }
  // An answer cut off mid-body (the page navigating away, a dropped connection) says nothing: it is a
  // network failure, never "no session". Read as null, a session check signed the user out (issue 18:
  // the route walk's users were signed out when a get-session body was cut by the next navigation).
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new IdentityError("network-request-failed", String(error));
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new IdentityError("network-request-failed", `unreadable answer from ${path}`);
    parsed = null;
  }
  if (!response.ok) {
    const body = (parsed ?? {}) as { code?: string; message?: string; rules?: string[]; origin?: unknown; acceptedOrigin?: unknown };
    const identityCode = identityCodeFor(response.status, body.code);
    const refused = identityCode === "unauthorized-domain" ? refusedOriginOf(body, typeof location === "undefined" ? undefined : location.origin) : undefined;
    throw new IdentityError(identityCode, body.message ?? `HTTP ${response.status}`, Array.isArray(body.rules) ? body.rules : [], refused);
  }
  return parsed as T;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified?: boolean;
}
export interface AuthSession {
  session: { token: string; expiresAt: string; userId: string; createdAt?: string };
  user: AuthUser;
}

export const authApi = {
  signUp: (body: { email: string; password: string; name: string; callbackURL: string }) => request<{ token: string | null; user: AuthUser }>("/sign-up/email", body),
  signIn: (body: { email: string; password: string }) => request<{ token: string; user: AuthUser }>("/sign-in/email", body),
  /** The session of a bearer token, or (withCookies) of the Better Auth cookie; null when none. */
  getSession: (token?: string, withCookies = false) => request<AuthSession | null>("/get-session", undefined, { token, withCookies, method: "GET" }),
  signOut: (token: string) => request<{ success: boolean }>("/sign-out", {}, { token }),
  requestPasswordReset: (body: { email: string; redirectTo: string }) => request<{ status: boolean }>("/request-password-reset", body),
  resetPassword: (body: { newPassword: string; token: string }) => request<{ status: boolean }>("/reset-password", body),
  sendVerificationEmail: (body: { email: string; callbackURL: string }) => request<{ status: boolean }>("/send-verification-email", body),
  changePassword: (token: string, body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean }) =>
    request<{ token: string | null; user: AuthUser }>("/change-password", body, { token }),
  changeEmail: (token: string, body: { newEmail: string; callbackURL: string }) => request<{ status: boolean }>("/change-email", body, { token }),
  updateUser: (token: string, body: { name?: string }) => request<{ status: boolean }>("/update-user", body, { token }),
  deleteUser: (token: string, body: { password?: string }) => request<{ success: boolean; message?: string }>("/delete-user", body, { token }),
  listAccounts: (token: string) => request<{ providerId: string; accountId: string }[]>("/list-accounts", undefined, { token, method: "GET" }),
  /**
   * Starts a redirect sign-in; answers the provider's URL. Better Auth 1.7 registers the generic
   * OIDC provider as a social provider, so both kinds use `/sign-in/social`.
   */
  startRedirect: (provider: { id: string }, callbackURL: string, errorCallbackURL: string) =>
    request<{ url: string; redirect: boolean }>("/sign-in/social", { provider: provider.id, callbackURL, errorCallbackURL }, { withCookies: true }),
  linkSocial: (token: string, provider: string, callbackURL: string) => request<{ url: string; redirect: boolean }>("/link-social", { provider, callbackURL }, { token, withCookies: true }),
};

// ── Popup sign-in (spec §4/§9) ─────────────────────────────────────────────────────────────────

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
/** Rejection this long after the closed popup is noticed (spec §9). */
export const POPUP_CLOSED_REJECT_MS = 8_000;
const POPUP_TIMEOUT_MS = 5 * 60_000;

let activePopup: { window: Window; cancel: () => void } | null = null;

/** Random 2–10 s between checks whether the popup was closed (spec §9). */
function closePollDelay() {
  return 2_000 + Math.floor(Math.random() * 8_000);
}

/**
 * Signs in through a 500×600 popup (Better Auth's `oauth-popup` start page); resolves with the
 * session token the completion page posts back. A new request cancels the previous one
 * (`cancelled-popup-request`); a blocked popup rejects with `popup-blocked` (callers fall back to a
 * redirect); a closed popup is noticed by polling and rejects 8 s later (`popup-closed-by-user`).
 */
export function signInWithPopup(providerId: string, callbackURL: string, options: { closedRejectMs?: number; pollDelay?: () => number } = {}): Promise<string> {
  if (activePopup) activePopup.cancel();
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const start = new URL(`${AUTH_BASE_PATH}/oauth-popup/start`, location.origin);
  start.searchParams.set("provider", providerId);
  start.searchParams.set("popupOrigin", location.origin);
  start.searchParams.set("popupNonce", nonce);
  start.searchParams.set("callbackURL", callbackURL);
  const left = window.screenX + (window.outerWidth - POPUP_WIDTH) / 2;
  const top = window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2;
  const popup = window.open(start.toString(), "voxwork-sign-in", `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},menubar=no,toolbar=no`);
  if (!popup) return Promise.reject(new IdentityError("popup-blocked"));

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let rejectTimer: ReturnType<typeof setTimeout> | undefined;
    const overall = setTimeout(() => finish(new IdentityError("network-request-failed", "popup timed out")), POPUP_TIMEOUT_MS);
    const finish = (outcome: string | IdentityError) => {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      clearTimeout(pollTimer);
      clearTimeout(rejectTimer);
      clearTimeout(overall);
      if (activePopup?.window === popup) activePopup = null;
      try {
        if (!popup.closed) popup.close();
      } catch {
        // a cross-origin popup may refuse; nothing to do
      }
      if (typeof outcome === "string") resolve(outcome);
      else reject(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      const data = event.data as { type?: string; nonce?: string; token?: string; error?: { code?: string; description?: string } } | null;
      if (data?.type !== "better-auth:oauth-popup" || data.nonce !== nonce) return;
      if (data.error) return finish(new IdentityError(data.error.code === "unauthorized_origin" ? "unauthorized-domain" : "internal-error", data.error.description ?? data.error.code));
      if (typeof data.token === "string" && data.token) finish(data.token);
    };
    const poll = () => {
      if (settled) return;
      if (popup.closed) {
        rejectTimer = setTimeout(() => finish(new IdentityError("popup-closed-by-user")), options.closedRejectMs ?? POPUP_CLOSED_REJECT_MS);
        return;
      }
      pollTimer = setTimeout(poll, (options.pollDelay ?? closePollDelay)());
    };
    window.addEventListener("message", onMessage);
    pollTimer = setTimeout(poll, (options.pollDelay ?? closePollDelay)());
    activePopup = { window: popup, cancel: () => finish(new IdentityError("cancelled-popup-request")) };
  });
}
