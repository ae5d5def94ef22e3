import { type ReactNode, useLayoutEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { languageTag, localeFromPath, t } from "./i18n";
import { applyColorMode, colorModeScript } from "./lib/color-mode";
import { ErrorPage } from "./components/error-page";
import { NotFoundPage } from "./components/not-found-page";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageTag(localeFromPath(pathname));

  // React clears <html>'s attributes when it re-creates it (the root Layout
  // remounts when switching to/from the root ErrorBoundary), so re-apply the
  // colour-mode class before paint. On first hydration this is a no-op.
  useLayoutEffect(() => applyColorMode(), []);

  return (
    // The colour-mode script edits <html>'s class before hydration.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: colorModeScript }} />
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

/** Title for error documents (child routes provide their own `meta` otherwise). */
export function meta({ error, location }: Route.MetaArgs): Route.MetaDescriptors {
  const locale = localeFromPath(location.pathname);
  if (!error) return [{ title: t(locale, "brand.name") }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: t(locale, notFound ? "meta.notFoundTitle" : "meta.errorTitle") },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage status={error.status} />;
  }

  const details = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return <ErrorPage details={details} />;
}
