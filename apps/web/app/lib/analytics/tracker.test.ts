import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IP_INFO_TTL_MS, readIpInfoCache } from "./ip-info-cache";
import { measurementIdFor } from "./gtag";
import { STORAGE_KEYS } from "./storage";
import { createTracker } from "./tracker";

/** The browser globals the tracker touches, in memory. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

const ipInfo = {
  ip: "114.114.114.114",
  found: true,
  country_code: "CN",
  province_code: "370000",
  city_code: "370100",
  country: "China",
  region: "Shandong",
  city: "Jinan",
  is_mainland: true,
  names: { en: { country: "China", region: "Shandong", city: "Jinan" }, zh: { country: "中国", region: "山东省", city: "济南市" } },
};

interface Sent {
  url: string;
  body: Record<string, unknown> & { properties: Record<string, unknown> };
  headers: Record<string, string>;
}

let sent: Sent[];
let calls: string[];
let failLog: boolean;
let failLookup: boolean;

beforeEach(() => {
  sent = [];
  calls = [];
  failLog = false;
  failLookup = false;
  const local = memoryStorage();
  const session = memoryStorage();
  vi.stubGlobal("window", { localStorage: local, sessionStorage: session, location: { href: "https://voxwork.ai/?utm_source=google&utm_medium=cpc" }, innerWidth: 1280 });
  vi.stubGlobal("document", { referrer: "", title: "Voxwork" });
  vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36", language: "en-US" });
  vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
    const url = String(input);
    const path = new URL(url, "https://voxwork.ai").pathname;
    calls.push(path);
    const reply = (data: unknown, code = 0) => new Response(JSON.stringify({ code, message: code ? "no" : "success", data }), { headers: { "content-type": "application/json" } });
    if (path === "/api/address/ip") return failLookup ? Promise.reject(new TypeError("offline")) : reply({ ip: ipInfo.ip });
    if (path === "/api/address/info") return reply(ipInfo);
    sent.push({ url, body: JSON.parse(String(init.body)), headers: Object.fromEntries(new Headers(init.headers).entries()) });
    if (failLog) return reply(null, 3001);
    return reply({ accepted: true });
  });
});
afterEach(() => vi.unstubAllGlobals());

const tracker = () => createTracker({ apiBaseUrl: "", logBaseUrl: "", signSecret: "secret-0001", appVersion: "build-1", getLanguage: () => "en" });

describe("analytics tracker", () => {
  it("sends page_visit at once without IP info when the cache is empty, and fills the cache in the background", async () => {
    const subject = tracker();
    await subject.pageVisit("/");
    expect(sent[0]!.body).toMatchObject({ event_name: "page_visit", ip: null, platform: "WEB", language: "en", properties: { path: "/", sequence: 1, session_seq: 1, is_mainland: false } });
    expect(sent[0]!.url).toMatch(/^\/log\?pid=voxwork-web&tag=web&timestamp=\d+&signature=[0-9a-f]{32}$/);
    await subject.warmIpInfo();
    expect(readIpInfoCache()?.ip).toBe(ipInfo.ip);

    await subject.pageVisit("/pricing");
    expect(sent[1]!.body).toMatchObject({ ip: ipInfo.ip, country: "CN", province: "Shandong", city: "Jinan", properties: { sequence: 2, session_seq: 1, is_mainland: true } });
  });

  it("makes other events wait for the lookup", async () => {
    await tracker().track("tts_generate", { voice: "v1" });
    expect(calls.slice(0, 3)).toEqual(["/api/address/ip", "/api/address/info", "/log"]);
    expect(sent[0]!.body).toMatchObject({ event_name: "tts_generate", ip: ipInfo.ip, properties: { voice: "v1" } });
  });

  it("never waits for the lookup for navbar_to_login and exit_page", async () => {
    await tracker().track("navbar_to_login");
    expect(sent[0]!.body).toMatchObject({ event_name: "navbar_to_login", ip: null });
  });

  it("carries browser, device, traffic source and the session counters", async () => {
    const subject = tracker();
    await subject.track("a");
    await subject.track("b");
    expect(sent.map((entry) => [entry.body.properties.sequence, entry.body.properties.session_seq])).toEqual([[1, 1], [2, 1]]);
    expect(sent[0]!.body).toMatchObject({
      device: "desktop",
      app_version: "build-1",
      properties: { browser: "Chrome", browser_version: "130.0.0.0", traffic_source: "paid_search", traffic_source_name: "google", utm_medium: "cpc", new_session: true },
    });
    expect(sent[1]!.body.properties.new_session).toBeUndefined();

    // A new page session (new tab): the sequence restarts, the browser's session counter moves on.
    window.sessionStorage.clear();
    await subject.track("c");
    expect(sent[2]!.body.properties).toMatchObject({ sequence: 1, session_seq: 2, new_session: true });
    expect(typeof sent[2]!.body.properties.last_session_time).toBe("number");
  });

  it("sends payment_args_ events through /api/log/create, renamed", async () => {
    await tracker().track("payment_args_checkout", { amount: 9.9 });
    expect(calls).toContain("/api/log/create");
    expect(sent.find((entry) => entry.url.startsWith("/api/log/create"))!.body).toMatchObject({ event_name: "pay_args_node_checkout", properties: { amount: 9.9 } });
  });

  it("a signed-in browser sends its token with every event, and exit_page by keepalive fetch instead of a beacon (issue 20)", async () => {
    const beacons: string[] = [];
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: (url: string) => beacons.push(url) > 0 });
    const signedIn = createTracker({ apiBaseUrl: "", logBaseUrl: "", signSecret: "secret-0001", appVersion: "build-1", getLanguage: () => "en", getUserId: () => "user-1", getToken: () => "token-1" });
    await signedIn.track("tts_generate");
    await signedIn.track("payment_args_checkout");
    signedIn.exitPage("/pricing");
    await vi.waitFor(() => expect(sent.map((entry) => entry.body.event_name)).toEqual(["tts_generate", "pay_args_node_checkout", "exit_page"]));
    expect(beacons).toEqual([]);
    for (const entry of sent) expect(entry.headers.authorization).toBe("Bearer token-1");
    expect(sent.map((entry) => entry.body.userId)).toEqual(["user-1", "user-1", "user-1"]);

    // A guest has no token: its events carry the guest id only, and exit_page goes as a beacon.
    sent = [];
    const guest = createTracker({ apiBaseUrl: "", logBaseUrl: "", signSecret: "secret-0001", appVersion: "build-1", getLanguage: () => "en", getUserId: () => "guest_1795000000000abcdef" });
    await guest.track("tts_generate");
    guest.exitPage("/pricing");
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(sent[0]!.body.userId).toBe("guest_1795000000000abcdef");
    expect(beacons).toHaveLength(1);
  });

  it("swallows lookup and logging failures with console.warn only", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    failLookup = true;
    failLog = true;
    await expect(tracker().track("tts_generate")).resolves.toBeUndefined();
    expect(warn.mock.calls.map((args) => String(args[0]))).toEqual(["[analytics] IP lookup failed", "[analytics] could not log tts_generate"]);
    warn.mockRestore();
  });

  it("forgets the cached IP info after 48 hours", async () => {
    await tracker().warmIpInfo();
    const savedAt = readIpInfoCache()!.savedAt;
    expect(readIpInfoCache(savedAt + IP_INFO_TTL_MS)).not.toBeNull();
    expect(readIpInfoCache(savedAt + IP_INFO_TTL_MS + 1)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.ipInfo)).not.toBeNull();
  });
});

describe("measurement id per device class", () => {
  it.each([
    [{ mobile: "G-MOBILE1", desktop: "G-DESK1" }, true, "G-MOBILE1"],
    [{ mobile: "G-MOBILE1", desktop: "G-DESK1" }, false, "G-DESK1"],
    [{ mobile: "", desktop: "G-DESK1" }, true, ""],
    [{ mobile: "", desktop: "" }, false, ""],
  ])("%o, mobile=%s → %s", (ids, mobile, expected) => {
    expect(measurementIdFor(ids, mobile)).toBe(expected);
  });
});
