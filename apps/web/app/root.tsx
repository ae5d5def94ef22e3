// First: zod's browser config must be in place before any schema is built (see the module).
import "./lib/zod-jitless";
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Links, Meta, Outlet, redirect, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { ensureMessages, languageTag, localeFromPath, MESSAGES_SCRIPT_ID, pageMessagesJson, t } from "./i18n";
import { applyColorMode, effectiveForcedMode, FORCED_COLOR_MODE_ATTRIBUTE, setForcedColorMode } from "./lib/color-mode";
import { languageRedirectScript } from "./lib/language";
import { readPublicConfig } from "./lib/public-config.server";
import { findRouteMeta, guardRedirect, messageScope } from "./lib/route-meta";
import { claimChunkReload } from "./lib/chunk-reload";
import { useNonce } from "./lib/csp-nonce";
import { hasToken, readUserInfo } from "./lib/user-info";
import { ColorModeScript, InlineScript } from "./components/color-mode-script";
import { RouteError } from "./components/route-error";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Guards (spec §2/§6) on the server render, for documents and data requests alike: a 302 before any HTML. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => {
    const target = guardRedirect(new URL(request.url).pathname, hasToken(readUserInfo(request.headers.get("cookie"))));
    if (target) throw redirect(target);
  },
];

/**
 * The same guards on client navigation, before any route module renders (no flash of protected
 * content); then the messages the next page needs (decision 011: a marketing page brings only
 * the marketing namespaces of its language). If they cannot be loaded (a new deployment replaced
 * the chunk), the page is loaded as a document instead, once per 10 s like a failed preload.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    const target = guardRedirect(new URL(request.url).pathname, hasToken(readUserInfo(document.cookie)));
    if (target) throw redirect(target);
  },
  async ({ request }) => {
    const { pathname } = new URL(request.url);
    try {
      await ensureMessages(localeFromPath(pathname), messageScope(pathname));
    } catch (error) {
      if (!claimChunkReload(window.sessionStorage, Date.now())) throw error;
      window.location.assign(request.url);
      await new Promise(() => {}); // the document navigation replaces this page
    }
  },
];

/** The explicit list of public values the browser gets (see lib/public-config.ts). */
export function loader() {
  return { publicConfig: readPublicConfig() };
}

export function shouldRevalidate() {
  return false;
}

/** The colour mode the current page forces through its route metadata, if any. */
function useForcedColorMode() {
  const { pathname } = useLocation();
  const mode = findRouteMeta(pathname)?.meta.colorMode;
  return mode === "system" ? "system" : mode;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageTag(localeFromPath(pathname));
  const declared = useForcedColorMode();
  const forced = declared === "system" ? undefined : declared;
  // The request's CSP nonce on the server (decision 024); undefined in the browser.
  const nonce = useNonce();

  // On every navigation: force the page's mode or release it (spec §4), before paint. Also
  // re-applies the class when React re-creates <html> (root ErrorBoundary remount).
  useLayoutEffect(() => {
    setForcedColorMode(effectiveForcedMode(declared));
    applyColorMode();
  }, [declared]);

  return (
    // The colour-mode script edits <html>'s class before hydration; a forced mode is in the
    // server HTML itself.
    <html lang={lang} className={forced} {...{ [FORCED_COLOR_MODE_ATTRIBUTE]: forced }} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorModeScript />
        <InlineScript id="language-redirect" code={languageRedirectScript} />
        {/* The messages this page needs in the browser, in its language (decision 011). */}
        <script id={MESSAGES_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: pageMessagesJson(localeFromPath(pathname), messageScope(pathname)) }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Toaster, version check, prefetch, analytics and session keeper, loaded right after hydration
 * (decision 011: not part of the JavaScript a page needs before it is interactive). A failed load
 * (a new deployment replaced the chunk) leaves them out instead of breaking the page.
 */
const DeferredFeatures = lazy<() => ReactNode>(() =>
  import("./components/deferred-features").catch((error: unknown) => {
    console.warn("deferred features failed to load", error);
    return { default: () => null };
  }),
);

export default function App() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <>
      <Outlet />
      {hydrated ? (
        <Suspense fallback={null}>
          <DeferredFeatures />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Title and description from the route metadata (`lib/route-meta.ts`) for routes that do not
 * export their own `meta`; error documents get the not-found title (spec §2: every error state
 * shows the not-found page).
 */
export function meta({ error, location }: Route.MetaArgs): Route.MetaDescriptors {
  const locale = localeFromPath(location.pathname);
  if (error) return [{ title: t(locale, "meta.notFoundTitle") }, { name: "robots", content: "noindex" }];
  const found = findRouteMeta(location.pathname);
  if (!found) return [{ title: t(locale, "brand.name") }];
  const descriptors: Route.MetaDescriptors = [
    { title: t(locale, found.meta.titleKey) },
    { name: "description", content: t(locale, found.meta.descriptionKey) },
  ];
  if (found.meta.auth !== "public" || found.meta.layout !== "marketing") descriptors.push({ name: "robots", content: "noindex" });
  return descriptors;
}

/** Last-resort boundary for errors in root itself; page errors are caught by `routes/_boundary.tsx`. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
