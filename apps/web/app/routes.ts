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
    // Marketing site (owner: marketing content). Every page here is prerendered in both languages.
    layout("routes/_marketing/layout.tsx", [
      route("zh?", "routes/_marketing/home.tsx"),
      route("zh?/pricing", "routes/_marketing/pricing.tsx"),
      route("zh?/about-us", "routes/_marketing/about-us.tsx"),
      route("zh?/FAQ", "routes/_marketing/faq.tsx"),
      route("zh?/help-center", "routes/_marketing/help-center.tsx"),
      route("zh?/tools", "routes/_marketing/tools.tsx"),
      route("zh?/content-creators", "routes/_marketing/use-case.tsx", { id: "use-case-creators" }),
      route("zh?/e-commerce", "routes/_marketing/use-case.tsx", { id: "use-case-ecommerce" }),
      route("zh?/educators", "routes/_marketing/use-case.tsx", { id: "use-case-educators" }),
      route("zh?/short-drama-globalization", "routes/_marketing/use-case.tsx", { id: "use-case-short-drama" }),
      route("zh?/text-to-speech", "routes/_marketing/tool-landing.tsx", { id: "tool-text-to-speech" }),
      route("zh?/speech-to-speech", "routes/_marketing/tool-landing.tsx", { id: "tool-speech-to-speech" }),
      route("zh?/voice-cloning", "routes/_marketing/tool-landing.tsx", { id: "tool-voice-cloning" }),
      route("zh?/voice-library", "routes/_marketing/tool-landing.tsx", { id: "tool-voice-library" }),
      route("zh?/talking-photo", "routes/_marketing/tool-landing.tsx", { id: "tool-talking-photo" }),
      route("zh?/video-translator", "routes/_marketing/tool-landing.tsx", { id: "tool-video-translator" }),
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
    // Sidebar layout (owner: front-end shell; tool issues replace `workbench/tool.tsx` per tool).
    // Every path under /workbench is protected (root middleware); unknown ones answer 404.
    layout("routes/workbench/layout.tsx", [
      route("zh?/workbench", "routes/workbench/index.tsx"),
      route("zh?/workbench/home", "routes/workbench/home.tsx"),
      route("zh?/workbench/account", "routes/workbench/account.tsx"),
      route("zh?/workbench/my-plan", "routes/workbench/plans.tsx", { id: "wb-my-plan" }),
      route("zh?/workbench/pricing", "routes/workbench/plans.tsx", { id: "wb-pricing" }),
      route("zh?/workbench/text-to-speech", "routes/workbench/text-to-speech.tsx", { id: "wb-text-to-speech" }),
      route("zh?/workbench/speech-to-speech", "routes/workbench/speech-to-speech.tsx", { id: "wb-speech-to-speech" }),
      route("zh?/workbench/voice-cloning", "routes/workbench/voice-cloning.tsx", { id: "wb-voice-cloning" }),
      route("zh?/workbench/voice-library", "routes/workbench/voice-library.tsx", { id: "wb-voice-library" }),
      route("zh?/workbench/video-translator", "routes/workbench/tool.tsx", { id: "wb-video-translator" }),
      route("zh?/workbench/video-translator/details/:slug", "routes/workbench/result-details.tsx", { id: "wb-video-translator-details" }),
      route("zh?/workbench/video-translator-pro", "routes/workbench/tool.tsx", { id: "wb-video-translator-pro" }),
      route("zh?/workbench/video-translator-pro/result/:slug", "routes/workbench/result-details.tsx", { id: "wb-video-translator-pro-result" }),
      route("zh?/workbench/video-translator-pro/details/:slug", "routes/workbench/result-details.tsx", { id: "wb-video-translator-pro-details" }),
      route("zh?/workbench/dubbing-studio", "routes/workbench/tool.tsx", { id: "wb-dubbing-studio" }),
      route("zh?/workbench/dubbing-studio/details/:slug", "routes/workbench/result-details.tsx", { id: "wb-dubbing-studio-details" }),
      route("zh?/workbench/dubbing-pro", "routes/workbench/tool.tsx", { id: "wb-dubbing-pro" }),
      route("zh?/workbench/dubbing-pro/details", "routes/workbench/tool.tsx", { id: "wb-dubbing-pro-details" }),
      route("zh?/workbench/ai-avatar-video", "routes/workbench/tool.tsx", { id: "wb-ai-avatar-video" }),
      route("zh?/workbench/ai-tools", "routes/workbench/tool.tsx", { id: "wb-ai-tools" }),
      route("zh?/workbench/ai-tools/video-erasure", "routes/workbench/tool.tsx", { id: "wb-video-erasure" }),
      route("zh?/workbench/*", "routes/workbench/not-found.tsx", { id: "wb-not-found" }),
    ]),
    route("sitemap.xml", "routes/resources/sitemap-xml.ts"),
    route("robots.txt", "routes/resources/robots-txt.ts"),
    // Everything else (both languages) renders the 404 page with a real 404 status.
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
