import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { localeFromPath, t } from "../i18n";
import { NotFoundPage } from "../components/not-found-page";

/**
 * Catch-all (`*`) for both languages (`/zh/...` renders in Chinese).
 *
 * The loader *returns* a 404 (rather than throwing) so the document and the
 * `.data` response get a real HTTP 404 while the page renders as a normal route
 * element. Throwing would switch the root to its ErrorBoundary, which remounts
 * the root Layout (and <html>) on client-side navigation. Loaders elsewhere can
 * still `throw data(null, { status: 404 })`; the root ErrorBoundary renders the
 * same NotFoundPage for those.
 */
export function loader() {
  return data({ notFound: true }, { status: 404, statusText: "Not Found" });
}

export function meta({ location }: Route.MetaArgs): Route.MetaDescriptors {
  const locale = localeFromPath(location.pathname);
  return [{ title: t(locale, "meta.notFoundTitle") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
