import { useCallback } from "react";
import { useLocation } from "react-router";
import { catalogueFor, reportMissingNamespace } from "#i18n/catalogues";
import type { Messages } from "./en";
import type { Locale } from "./locales";

export type { Messages } from "./en";
export { ensureMessages, pageMessagesJson } from "#i18n/catalogues";
export { MESSAGES_SCRIPT_ID, type MessageScope } from "./message-scope";

export { LOCALES, type Locale } from "./locales";
export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tag used for `<html lang>` and `hrefLang`. */
const LANGUAGE_TAGS: Record<Locale, string> = { en: "en", zh: "zh-CN" };

/** Dotted key of every leaf string in the catalogue, e.g. `"home.title"`. */
type LeafKeys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = LeafKeys<Messages>;
export type MessageParams = Record<string, string | number>;

const ZH_PREFIX = /^\/zh(?=\/|$)/i;

/** `/zh` and `/zh/…` are Chinese; everything else is English. */
export function localeFromPath(pathname: string): Locale {
  return ZH_PREFIX.test(pathname) ? "zh" : "en";
}

export function languageTag(locale: Locale): string {
  return LANGUAGE_TAGS[locale];
}

/** Removes the locale prefix: `/zh/about` → `/about`, `/zh` → `/`. */
export function stripLocale(pathname: string): string {
  const rest = pathname.replace(ZH_PREFIX, "");
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** Prefixes a locale-neutral path: (`/workbench/home`, zh) → `/zh/workbench/home`. */
export function localizePath(path: string, locale: Locale): string {
  const neutral = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return neutral;
  return neutral === "/" ? `/${locale}` : `/${locale}${neutral}`;
}

/** The same page in another language: (`/about`, zh) → `/zh/about`. */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(pathname, target);
}

export function otherLocale(locale: Locale): Locale {
  return locale === "zh" ? "en" : "zh";
}

/**
 * Looks up a message and fills `{name}` placeholders from `params`. In the browser only the
 * namespaces the page needs are loaded (decision 011); a key from another one is reported.
 */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const catalogue = catalogueFor(locale);
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof node !== "string") {
    if (!catalogue || !(key.split(".")[0]! in catalogue)) reportMissingNamespace(locale, key);
    return key;
  }
  if (!params) return node;
  return node.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/**
 * A message that depends on a count is an object of plural forms (CLDR categories through
 * `Intl.PluralRules`): English has `one` and `other`; Chinese has only `other` (it counts with
 * measure words, not plurals: "1 个声音", "3 个声音"), but its catalogue has the same keys as
 * English, so its `one` is the same sentence with 1.
 */
export type PluralForms = { one: string; other: string };

/** The key of every plural message, e.g. `"accounts.pricing.cloneSlots"`. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
}[MessageKey];

const pluralRules = new Map<Locale, Intl.PluralRules>();
const countFormats = new Map<Locale, Intl.NumberFormat>();

/** The plural form of `key` for `count`, with `{count}` filled in (formatted for the locale) and any other params. */
export function tPlural(locale: Locale, key: PluralKey, count: number, params?: MessageParams): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(LANGUAGE_TAGS[locale])));
  let numbers = countFormats.get(locale);
  if (!numbers) countFormats.set(locale, (numbers = new Intl.NumberFormat(LANGUAGE_TAGS[locale])));
  const form = rules.select(count) === "one" ? "one" : "other";
  return t(locale, `${key}.${form}` as MessageKey, { count: numbers.format(count), ...params });
}

export type TranslatePlural = (key: PluralKey, count: number, params?: MessageParams) => string;

/** `const tp = usePlural(); tp("voices.voice.showing", total, { shown })` — bound to the current URL's locale. */
export function usePlural(): TranslatePlural {
  const locale = useLocale();
  return useCallback<TranslatePlural>((key, count, params) => tPlural(locale, key, count, params), [locale]);
}

/** Locale of the current URL. Must be rendered inside the router. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `const t = useT(); t("home.title")` — bound to the current URL's locale. */
export function useT(): Translate {
  const locale = useLocale();
  // The same function while the locale stays: components can memoize on it.
  return useCallback<Translate>((key, params) => t(locale, key, params), [locale]);
}
