import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "./error-page";
import { NotFoundPage } from "./not-found-page";

/** Shared ErrorBoundary body: the 404 page for 404s, the generic error page otherwise. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage status={error.status} />;
  }

  const details = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return <ErrorPage details={details} />;
}
