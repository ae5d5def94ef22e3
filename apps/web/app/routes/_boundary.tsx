import { Outlet } from "react-router";
import type { Route } from "./+types/_boundary";
import { RouteError } from "../components/route-error";

/**
 * Pathless route wrapping every page so errors thrown below it (e.g. a loader's
 * `throw data(null, { status: 404 })`) are caught here instead of in root.
 * When root's own ErrorBoundary takes over, React Router swaps the whole root
 * Layout, so <html>/<head>/<body> are re-created on client-side navigation
 * (stylesheet links re-inserted, <html> attributes reset, React warns about the
 * re-created inline scripts in development). Catching here avoids all of that.
 * root.tsx keeps an identical ErrorBoundary for errors in root itself.
 */
export default function Boundary() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
