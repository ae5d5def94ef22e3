import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { authRequirement, findRouteMeta, guardRedirect, ROUTE_META } from "./route-meta";

describe("guards (spec §2/§6)", () => {
  it("sends a visitor without a token from any /workbench path to /login, never /zh/login", () => {
    for (const path of ["/workbench", "/workbench/home", "/zh/workbench/voice-library", "/workbench/video-translator/video-list", "/zh/workbench/x/y/z", "/WORKBENCH/home"]) {
      expect(guardRedirect(path, false), path).toBe("/login");
      expect(guardRedirect(path, true), path).toBeNull();
    }
  });
  it("sends a visitor with a token from guest-only pages to /", () => {
    for (const path of ["/login", "/zh/login", "/register", "/zh/register", "/forgot-password", "/zh/forgot-password/"]) {
      expect(guardRedirect(path, true), path).toBe("/");
      expect(guardRedirect(path, false), path).toBeNull();
    }
  });
  it("lets anyone open public pages", () => {
    for (const path of ["/", "/zh", "/pricing", "/login-basic", "/login-loading", "/404", "/workbenchy"]) {
      expect(authRequirement(path), path).toBe("public");
    }
  });
});

describe("route metadata", () => {
  it("matches parameterised patterns in both languages", () => {
    expect(findRouteMeta("/zh/workbench/dubbing-studio/details/abc")?.pattern).toBe("/workbench/dubbing-studio/details/:slug");
    expect(findRouteMeta("/workbench/home")?.pattern).toBe("/workbench/home");
    expect(findRouteMeta("/zh/mobile")?.meta.colorMode).toBe("dark");
  });

  it("declares each route under the layout app/routes.ts nests it in", () => {
    // app/routes.ts as React Router reads it (tool pages come from the tool catalogue).
    const layoutOf: Record<string, string> = {};
    const walk = (entries: readonly RouteConfigEntry[], current: string) => {
      for (const entry of entries) {
        const layout = entry.path === undefined ? entry.file.match(/^routes\/([^/]+)\/layout\.tsx$/) : null;
        const path = entry.path?.match(/^zh\?(\/.*)$/);
        if (path) layoutOf[path[1]!] = current;
        walk(entry.children ?? [], layout ? layout[1]! : current);
      }
    };
    walk(routes, "");
    const expected = { blank: "_blank", sidebar: "workbench", marketing: "_marketing" } as const;
    for (const [pattern, meta] of Object.entries(ROUTE_META)) {
      if (pattern === "/workbench/*") continue;
      // Marketing pages belong to the marketing engineer and may land separately.
      if (meta.layout === "marketing" && layoutOf[pattern] === undefined) continue;
      expect(layoutOf[pattern], `${pattern} is not in app/routes.ts`).toBeDefined();
      expect(layoutOf[pattern], pattern).toBe(expected[meta.layout]);
    }
  });
});
