import { useEffect, useState } from "react";
import { PrefetchPageLinks, useLocation } from "react-router";
import { toast } from "sonner";
import { localeFromPath, useT } from "../i18n";
import { usePublicConfig } from "../lib/public-config";

/** `?versionCheckMs=…` shortens the poll interval (tests); never below half a second. */
function intervalFromQuery(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get("versionCheckMs"));
  return Number.isFinite(value) && value > 0 ? Math.max(500, value) : undefined;
}

const VERSION_TOAST_ID = "voxwork-new-version";

/**
 * Version check (spec §4/§7): polls `builds/latest.json?timestamp=…`; when its id differs from
 * the running build's, offers a reload in a toast that stays until used or dismissed.
 */
export function VersionCheck() {
  const { buildId, versionCheckIntervalMs } = usePublicConfig();
  const t = useT();
  const reloadLabel = t("version.reload");
  const message = t("version.newVersion");

  useEffect(() => {
    const interval = intervalFromQuery(window.location.search) ?? versionCheckIntervalMs;
    let stopped = false;
    let announced = false;
    async function check() {
      if (stopped || announced || document.visibilityState === "hidden") return;
      try {
        const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: "no-store" });
        if (!response.ok) return;
        const latest = (await response.json()) as { id?: unknown };
        if (typeof latest.id === "string" && latest.id !== buildId && !stopped) {
          announced = true;
          toast(message, {
            id: VERSION_TOAST_ID,
            duration: Number.POSITIVE_INFINITY,
            action: { label: reloadLabel, onClick: () => window.location.reload() },
          });
        }
      } catch {
        // Offline or the server is restarting: try again at the next tick.
      }
    }
    const timer = window.setInterval(check, interval);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [buildId, versionCheckIntervalMs, message, reloadLabel]);

  return null;
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/**
 * Prefetch of prerendered pages (spec §9): 1 s after load, unless the connection is slow-2g,
 * the prerendered pages (from `builds/meta/{buildId}.json`) that the current page links to get
 * their route modules and data prefetched.
 */
export function PrerenderedPrefetch() {
  const { buildId } = usePublicConfig();
  const { pathname } = useLocation();
  const [pages, setPages] = useState<string[]>([]);

  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    if (connection?.effectiveType === "slow-2g") return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/builds/meta/${encodeURIComponent(buildId)}.json`);
        if (!response.ok) return;
        const meta = (await response.json()) as { prerendered?: unknown };
        const prerendered = new Set(Array.isArray(meta.prerendered) ? meta.prerendered.filter((p): p is string => typeof p === "string") : []);
        const locale = localeFromPath(window.location.pathname);
        const linked = new Set<string>();
        for (const anchor of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
          if (anchor.origin !== window.location.origin) continue;
          const path = anchor.pathname.replace(/\/+$/, "") || "/";
          if (path !== window.location.pathname && prerendered.has(path) && localeFromPath(path) === locale) linked.add(path);
        }
        if (!cancelled) setPages([...linked].slice(0, 24));
      } catch {
        // Prefetch is an optimisation only.
      }
    }, 1000);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [buildId, pathname]);

  return (
    <>
      {pages.map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
    </>
  );
}
