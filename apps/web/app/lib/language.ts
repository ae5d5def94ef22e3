import { DEFAULT_LOCALE, type Locale, LOCALES } from "../i18n";
import { readCookie } from "./user-info";

/**
 * Language preference (spec §4/§9): a cookie remembered for 365 days, SameSite Lax, written only
 * when the visitor picks a language with the switcher. Same name as @nuxtjs/i18n's cookie.
 */
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)\b/i;

function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The browser language's locale: Simplified Chinese → zh; Traditional Chinese (zh-TW/HK/MO) and anything else → en. */
export function localeFromBrowserLanguage(language: string | undefined): Locale {
  if (!language) return DEFAULT_LOCALE;
  if (TRADITIONAL_CHINESE.test(language)) return "en";
  return /^zh\b/i.test(language) ? "zh" : "en";
}

/** Stored choice first, then the first browser language, en by default. */
export function detectLocale(cookieHeader: string | null | undefined, languages: readonly string[]): Locale {
  const stored = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(stored)) return stored;
  return localeFromBrowserLanguage(languages[0]);
}

/** Remembers an explicit choice (the language switcher). */
export function storeLocale(locale: Locale): void {
  // Secure over HTTPS, like every cookie of the app (decision 024).
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Inlined into <head>: a visitor landing on `/` whose stored or browser language is zh goes to
 * `/zh` before first paint (prerendered `/` cannot be redirected by the server). The reverse
 * (`/zh` → `/`) happens only by explicit choice. Mirrors `detectLocale`.
 */
export const languageRedirectScript = `(function(){try{if(location.pathname!=="/")return;var m=document.cookie.match(/(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)/),c=m?m[1]:null,l;if(c==="zh"||c==="en")l=c;else{var b=(navigator.languages&&navigator.languages[0])||navigator.language||"";l=/^zh-(tw|hk|mo|hant)\\b/i.test(b)?"en":/^zh\\b/i.test(b)?"zh":"en"}if(l==="zh")location.replace("/zh"+location.search+location.hash)}catch(e){}})();`;
