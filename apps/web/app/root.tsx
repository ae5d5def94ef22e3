import { type ReactNode, useLayoutEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { languageTag, localeFromPath, t } from "./i18n";
import { applyColorMode } from "./lib/color-mode";
import { ColorModeScript } from "./components/color-mode-script";
import { RouteError } from "./components/route-error";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageTag(localeFromPath(pathname));

  // React clears <html>'s attributes if it ever re-creates it (the root Layout
  // remounts when switching to/from root's own ErrorBoundary), so re-apply the
  // colour-mode class before paint. On first hydration this is a no-op.
  useLayoutEffect(() => applyColorMode(), []);

  return (
    // The colour-mode script edits <html>'s class before hydration.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorModeScript />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Fallback title, and the title for error documents (`error` is the error being rendered by a boundary). */
export function meta({ error, location }: Route.MetaArgs): Route.MetaDescriptors {
  const locale = localeFromPath(location.pathname);
  if (!error) return [{ title: t(locale, "brand.name") }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: t(locale, notFound ? "meta.notFoundTitle" : "meta.errorTitle") },
    { name: "robots", content: "noindex" },
  ];
}

/** Last-resort boundary for errors in root itself; page errors are caught by `routes/_boundary.tsx`. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
