import { isRouteErrorResponse } from "react-router";
import { NotFoundPage } from "./not-found-page";

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
  return <NotFoundPage details={details} />;
}
