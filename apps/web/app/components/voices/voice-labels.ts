import type { VoiceView } from "@voxwork/contract";
import type { Locale, MessageKey, Translate } from "../../i18n/index";
import { tagKey } from "./voice-tag-key";

/** Chinese languages written `zh-<language>` (extended language subtags) that are languages of their own. */
const CHINESE_LANGUAGES = new Set(["yue", "hak", "nan", "wuu", "gan", "hsn", "cjy", "cdo", "cpx"]);

/**
 * A voice engine's language tag as people name languages: `zh-cmn` and `cmn` → `zh`, `zh-yue` →
 * `yue`, and only language and region kept (`en-gb-scotland` → `en-gb`, `en-gb-x-rp` → `en-gb`).
 */
export function displayLanguageTag(tag: string): string {
  const [first = tag, ...rest] = tag.toLowerCase().split("-");
  let language = first === "cmn" ? "zh" : first;
  let subtags = rest;
  if (language === "zh" && subtags[0] && (CHINESE_LANGUAGES.has(subtags[0]) || subtags[0] === "cmn")) {
    language = subtags[0] === "cmn" ? "zh" : subtags[0];
    subtags = subtags.slice(1);
  }
  if (subtags[0] && /^[a-z]{4}$/.test(subtags[0])) subtags = subtags.slice(1); // script (latn, hans)
  const region = subtags[0] && /^([a-z]{2}|\d{3})$/.test(subtags[0]) ? subtags[0] : null;
  return region ? `${language}-${region}` : language;
}

// Intl formatters are costly to make (a fraction of a millisecond each) and pages name languages in
// lists and sorts on every render: one per page language, made once.
const languageNames = new Map<Locale, Intl.DisplayNames>();
const namedLanguages = new Map<string, string>();
const useCaseLists = new Map<Locale, Intl.ListFormat>();
const nameNames = new Map<Locale, Intl.Collator>();
const intlTag = (locale: Locale) => (locale === "zh" ? "zh-CN" : "en");

/** Serbo-Croatian (Apertium's and fastText's `hbs`, once `sh`): Intl would say "Serbian (Latin)". */
const OWN_NAMES: Readonly<Record<string, Readonly<Record<Locale, string>>>> = {
  hbs: { en: "Serbo-Croatian", zh: "塞尔维亚-克罗地亚语" },
  sh: { en: "Serbo-Croatian", zh: "塞尔维亚-克罗地亚语" },
};

/** A language tag's name in the page language (Intl), falling back to the tag itself. */
export function languageName(tag: string, locale: Locale): string {
  const known = namedLanguages.get(`${locale}:${tag}`);
  if (known !== undefined) return known;
  const shown = displayLanguageTag(tag);
  let name = shown;
  const own = OWN_NAMES[shown.split("-")[0] ?? shown];
  if (own) {
    namedLanguages.set(`${locale}:${tag}`, own[locale]);
    return own[locale];
  }
  try {
    let names = languageNames.get(locale);
    if (!names) languageNames.set(locale, (names = new Intl.DisplayNames([intlTag(locale)], { type: "language", fallback: "code" })));
    name = names.of(shown) ?? shown;
  } catch {
    // An unknown tag is shown as it is.
  }
  namedLanguages.set(`${locale}:${tag}`, name);
  return name;
}

/** Compares two names in the page language's order (for sorting languages and voices by name). */
export function compareNames(a: string, b: string, locale: Locale): number {
  let collator = nameNames.get(locale);
  if (!collator) nameNames.set(locale, (collator = new Intl.Collator(intlTag(locale))));
  return collator.compare(a, b);
}

/**
 * The languages to offer in a menu, one entry per name: `zh`, `cmn` and `zh-cmn` are all
 * "Chinese", so only the first of them is kept.
 */
export function distinctLanguages(tags: readonly string[], locale: Locale): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const name = languageName(tag, locale);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** The honest quality badge of a voice: where it runs and how it sounds. */
export function qualityKey(voice: Pick<VoiceView, "location" | "qualityTier" | "status">): MessageKey {
  if (voice.status === "processing") return "voices.quality.processing";
  if (voice.status === "failed") return "voices.quality.failed";
  if (voice.location === "remote") return "voices.quality.remote";
  return voice.qualityTier === "basic" ? "voices.quality.localBasic" : voice.qualityTier === "standard" ? "voices.quality.localStandard" : "voices.quality.localPremium";
}

export type VoiceTagKind = "accent" | "useCase" | "style";

/** A library tag (accent, use case, style) in the page's language; one the catalogue does not know is shown as written. */
export function voiceTagLabel(t: Translate, kind: VoiceTagKind, value: string): string {
  const key = `voices.tags.${kind}.${tagKey(value)}` as MessageKey;
  const label = t(key);
  return label === key ? value : label;
}

/** The voice's description for people, in the page's language: how it sounds and what it suits. */
export function describeVoice(voice: Pick<VoiceView, "sound" | "useCases" | "cloned" | "location">, t: Translate, locale: Locale): string {
  const sound = voice.cloned && voice.location === "remote" ? t("voices.describe.clonedNeural") : t(`voices.sound.${voice.sound}`);
  if (!voice.useCases.length) return sound;
  let lists = useCaseLists.get(locale);
  if (!lists) useCaseLists.set(locale, (lists = new Intl.ListFormat(intlTag(locale), { style: "long", type: "conjunction" })));
  const list = lists.format(voice.useCases.map((useCase) => voiceTagLabel(t, "useCase", useCase)));
  return `${sound}${locale === "zh" ? "" : " "}${t("voices.describe.suits", { list })}`;
}

/** Languages offered where the user names one (dictionary, cloned voice), besides the page's own. */
export const COMMON_LANGUAGES = ["en", "zh", "ja", "ko", "fr", "de", "es", "it", "pt", "ru"] as const;
