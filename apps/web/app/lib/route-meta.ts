import { TOOL_PAGES, type ToolPage, type ToolPageId } from "@voxwork/contract/tools";
import { matchPath } from "react-router";
import { type MessageKey, type MessageScope, stripLocale } from "../i18n";
import type { ColorMode } from "./color-mode";

/**
 * Route metadata, declared in one typed place keyed by the locale-neutral path pattern
 * (`/zh/login` uses the entry of `/login`). It drives <head> (root `meta` for routes that do not
 * export their own), the guards (root middleware, server and client) and forced colour modes.
 * `layout` must match the layout the route is nested under in `app/routes.ts` (checked by a test).
 */
export type AuthRequirement = "guest-only" | "protected" | "public";
export type LayoutName = "blank" | "sidebar" | "marketing";

export interface RouteMeta {
  titleKey: MessageKey;
  descriptionKey: MessageKey;
  layout: LayoutName;
  auth: AuthRequirement;
  /** Forced colour mode until the next navigation; 'system' only warns (spec §2). */
  colorMode?: ColorMode;
}

const blank = (page: BlankPage, auth: AuthRequirement): RouteMeta => ({
  titleKey: `routes.${page}.title`,
  descriptionKey: `routes.${page}.description`,
  layout: "blank",
  auth,
});
const workbench = (page: WorkbenchPage): RouteMeta => ({
  titleKey: `routes.${page}.title`,
  descriptionKey: `routes.${page}.description`,
  layout: "sidebar",
  auth: "protected",
});

type BlankPage = "forgotPassword" | "login" | "loginBasic" | "loginLoading" | "register" | "resetPassword" | "status401" | "status403" | "status404" | "status500" | "status503";

/** `dubbing-pro-details` → `DubbingProDetails`. */
type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${PascalCase<Tail>}` : Capitalize<S>;
/** The page key of a tool page of the catalogue (`voice-library` → `workbenchVoiceLibrary`): its message keys under `routes.` and `wbPage.`. */
export type ToolPageKey<Id extends ToolPageId = ToolPageId> = `workbench${PascalCase<Id>}`;
/** The shell's own workbench pages, then every tool page of the catalogue (`@voxwork/contract`). */
export type WorkbenchPage = "workbenchAccount" | "workbenchHome" | "workbenchMyPlan" | "workbenchPricing" | ToolPageKey;

export function toolPageKey<Id extends ToolPageId>(id: Id): ToolPageKey<Id> {
  return `workbench${id.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}` as ToolPageKey<Id>;
}

/** Every tool page of the catalogue, by its locale-neutral path pattern (sidebar layout, protected). */
const TOOL_ROUTE_META = Object.fromEntries(TOOL_PAGES.map((page) => [page.paths.en, workbench(toolPageKey(page.id))])) as {
  [Page in ToolPage as Page["paths"]["en"]]: RouteMeta;
};

export const ROUTE_META = {
  // Auth and status screens (blank layout).
  "/forgot-password": blank("forgotPassword", "guest-only"),
  "/login": blank("login", "guest-only"),
  "/login-basic": blank("loginBasic", "public"),
  "/login-loading": blank("loginLoading", "public"),
  "/register": blank("register", "guest-only"),
  "/reset-password": blank("resetPassword", "public"),
  "/401": blank("status401", "public"),
  "/403": blank("status403", "public"),
  "/404": blank("status404", "public"),
  "/500": blank("status500", "public"),
  "/503": blank("status503", "public"),

  // Workbench (sidebar layout): every path under /workbench is protected (spec §2).
  "/workbench/account": workbench("workbenchAccount"),
  "/workbench/home": workbench("workbenchHome"),
  "/workbench/my-plan": workbench("workbenchMyPlan"),
  "/workbench/pricing": workbench("workbenchPricing"),
  // Every tool page of the tool catalogue (`@voxwork/contract`).
  ...TOOL_ROUTE_META,
  // Anything else under /workbench (including /workbench itself): still protected; 404 when signed in.
  "/workbench/*": { titleKey: "meta.notFoundTitle", descriptionKey: "meta.homeDescription", layout: "sidebar", auth: "protected" },
  "/workbench": { titleKey: "routes.workbenchHome.title", descriptionKey: "routes.workbenchHome.description", layout: "sidebar", auth: "protected" },

  // Marketing pages whose behaviour the shell enforces (the content engineer owns the pages and
  // their own <head>; add entries here only for guards or forced colour modes).
  "/mobile": { titleKey: "meta.homeTitle", descriptionKey: "meta.homeDescription", layout: "marketing", auth: "public", colorMode: "dark" },
} as const satisfies Record<string, RouteMeta>;

export type RoutePattern = keyof typeof ROUTE_META;

const PATTERNS = Object.keys(ROUTE_META) as RoutePattern[];
// Static patterns before parameterised ones, splats last.
const rank = (pattern: string) => (pattern.endsWith("*") ? 2 : pattern.includes(":") ? 1 : 0);
const ORDERED = [...PATTERNS].sort((a, b) => rank(a) - rank(b));

/** The metadata of a path in either language (`/zh/login` → `/login`), or undefined. */
export function findRouteMeta(pathname: string): { pattern: RoutePattern; meta: RouteMeta } | undefined {
  const neutral = stripLocale(pathname).replace(/\/+$/, "") || "/";
  for (const pattern of ORDERED) {
    if (matchPath({ path: pattern, end: true, caseSensitive: false }, neutral)) return { pattern, meta: ROUTE_META[pattern] };
  }
  return undefined;
}

export function authRequirement(pathname: string): AuthRequirement {
  const neutral = stripLocale(pathname);
  // Spec §2: any path starting with /workbench is protected, whatever follows.
  if (/^\/workbench(?=\/|$)/i.test(neutral)) return "protected";
  return findRouteMeta(pathname)?.meta.auth ?? "public";
}

/** Where the guard sends this visitor, or null to let them through (spec §2/§6). */
export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  const auth = authRequirement(pathname);
  if (auth === "protected" && !signedIn) return "/login"; // not /zh/login (spec §2)
  if (auth === "guest-only" && signedIn) return "/";
  return null;
}

/**
 * How much of the message catalogue the page at this path needs in the browser (decision 011):
 * the whole catalogue for auth, status and workbench pages; only the marketing namespaces for
 * marketing pages and unknown paths (the 404 page).
 */
export function messageScope(pathname: string): MessageScope {
  if (/^\/workbench(?=\/|$)/i.test(stripLocale(pathname))) return "full";
  const layout = findRouteMeta(pathname)?.meta.layout;
  return layout === "blank" || layout === "sidebar" ? "full" : "marketing";
}
