/**
 * The public origin used in canonical URLs, hreflang alternates, Open Graph URLs, the sitemap
 * and robots.txt.
 *
 * Rule: `PUBLIC_URL` from the process environment (the same variable the server reads), else the
 * request's origin, except for build-time prerendering, whose requests are synthetic
 * `http://localhost/…` ones: there the server's default, `http://localhost:3000`, applies.
 * Prerendered pages (every marketing page, article, list page, sitemap.xml and robots.txt) bake
 * the origin in at build time, so a deployment builds with `PUBLIC_URL` set to its public URL.
 */
const DEFAULT_PUBLIC_URL = "http://localhost:3000";

export function siteOrigin(request: Request): string {
  const configured = typeof process !== "undefined" ? process.env.PUBLIC_URL?.trim() : undefined;
  if (configured) return configured.replace(/\/+$/, "");
  const origin = new URL(request.url).origin;
  return origin === "http://localhost" ? DEFAULT_PUBLIC_URL : origin;
}
