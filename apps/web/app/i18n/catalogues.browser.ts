import type { Messages } from "./en";
import type { Locale } from "./locales";
import { MESSAGES_SCRIPT_ID, type MessageScope, type PageMessages } from "./message-scope";

/**
 * Catalogues in the browser (decision 011). The first page's messages come with its HTML (the
 * `voxwork-messages` JSON script, written by the root layout): only the marketing namespaces on
 * marketing pages, the whole catalogue of the page's language elsewhere. A whole catalogue is
 * loaded on demand (its own chunk per language) by root `clientMiddleware` before a client
 * navigation renders a page that needs it.
 */
const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import("./en").then((module) => module.en),
  zh: () => import("./zh").then((module) => module.zh),
};

const full: Partial<Record<Locale, Messages>> = {};

function readInitial(): { json: string; page: PageMessages | undefined } {
  const json = typeof document === "undefined" ? "" : (document.getElementById(MESSAGES_SCRIPT_ID)?.textContent ?? "");
  try {
    return { json, page: json ? (JSON.parse(json) as PageMessages) : undefined };
  } catch {
    return { json, page: undefined };
  }
}

const initial = readInitial();
if (initial.page?.scope === "full") full[initial.page.locale] = initial.page.messages as Messages;

export function catalogueFor(locale: Locale): Partial<Messages> | undefined {
  return full[locale] ?? (initial.page?.locale === locale ? initial.page.messages : undefined);
}

/** Resolves once the messages of `scope` in `locale` are here (loads the whole catalogue if not). */
export async function ensureMessages(locale: Locale, scope: MessageScope): Promise<void> {
  if (full[locale] || (scope === "marketing" && initial.page?.locale === locale)) return;
  full[locale] = await LOADERS[locale]();
}

const reported = new Set<string>();

/** A key whose namespace is not loaded: a page uses a namespace outside its scope (a bug). */
export function reportMissingNamespace(locale: Locale, key: string): void {
  const namespace = `${locale}:${key.split(".")[0]}`;
  if (reported.has(namespace)) return;
  reported.add(namespace);
  console.error(`i18n: "${key}" is not loaded in ${locale}; add its namespace to MARKETING_NAMESPACES or load the full catalogue (decision 011)`);
}

/** The first page's JSON, unchanged, so hydration and later renders keep the script as it is. */
export function pageMessagesJson(_locale: Locale, _scope: MessageScope): string {
  return initial.json;
}
