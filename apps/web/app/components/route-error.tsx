import { lazy, Suspense } from "react";
import { isRouteErrorResponse } from "react-router";

// The not-found page loads when an error boundary shows it: this component is in root's (every
// page's) first script, and the page with its buttons is ≈ 0.6 KB gzip of decision 011's budget.
// On the server it renders whole (the document waits for it); in the browser hydration waits.
const NotFoundPage = lazy(() => import("./not-found-page").then((module) => ({ default: module.NotFoundPage })));

/**
 * Shared ErrorBoundary body. Spec §2/§8: the not-found page appears whenever the application
 * holds an error state (unknown routes, thrown responses, fatal errors). In development the
 * error's details are shown below it.
 */
export function RouteError({ error }: { error: unknown }) {
  let details: string | undefined;
  if (import.meta.env.DEV) {
    if (isRouteErrorResponse(error)) details = `${error.status} ${error.statusText}`;
    else if (error instanceof Error) details = error.stack ?? error.message;
  }
  return (
    <Suspense fallback={null}>
      <NotFoundPage details={details} />
    </Suspense>
  );
}
