import type { Plugin } from "vite";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/;
const MARKETING = /[\\/]app[\\/](components|lib)[\\/]marketing[\\/]/;
// Page parts only some routes use (the tool and use-case landings, the article lists and their
// category links, the help centre's search): in the shell every marketing page would pay for them.
const TEMPLATES = /[\\/]app[\\/](components[\\/]marketing[\\/](landing-page|articles-page|category-nav)\.tsx|lib[\\/]marketing[\\/]help-search\.ts)(\?.*)?$/;
// Imported by every layout (marketing, workbench, blank), so on every page: one chunk fewer.
const EVERY_LAYOUT = /[\\/]app[\\/]components[\\/]skip-link\.tsx(\?.*)?$/;
const ROOT_MODULE = /[\\/]app[\\/]root\.tsx(\?.*)?$/;
// Stylesheets stay with the route that imports them: React Router links a route's CSS from its chunk.
const STYLESHEET = /\.css(\?.*)?$/;

/**
 * Fewer, larger chunks for the JavaScript every page loads before it is interactive (decision
 * 011): gzip compresses one file better than many small ones, and each file costs a request.
 * In the browser build only:
 *   - `framework`: React, react-dom, scheduler, React Router and the bundler's runtime helpers,
 *     needed by every page;
 *   - `shell`: the modules root.tsx imports statically (i18n, route metadata, colour mode, the
 *     not-found page of the error boundaries, …): root is on every page, so are they; and the
 *     marketing components and helpers (header, footer, sections, article cards, paths, SEO
 *     meta), shared by the marketing pages. In the same file they compress 0.7 KB better on
 *     every marketing page than in a chunk of their own; auth and workbench pages pay ≈ 4.5 KB
 *     gzip for them, which their budget (none) allows.
 * Everything else (route modules, lazily loaded code) keeps the automatic chunking.
 */
export function initialChunksPlugin(): Plugin {
  const shell = new Set<string>();

  return {
    name: "voxwork:initial-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      // Static import closure of root (dynamic imports stay out: they load on demand).
      const pending = [...this.getModuleIds()].filter((id) => ROOT_MODULE.test(id));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (shell.has(id)) continue;
        shell.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 2 },
            { name: "shell", test: (id: string) => (shell.has(id) || EVERY_LAYOUT.test(id) || (MARKETING.test(id) && !TEMPLATES.test(id))) && !ROOT_MODULE.test(id) && !STYLESHEET.test(id), priority: 1 },
          ],
        },
      };
    },
  };
}
