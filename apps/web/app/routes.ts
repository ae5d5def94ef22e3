import { type RouteConfig, layout, route } from "@react-router/dev/routes";

/**
 * Locale-prefixed routing: English lives at `/…`, Chinese at `/zh/…`.
 * Each page is declared once with the optional `zh?` segment so a single
 * module serves both languages (`zh?` alone matches `/` and `/zh`).
 * Use `localeFromPath()` from `app/i18n` to know which one is being rendered.
 */
export default [
  // Pathless: catches errors from every page without remounting the root Layout.
  layout("routes/_boundary.tsx", [
    layout("routes/_marketing/layout.tsx", [
      route("zh?", "routes/_marketing/home.tsx"),
    ]),
    // Everything else (both languages) renders the 404 page with a real 404 status.
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
