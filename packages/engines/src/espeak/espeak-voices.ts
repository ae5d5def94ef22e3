import type { SynthesisVoice } from '../capabilities/speech-synthesizer.ts';
import type { EspeakCatalogueVariant, EspeakCatalogueVoice } from './espeak-synthesis.worker.ts';

export const ESPEAK_ENGINE_ID = 'espeak:espeak-ng';

export interface EspeakVoiceEntry {
  /** The voice's id: its language code, or the file's name where two voices share a code (yue). */
  id: string;
  language: string;
  name: string;
  gender: 'female' | 'male' | undefined;
  /** The voice file (`gmw/en-US`, what the library's `set_voice` takes) or variant file (`!v/f3`). */
  file: string;
  otherLanguages: string[];
}

/**
 * The library's voices as entries: the id is the voice's first language code (what `-v` took on
 * the command line), or the file's name where two voices share a code (yue, yue-latn-jyutping).
 * espeak-ng lists every base voice without a gender as male (`--/M`).
 */
export function voiceEntries(voices: readonly EspeakCatalogueVoice[]): EspeakVoiceEntry[] {
  const entries = voices.map((voice) => {
    const [language = voice.identifier, ...others] = voice.languages;
    return { id: language, language, name: voice.name, gender: 'male' as const, file: voice.identifier, otherLanguages: others.map((other) => other.toLowerCase()) };
  });
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.language, (counts.get(entry.language) ?? 0) + 1);
  for (const entry of entries) {
    const base = entry.file.split('/').pop()!.toLowerCase();
    if ((counts.get(entry.language) ?? 0) > 1 && base !== entry.language) entry.id = base;
  }
  return entries;
}

/** The library's variants (files under `voices/!v`) as entries. */
export function variantEntries(variants: readonly EspeakCatalogueVariant[]): EspeakVoiceEntry[] {
  return variants.map((variant) => ({ id: variant.file, language: 'variant', name: variant.name, gender: variant.gender, file: `!v/${variant.file}`, otherLanguages: [] }));
}

/** Variant id as used after `+` (`!v/f3` → `f3`). */
export const variantIdOf = (entry: EspeakVoiceEntry) => entry.file.replace(/^!v\//, '');

export function toSynthesisVoice(entry: EspeakVoiceEntry, variant?: EspeakVoiceEntry): SynthesisVoice {
  const languages = [entry.language.toLowerCase(), ...entry.otherLanguages.filter((language) => language !== entry.language.toLowerCase())];
  return {
    id: variant ? `${entry.id}+${variantIdOf(variant)}` : entry.id,
    name: variant ? `${entry.name} (${variant.name})` : entry.name,
    languages,
    gender: variant ? variant.gender : entry.gender,
    variant: variant ? variantIdOf(variant) : undefined,
    engineId: ESPEAK_ENGINE_ID,
  };
}

/**
 * The languages of the espeak-ng voices (those of Debian's espeak-ng 1.51, which the library's data
 * also has), declared without loading the library so that the registry can list them; the
 * conformance test checks each one against `listVoices()`. The library has nine voices more
 * (ca-ba, ca-nw, ca-va, fo, kaa, mto, ru-cl, ti, xex), listed by `listVoices()` but not declared.
 */
export const ESPEAK_LANGUAGES = [
  'af', 'am', 'an', 'ar', 'as', 'az', 'ba', 'be', 'bg', 'bn', 'bpy', 'bs', 'ca', 'chr-us-qaaa-x-west', 'cmn', 'cmn-latn-pinyin',
  'cs', 'cv', 'cy', 'da', 'de', 'el', 'en-029', 'en-gb', 'en-gb-scotland', 'en-gb-x-gbclan', 'en-gb-x-gbcwmd', 'en-gb-x-rp',
  'en-us', 'en-us-nyc', 'eo', 'es', 'es-419', 'et', 'eu', 'fa', 'fa-latn', 'fi', 'fr-be', 'fr-ch', 'fr-fr', 'ga', 'gd', 'gn',
  'grc', 'gu', 'hak', 'haw', 'he', 'hi', 'hr', 'ht', 'hu', 'hy', 'hyw', 'ia', 'id', 'io', 'is', 'it', 'ja', 'jbo', 'ka', 'kk',
  'kl', 'kn', 'ko', 'kok', 'ku', 'ky', 'la', 'lb', 'lfn', 'lt', 'ltg', 'lv', 'mi', 'mk', 'ml', 'mr', 'ms', 'mt', 'my', 'nb',
  'nci', 'ne', 'nl', 'nog', 'om', 'or', 'pa', 'pap', 'piqd', 'pl', 'pt', 'pt-br', 'py', 'qdb', 'qu', 'quc', 'qya', 'ro', 'ru',
  'ru-lv', 'sd', 'shn', 'si', 'sjn', 'sk', 'sl', 'smj', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tk', 'tn', 'tr', 'tt', 'ug',
  'uk', 'ur', 'uz', 'vi', 'vi-vn-x-central', 'vi-vn-x-south', 'yue',
  // Codes espeak-ng lists as "other languages" of a voice (`en` → en-gb, `zh` → cmn, `fr` → fr-fr).
  'en', 'fr', 'zh', 'zh-cmn', 'zh-yue', 'es-mx',
] as const;
