/**
 * The JavaScript a page loads before it is interactive (decision 011's budget): what `bench:web`
 * prints and the marketing browser test holds to 120 KB gzip.
 */
import { gzipSync } from 'node:zlib';

/** The marketing pages' budget of JavaScript before interaction (decision 011). */
export const MARKETING_JS_BUDGET_GZIP = 120 * 1024;

/**
 * Scripts the browser fetches before the page is interactive: `<link rel="modulepreload">`,
 * `<script src>`, and the static/dynamic imports of inline module scripts. Asset paths that only
 * appear in inlined JSON (route-manifest patches for lazy route discovery) are not loaded.
 */
export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(match[1]!);
  for (const block of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const match of block[1]!.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)) found.add(match[1]!);
  }
  return [...found].filter((url) => url.startsWith('/'));
}

/** gzip size (level as node:zlib's default) of each initial script, largest first. */
export async function initialScriptSizes(html: string, fetchAsset: (url: string) => Promise<Buffer>): Promise<{ url: string; gzip: number }[]> {
  const sizes = await Promise.all(initialScripts(html).map(async (url) => ({ url, gzip: gzipSync(await fetchAsset(url)).length })));
  return sizes.sort((a, b) => b.gzip - a.gzip);
}
