import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { localeFromPath, t } from "../i18n";
import { NotFoundPage } from "../components/not-found-page";

/**
 * Catch-all (`*`) for both languages (`/zh/...` renders in Chinese).
 * The loader returns a 404 so both the document and the `.data` response carry
 * a real HTTP 404. (Loaders elsewhere can instead `throw data(null, { status: 404 })`;
 * the error boundaries render the same NotFoundPage for those.)
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
