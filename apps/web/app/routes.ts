import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { TOOL_CATALOGUE, type ToolPage } from "@voxwork/contract/tools";

/**
 * The workbench pages of the tool catalogue (`@voxwork/contract`), route id `wb-{page id}`. A
 * built tool's page is the module named after the page (`routes/workbench/text-to-speech.tsx`;
 * the build fails when it is missing); pages of tools not built yet share `workbench/tool.tsx`
 * ("arrives soon"), their `:slug` pages `workbench/result-details.tsx` (404 until the tool exists).
 */
const toolRoutes = TOOL_CATALOGUE.flatMap((tool) =>
  (tool.pages as readonly ToolPage[]).map((page) => {
    const module =
      tool.status === "built"
        ? `routes/workbench/${page.id}.tsx`
        : page.paths.en.includes("/:")
          ? "routes/workbench/result-details.tsx"
          : "routes/workbench/tool.tsx";
    return route(`zh?${page.paths.en}`, module, { id: `wb-${page.id}` });
  }),
);

/** The tools' marketing landing pages (one module), route id `tool-{path}`. */
const toolLandingRoutes = TOOL_CATALOGUE.flatMap((tool) =>
  tool.marketing ? [route(`zh?${tool.marketing.en}`, "routes/_marketing/tool-landing.tsx", { id: `tool-${tool.marketing.en.slice(1)}` })] : [],
);

/**
 * Locale-prefixed routing: English lives at `/…`, Chinese at `/zh/…`.
 * Each page is declared once with the optional `zh?` segment so a single
 * module serves both languages (`zh?` alone matches `/` and `/zh`).
 * Use `localeFromPath()` from `app/i18n` to know which one is being rendered.
 */
export default [
  // Pathless: catches errors from every page without remounting the root Layout.
  layout("routes/_boundary.tsx", [
    // Marketing site (owner: marketing content). Every page here is prerendered in both languages.
    layout("routes/_marketing/layout.tsx", [
      route("zh?", "routes/_marketing/home.tsx"),
      route("zh?/pricing", "routes/_marketing/pricing.tsx"),
      route("zh?/about-us", "routes/_marketing/about-us.tsx"),
      route("zh?/FAQ", "routes/_marketing/faq.tsx"),
      route("zh?/help-center", "routes/_marketing/help-center.tsx"),
      route("zh?/developers/api", "routes/_marketing/api-guide.tsx"),
      route("zh?/developers/api/reference", "routes/_marketing/api-reference.tsx"),
      route("zh?/tools", "routes/_marketing/tools.tsx"),
      route("zh?/content-creators", "routes/_marketing/use-case.tsx", { id: "use-case-creators" }),
      route("zh?/e-commerce", "routes/_marketing/use-case.tsx", { id: "use-case-ecommerce" }),
      route("zh?/educators", "routes/_marketing/use-case.tsx", { id: "use-case-educators" }),
      route("zh?/short-drama-globalization", "routes/_marketing/use-case.tsx", { id: "use-case-short-drama" }),
      ...toolLandingRoutes,
      route("zh?/blog", "routes/_marketing/article-index.tsx", { id: "blog-index" }),
      route("zh?/blog/:slug", "routes/_marketing/article.tsx", { id: "blog-article" }),
      route("zh?/blog-list/:slug", "routes/_marketing/article-list.tsx", { id: "blog-list" }),
      route("zh?/guides", "routes/_marketing/article-index.tsx", { id: "guides-index" }),
      route("zh?/guides/:slug", "routes/_marketing/article.tsx", { id: "guides-article" }),
      route("zh?/guides-list/:slug", "routes/_marketing/article-list.tsx", { id: "guides-list" }),
      route("zh?/share", "routes/_marketing/share.tsx"),
      route("zh?/mobile", "routes/_marketing/mobile.tsx"),
      route("zh?/transfer-station/subscription-test", "routes/_marketing/subscription-test.tsx"),
    ]),
    // Blank layout (owner: front-end shell): auth and status screens. Guards and <head> come from
    // app/lib/route-meta.ts (root middleware + root meta).
    layout("routes/_blank/layout.tsx", [
      route("zh?/login", "routes/_auth/login.tsx"),
      route("zh?/login-basic", "routes/_auth/login-basic.tsx"),
      route("zh?/login-loading", "routes/_auth/login-loading.tsx"),
      route("zh?/register", "routes/_auth/register.tsx"),
      route("zh?/forgot-password", "routes/_auth/forgot-password.tsx"),
      route("zh?/reset-password", "routes/_auth/reset-password.tsx"),
      route("zh?/401", "routes/_status/status.tsx", { id: "status-401" }),
      route("zh?/403", "routes/_status/status.tsx", { id: "status-403" }),
      route("zh?/404", "routes/_status/status.tsx", { id: "status-404" }),
      route("zh?/500", "routes/_status/status.tsx", { id: "status-500" }),
      route("zh?/503", "routes/_status/status.tsx", { id: "status-503" }),
    ]),
    // Sidebar layout (owner: front-end shell; the tools' pages come from the tool catalogue).
    // Every path under /workbench is protected (root middleware); unknown ones answer 404.
    layout("routes/workbench/layout.tsx", [
      route("zh?/workbench", "routes/workbench/index.tsx"),
      route("zh?/workbench/home", "routes/workbench/home.tsx"),
      route("zh?/workbench/account", "routes/workbench/account.tsx"),
      route("zh?/workbench/my-plan", "routes/workbench/plans.tsx", { id: "wb-my-plan" }),
      route("zh?/workbench/pricing", "routes/workbench/plans.tsx", { id: "wb-pricing" }),
      ...toolRoutes,
      route("zh?/workbench/*", "routes/workbench/not-found.tsx", { id: "wb-not-found" }),
    ]),
    route("sitemap.xml", "routes/resources/sitemap-xml.ts"),
    route("robots.txt", "routes/resources/robots-txt.ts"),
    // Everything else (both languages) renders the 404 page with a real 404 status.
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
