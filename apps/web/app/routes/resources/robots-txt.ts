import type { Route } from "./+types/robots-txt";
import { siteOrigin } from "../../lib/marketing/site-url.server";

/** `/robots.txt`: the public site is crawlable; the workbench and transactional pages are not. Prerendered. */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /workbench",
    "Disallow: /zh/workbench",
    "Disallow: /api/",
    "Disallow: /bill/",
    "Disallow: /share",
    "Disallow: /zh/share",
    "Disallow: /transfer-station/",
    "Disallow: /zh/transfer-station/",
    "",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
