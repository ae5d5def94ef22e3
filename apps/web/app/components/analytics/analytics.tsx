import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { localeFromPath, type Locale } from "../../i18n";
import { loadGtag, measurementIdFor, readConsent, startAnalytics, writeConsent, type Tracker } from "../../lib/analytics";
import { usePublicConfig } from "../../lib/public-config";
import { callUserId, userFromInfo } from "../../lib/current-user";
import { readUserInfo } from "../../lib/user-info";
import { buttonVariants } from "../ui/button-variants";

/**
 * Analytics for the whole app (spec §4), rendered once from root: a `page_visit` on first load and
 * after every route change, `exit_page` with the path when the page goes away, and the consent
 * banner for the analytics tag when a measurement id is configured for this device class.
 */
export function Analytics() {
  const config = usePublicConfig();
  const { pathname } = useLocation();
  const current = useRef({ pathname, locale: localeFromPath(pathname) as Locale });
  const tracker = useRef<Tracker | undefined>(undefined);
  const lastVisit = useRef<string | undefined>(undefined);

  useEffect(() => {
    tracker.current = startAnalytics({
      apiBaseUrl: config.apiBaseUrl,
      logBaseUrl: config.logBaseUrl,
      signSecret: config.signSecret,
      appVersion: config.buildId,
      ownHosts: config.appBaseUrl ? [safeHost(config.appBaseUrl)].filter((host): host is string => Boolean(host)) : [],
      getLanguage: () => current.current.locale,
      // Guests as `guest_…` (as in calls); a signed-in user's id counts on the server only with the token.
      getUserId: () => callUserId(userFromInfo(readUserInfo(document.cookie))),
      getToken: () => userFromInfo(readUserInfo(document.cookie)).token || undefined,
    });
    const onPageHide = () => tracker.current?.exitPage(current.current.pathname);
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [config]);

  useEffect(() => {
    current.current = { pathname, locale: localeFromPath(pathname) };
    if (!tracker.current || lastVisit.current === pathname) return;
    lastVisit.current = pathname;
    void tracker.current.pageVisit(pathname);
  }, [pathname]);

  return <ConsentBanner ids={config.analyticsMeasurementIds} locale={localeFromPath(pathname)} />;
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

const bannerText = {
  en: {
    message: "We use an analytics tag to understand how Voxwork is used. Allow it?",
    allow: "Allow",
    decline: "Decline",
    label: "Analytics consent",
  },
  zh: {
    message: "我们使用统计分析代码来了解 Voxwork 的使用情况。是否允许？",
    allow: "允许",
    decline: "拒绝",
    label: "统计分析授权",
  },
} as const;

/** Nothing external loads before consent; with no measurement id for this device class there is no banner at all. */
function ConsentBanner({ ids, locale }: { ids: { mobile: string; desktop: string }; locale: Locale }) {
  const [measurementId, setMeasurementId] = useState("");
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const id = measurementIdFor(ids);
    setMeasurementId(id);
    if (!id) return;
    const consent = readConsent();
    if (consent === "granted") loadGtag(id);
    setOpen(consent === null);
  }, [ids]);

  if (!open || !measurementId) return null;
  const text = bannerText[locale];
  const decide = (granted: boolean) => {
    writeConsent(granted ? "granted" : "denied");
    if (granted) loadGtag(measurementId);
    setOpen(false);
  };
  return (
    <div
      role="region"
      aria-label={text.label}
      data-slot="consent-banner"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-sm text-foreground shadow-lg sm:flex-row sm:items-center"
    >
      <p className="flex-1">{text.message}</p>
      <div className="flex gap-2">
        {/* Button classes without the Button component: no tailwind-merge on marketing pages (decision 011). */}
        <button type="button" data-slot="button" className={buttonVariants({ variant: "outline", size: "sm" })} onClick={() => decide(false)}>
          {text.decline}
        </button>
        <button type="button" data-slot="button" className={buttonVariants({ size: "sm" })} onClick={() => decide(true)}>
          {text.allow}
        </button>
      </div>
    </div>
  );
}
