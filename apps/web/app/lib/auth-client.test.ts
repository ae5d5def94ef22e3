import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../i18n";
import { authApi, identityCodeFor, IdentityError, networkTimeoutMs, refusedOriginOf, signInWithPopup } from "./auth-client";

describe("identity errors (spec §8)", () => {
  it("maps Better Auth answers to identity codes", () => {
    expect(identityCodeFor(401, "INVALID_EMAIL_OR_PASSWORD")).toBe("invalid-credential");
    expect(identityCodeFor(400, "INVALID_PASSWORD")).toBe("wrong-password");
    expect(identityCodeFor(422, "USER_ALREADY_EXISTS")).toBe("email-already-in-use");
    expect(identityCodeFor(400, "INVALID_TOKEN")).toBe("expired-action-code");
    expect(identityCodeFor(403, "SESSION_EXPIRED")).toBe("requires-recent-login");
    expect(identityCodeFor(403, "USER_DISABLED")).toBe("user-disabled");
    expect(identityCodeFor(403, "EMAIL_NOT_VERIFIED")).toBe("email-not-verified");
    expect(identityCodeFor(400, "PASSWORD_POLICY")).toBe("weak-password");
    expect(identityCodeFor(403, "INVALID_ORIGIN")).toBe("unauthorized-domain");
    expect(identityCodeFor(429, undefined)).toBe("too-many-requests");
    expect(identityCodeFor(500, "SOMETHING")).toBe("internal-error");
  });
});

describe("a refused origin (issue 20)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the page's address and the one the server accepts, when they differ", () => {
    const body = { code: "INVALID_ORIGIN", origin: "http://192.168.1.20:3000", acceptedOrigin: "http://localhost:3000" };
    expect(refusedOriginOf(body, "http://192.168.1.20:3000")).toEqual({ page: "http://192.168.1.20:3000", accepted: "http://localhost:3000" });
    expect(refusedOriginOf(body, undefined)).toEqual({ page: "http://192.168.1.20:3000", accepted: "http://localhost:3000" });
    expect(refusedOriginOf({ ...body, origin: null }, "http://localhost:3000")).toBeUndefined();
    expect(refusedOriginOf({ origin: "http://192.168.1.20:3000" }, "http://192.168.1.20:3000")).toBeUndefined();
  });

  it("a sign-in refused for its origin carries both addresses, worded in English and Chinese", async () => {
    vi.stubGlobal("location", { origin: "http://192.168.1.20:3000" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: "INVALID_ORIGIN", message: "refused", origin: "http://192.168.1.20:3000", acceptedOrigin: "http://localhost:3000" }, { status: 403 })),
    );
    const error = await authApi.signIn({ email: "a@example.com", password: "secret 1" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityError);
    const refused = (error as IdentityError).refusedOrigin!;
    expect((error as IdentityError).code).toBe("unauthorized-domain");
    expect(refused).toEqual({ page: "http://192.168.1.20:3000", accepted: "http://localhost:3000" });
    expect(t("en", "accounts.errors.unauthorized-domain-at", refused)).toBe(
      "This page is open at http://192.168.1.20:3000, but the server accepts sign-in at http://localhost:3000. Open Voxwork at http://localhost:3000 and sign in there. If http://192.168.1.20:3000 is the right address, whoever runs the server should set PUBLIC_URL to it and restart.",
    );
    expect(t("zh", "accounts.errors.unauthorized-domain-at", refused)).toContain("此页面是通过 http://192.168.1.20:3000 打开的，但服务器只接受在 http://localhost:3000 登录");
  });
});

type Listener = (event: MessageEvent) => void;

function fakeBrowser(options: { popup: { closed: boolean } | null; width?: number; onLine?: boolean }) {
  const listeners = new Set<Listener>();
  const close = vi.fn();
  const popup = options.popup ? Object.assign(options.popup, { close, focus: vi.fn() }) : null;
  vi.stubGlobal("location", { origin: "http://app.test" });
  vi.stubGlobal("navigator", { onLine: options.onLine ?? true });
  vi.stubGlobal("window", {
    innerWidth: options.width ?? 1440,
    screenX: 0,
    screenY: 0,
    outerWidth: 1440,
    outerHeight: 900,
    open: vi.fn(() => popup),
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  });
  return { popup, close, post: (data: unknown, origin = "http://app.test") => listeners.forEach((listener) => listener({ data, origin } as MessageEvent)) };
}

describe("popup sign-in (spec §4/§9)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens 500x600 and resolves with the token the completion page posts back (same origin, same nonce)", async () => {
    const browser = fakeBrowser({ popup: { closed: false } });
    const pending = signInWithPopup("oidc", "/login-loading", { pollDelay: () => 60_000 });
    const [url, , features] = (window.open as unknown as { mock: { calls: [string, string, string][] } }).mock.calls[0]!;
    expect(features).toMatch(/width=500,height=600/);
    const nonce = new URL(url).searchParams.get("popupNonce");
    browser.post({ type: "better-auth:oauth-popup", nonce, token: "tok" }, "http://evil.test");
    browser.post({ type: "better-auth:oauth-popup", nonce: "other", token: "tok" });
    browser.post({ type: "better-auth:oauth-popup", nonce, token: "tok" });
    await expect(pending).resolves.toBe("tok");
  });

  it("rejects popup-blocked when the window does not open", async () => {
    fakeBrowser({ popup: null });
    await expect(signInWithPopup("google", "/login-loading")).rejects.toMatchObject({ code: "popup-blocked" });
  });

  it("notices a closed popup by polling and rejects 8 s later", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser({ popup: { closed: false } });
    const pending = signInWithPopup("google", "/login-loading", { pollDelay: () => 2_000 });
    const outcome = pending.catch((error: unknown) => error);
    browser.popup!.closed = true;
    await vi.advanceTimersByTimeAsync(2_000); // the poll notices
    await vi.advanceTimersByTimeAsync(7_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe("popup-closed-by-user");
  });

  it("a new request cancels the previous one", async () => {
    fakeBrowser({ popup: { closed: false } });
    const first = signInWithPopup("google", "/login-loading", { pollDelay: () => 60_000 }).catch((error: unknown) => error);
    const second = signInWithPopup("github", "/login-loading", { pollDelay: () => 60_000 });
    expect(await first).toMatchObject({ code: "cancelled-popup-request" });
    second.catch(() => undefined);
  });

  it("uses 30 s, 60 s on mobile, 5 s offline for network failures", () => {
    fakeBrowser({ popup: null, width: 1440 });
    expect(networkTimeoutMs()).toBe(30_000);
    fakeBrowser({ popup: null, width: 375 });
    expect(networkTimeoutMs()).toBe(60_000);
    fakeBrowser({ popup: null, width: 375, onLine: false });
    expect(networkTimeoutMs()).toBe(5_000);
  });
});

describe("an answer cut off mid-body (issue 18)", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A 200 whose body stream fails after the headers, as when the page navigates away mid-answer. */
  const cutOff = () =>
    new Response(new ReadableStream({ start(controller) { controller.error(new TypeError("Failed to fetch")); } }), { status: 200, headers: { "content-type": "application/json" } });

  it("is a network failure, not 'no session': the session check keeps the user", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => cutOff()));
    const error = await authApi.getSession("token").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe("network-request-failed");
    const { checkSession } = await import("./session");
    const { setSignedIn } = await import("./current-user");
    const cookies: string[] = [];
    vi.stubGlobal("document", { documentElement: { lang: "en" }, get cookie() { return cookies.at(-1)?.split(";")[0] ?? ""; }, set cookie(value: string) { cookies.push(value); } });
    vi.stubGlobal("location", { protocol: "http:", origin: "http://app.test" });
    setSignedIn({ token: "token", user: { id: "u1", email: "a@example.com" } });
    expect(await checkSession()).toEqual({ state: "unknown" });
  });

  it("a 200 that is not JSON is a failure too; a real null answer is no session", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>proxy error", { status: 200 })));
    expect(((await authApi.getSession("token").catch((caught: unknown) => caught)) as IdentityError).code).toBe("network-request-failed");
    vi.stubGlobal("fetch", vi.fn(async () => Response.json(null)));
    expect(await authApi.getSession("token")).toBeNull();
  });
});
