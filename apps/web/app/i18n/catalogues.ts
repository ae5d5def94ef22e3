import { en, type Messages } from "./en";
import type { Locale } from "./locales";
import { MARKETING_NAMESPACES, type MessageScope, type PageMessages } from "./message-scope";
import { zh } from "./zh";

/**
 * Catalogues on the server and in unit tests: every language, always loaded. The browser build
 * resolves `#i18n/catalogues` to `catalogues.browser.ts` instead (package.json `imports`,
 * `browser` condition), so no catalogue is bundled into the browser's initial JavaScript
 * (decision 011).
 */
const CATALOGUES: Record<Locale, Messages> = { en, zh };

export function catalogueFor(locale: Locale): Partial<Messages> | undefined {
  return CATALOGUES[locale];
}

/** Nothing to load: every catalogue is here. */
export async function ensureMessages(_locale: Locale, _scope: MessageScope): Promise<void> {}

/** A missing key is a type error; nothing to report at run time. */
export function reportMissingNamespace(_locale: Locale, _key: string): void {}

const pageMessagesCache = new Map<string, string>();

/**
 * The messages a page needs in the browser, as the JSON of the `voxwork-messages` script the root
 * layout renders into the page's `<head>` (`<` escaped, so it cannot close the script).
 */
export function pageMessagesJson(locale: Locale, scope: MessageScope): string {
  const cacheKey = `${locale}:${scope}`;
  let json = pageMessagesCache.get(cacheKey);
  if (json === undefined) {
    const catalogue = CATALOGUES[locale];
    const messages = scope === "full" ? catalogue : Object.fromEntries(MARKETING_NAMESPACES.map((namespace) => [namespace, catalogue[namespace]]));
    const page: PageMessages = { locale, scope, messages };
    json = JSON.stringify(page).replace(/</g, "\\u003c");
    pageMessagesCache.set(cacheKey, json);
  }
  return json;
}
