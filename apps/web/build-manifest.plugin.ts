// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import { mkdir, readdir, writeFile } from "node:fs/promises";
// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

/**
 * Writes the build manifest of spec §3/§7 after the whole build (client, server, prerender):
 * `build/client/builds/latest.json` ({ id, timestamp }) and `build/client/builds/meta/{id}.json`
 * ({ id, timestamp, matcher, prerendered }); the matcher lists every page route pattern (from the
 * server build) with whether it has prerendered pages. The client polls latest.json to offer a reload when
 * a new build is deployed, and reads the meta to prefetch prerendered pages.
 */
export function buildManifestPlugin({ buildId }: { buildId: string }): Plugin {
  let root = process.cwd();
  return {
    name: "voxwork:build-manifest",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildApp: {
      order: "post",
      async handler() {
        const clientDir = path.join(root, "build", "client");
        const prerendered = await prerenderedPaths(clientDir);
        const timestamp = Date.now();
        const matcher = await routeMatcher(path.join(root, "build", "server", "index.js"), prerendered);
        await mkdir(path.join(clientDir, "builds", "meta"), { recursive: true });
        await writeFile(path.join(clientDir, "builds", "latest.json"), JSON.stringify({ id: buildId, timestamp }));
        await writeFile(
          path.join(clientDir, "builds", "meta", `${buildId}.json`),
          JSON.stringify({ id: buildId, timestamp, matcher, prerendered }),
        );
      },
    },
  };
}

/** Every `index.html` the prerender step wrote, as the URL path it is served at. */
async function prerenderedPaths(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => {
      const folder = path.relative(clientDir, entry.parentPath);
      return folder ? `/${folder.split(path.sep).join("/")}` : "/";
    })
    .sort();
}

interface ServerRoute {
  path?: string;
  parentId?: string;
  index?: boolean;
}

/** `{ "/zh?/workbench/home": { prerender: false }, … }` for every route with a path. */
async function routeMatcher(serverEntry: string, prerendered: string[]): Promise<Record<string, { prerender: boolean }>> {
  const build = (await import(`${pathToFileURL(serverEntry).href}?t=${Date.now()}`)) as { routes: Record<string, ServerRoute> };
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
  };
  const matcher: Record<string, { prerender: boolean }> = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route.path && !route.index) continue;
    const pattern = fullPath(id) || "/";
    const regex = patternToRegExp(pattern);
    matcher[pattern] = { prerender: prerendered.some((page) => regex.test(page)) };
  }
  return matcher;
}

/** React Router pattern → RegExp: `zh?` optional segments, `:params`, `*` splats. */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      const body = name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${body})?` : body;
    })
    .join("");
  return new RegExp(`^${source || "/"}/?$`, "i");
}
