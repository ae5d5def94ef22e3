import {
  ANALYTICS_PLATFORM,
  EVENTS_WITHOUT_IP_LOOKUP,
  isPaymentArgsEvent,
  LOG_PATH,
  renamePaymentArgs,
  signPath,
  WEB_CHANNEL,
  type AnalyticsEventInput,
} from "@voxwork/contract";
// Schema-free call handles: no zod in the browser (decision 011).
import { addressInfoCall, addressIpCall, createApiClient, logCreateCall, type ApiClient } from "@voxwork/contract/client";
import { deviceInfo } from "./device";
import { readIpInfoCache, writeIpInfoCache, type CachedIpInfo } from "./ip-info-cache";
import { nextSessionStamp, sessionTrafficSource, touchLastSessionTime } from "./session";

/**
 * The analytics client of spec §3/§4/§8/§9, framework-free: builds events, keeps the session
 * counters, caches the IP info for 48 h and sends events to `POST /log` (signed like a call), or
 * to `/api/log/create` for `payment_args_` events.
 *
 * Every failure (IP lookup, logging) is swallowed and reported with `console.warn` only — never
 * `console.error`, which would also fail our browser tests, and analytics must never break a page.
 */
export interface TrackerOptions {
  apiBaseUrl: string;
  /** Base URL of `POST /log`; '' = this origin. */
  logBaseUrl: string;
  signSecret: string;
  /** `app_version` of every event (the build id). */
  appVersion: string;
  getLanguage: () => string;
  /** The id events carry: a guest's `guest_…` id or the signed-in user's id (the server believes the latter only with the token). */
  getUserId?: () => string | undefined;
  /** The signed-in user's token, sent as `Authorization` so the server can attribute the event. */
  getToken?: () => string | undefined;
  /** Project id and tag in the `/log` query. */
  pid?: string;
  tag?: string;
  /** Hosts whose referrals count as own media, besides this one. */
  ownHosts?: readonly string[];
  client?: ApiClient;
}

export type EventParams = Record<string, unknown>;

export interface Tracker {
  /** Logs an event. Resolves when sent (or given up); never rejects. */
  track(eventName: string, params?: EventParams, options?: { beacon?: boolean }): Promise<void>;
  pageVisit(path: string): Promise<void>;
  /** `exit_page` with the path, by `sendBeacon` so it survives the page going away. */
  exitPage(path: string): void;
  /** Fills the IP info cache in the background (single flight). */
  warmIpInfo(): Promise<CachedIpInfo | null>;
}

function warn(message: string, error?: unknown) {
  console.warn(`[analytics] ${message}`, error instanceof Error ? error.message : (error ?? ""));
}

export function createTracker(options: TrackerOptions): Tracker {
  const client =
    options.client ??
    // No `notify`: analytics failures are never shown to the user (spec §8).
    createApiClient({
      baseUrl: options.apiBaseUrl,
      secret: options.signSecret,
      timeoutMs: 10_000,
      getIdentity: () => ({ userId: options.getUserId?.(), token: options.getToken?.() }),
    });
  let ipLookup: Promise<CachedIpInfo | null> | undefined;

  function warmIpInfo(): Promise<CachedIpInfo | null> {
    const cached = readIpInfoCache();
    if (cached) return Promise.resolve(cached);
    ipLookup ??= (async () => {
      try {
        const { ip } = await client.call(addressIpCall, {});
        const info = await client.call(addressInfoCall, { ip });
        return writeIpInfoCache(ip, info);
      } catch (error) {
        warn("IP lookup failed", error);
        return null;
      } finally {
        ipLookup = undefined;
      }
    })();
    return ipLookup;
  }

  /** Spec §9: these events never wait for the lookup; with an empty cache they go without IP info. */
  async function ipInfoFor(eventName: string): Promise<CachedIpInfo | null> {
    const cached = readIpInfoCache();
    if (cached) return cached;
    if (EVENTS_WITHOUT_IP_LOOKUP.has(eventName)) {
      void warmIpInfo();
      return null;
    }
    return warmIpInfo();
  }

  function buildEvent(eventName: string, params: EventParams, ip: CachedIpInfo | null): AnalyticsEventInput {
    const now = Date.now();
    const stamp = nextSessionStamp(now);
    const device = deviceInfo();
    const traffic = sessionTrafficSource(options.ownHosts);
    const { event_type, event_param, tags, ...extra } = params;
    const properties: Record<string, unknown> = {
      ...extra,
      ctime: now,
      is_mainland: ip?.info.is_mainland ?? false,
      sequence: stamp.sequence,
      session_seq: stamp.sessionSeq,
      browser: device.browser,
      browser_version: device.browserVersion,
      browser_language: navigator.language,
      traffic_source: traffic.source,
      traffic_source_name: traffic.name,
      ...Object.fromEntries(Object.entries(traffic.utm).map(([key, value]) => [`utm_${key}`, value])),
      ...(traffic.clickId ? { click_id: traffic.clickId } : {}),
      ...(stamp.isNewSession ? { new_session: true, last_session_time: stamp.previousSessionTime } : {}),
    };
    const info = ip?.info;
    return {
      source: "web",
      event_type: typeof event_type === "string" ? event_type : "track",
      event_name: eventName,
      ...(typeof event_param === "string" || (event_param && typeof event_param === "object")
        ? { event_param: event_param as AnalyticsEventInput["event_param"] }
        : {}),
      timestamp: now,
      userId: options.getUserId?.() ?? null,
      ip: ip?.ip ?? null,
      country: info?.country_code ?? null,
      province: info?.region ?? null,
      city: info?.city ?? null,
      platform: ANALYTICS_PLATFORM,
      channel: WEB_CHANNEL,
      language: options.getLanguage(),
      device: device.deviceClass,
      os_version: device.os,
      ...(device.network ? { network: device.network } : {}),
      app_version: options.appVersion,
      ...(Array.isArray(tags) || typeof tags === "string" ? { tags: tags as AnalyticsEventInput["tags"] } : {}),
      properties,
    };
  }

  function logUrl(): string {
    const timestamp = String(Math.round(Date.now() + client.clockOffsetMs));
    const query = new URLSearchParams({ pid: options.pid ?? "voxwork-web", tag: options.tag ?? "web", timestamp, signature: signPath(LOG_PATH, options.signSecret, timestamp) });
    return `${options.logBaseUrl}${LOG_PATH}?${query}`;
  }

  async function send(event: AnalyticsEventInput, beacon: boolean): Promise<void> {
    if (isPaymentArgsEvent(event.event_name)) {
      await client.call(logCreateCall, { ...event, event_name: renamePaymentArgs(event.event_name) });
      return;
    }
    // text/plain keeps the request "simple" (no CORS preflight when the log host is another origin).
    const body = JSON.stringify(event);
    const token = options.getToken?.();
    // A beacon cannot carry the token that attributes the event to a signed-in user: they use a keepalive fetch.
    if (beacon && !token && typeof navigator.sendBeacon === "function") {
      if (navigator.sendBeacon(logUrl(), new Blob([body], { type: "text/plain;charset=UTF-8" }))) return;
    }
    const headers: Record<string, string> = { "content-type": "text/plain;charset=UTF-8" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(logUrl(), { method: "POST", body, keepalive: body.length < 60_000, headers });
    const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (!response.ok || envelope?.code !== 0) throw new Error(`log refused: HTTP ${response.status}, code ${envelope?.code}: ${envelope?.message ?? ""}`);
  }

  async function track(eventName: string, params: EventParams = {}, trackOptions: { beacon?: boolean } = {}): Promise<void> {
    try {
      const ip = await ipInfoFor(eventName);
      await send(buildEvent(eventName, params, ip), trackOptions.beacon ?? false);
    } catch (error) {
      warn(`could not log ${eventName}`, error);
    }
  }

  return {
    track,
    warmIpInfo,
    pageVisit(path) {
      return track("page_visit", { event_type: "view", path, referrer: document.referrer || null, title: document.title });
    },
    exitPage(path) {
      touchLastSessionTime();
      // Synchronous up to sendBeacon: the cache read is local, and exit_page never waits for a lookup.
      try {
        const event = buildEvent("exit_page", { event_type: "view", path }, readIpInfoCache());
        void send(event, true).catch((error: unknown) => warn("could not log exit_page", error));
      } catch (error) {
        warn("could not log exit_page", error);
      }
    },
  };
}
