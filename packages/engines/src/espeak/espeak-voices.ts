import type { SynthesisVoice } from '../capabilities/speech-synthesizer.ts';

export const ESPEAK_ENGINE_ID = 'espeak:espeak-ng';

export interface EspeakVoiceEntry {
  /** What `-v` takes: the language code, or the file's name where two voices share a code (yue). */
  id: string;
  language: string;
  name: string;
  gender: 'female' | 'male' | undefined;
  file: string;
  otherLanguages: string[];
}

const genderOf = (column: string): EspeakVoiceEntry['gender'] => (column.endsWith('/F') ? 'female' : column.endsWith('/M') ? 'male' : undefined);

/**
 * Parses `espeak-ng --voices` (or `--voices=variant`):
 * `Pty Language Age/Gender VoiceName File Other Languages`, e.g.
 * ` 5  cmn  --/M  Chinese_(Mandarin,_latin_as_English)  sit/cmn  (zh-cmn 5)(zh 5)`.
 */
export function parseEspeakVoiceList(stdout: string): EspeakVoiceEntry[] {
  const rows = stdout
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 5);
  const entries = rows.map(([, language = '', ageGender = '', name = '', file = '', ...others]) => ({
    id: language,
    language,
    name: name.replace(/_/g, ' '),
    gender: genderOf(ageGender),
    file,
    otherLanguages: [...others.join(' ').matchAll(/\(([^ )]+) \d+\)/g)].map((match) => match[1]!.toLowerCase()),
  }));
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.language, (counts.get(entry.language) ?? 0) + 1);
  for (const entry of entries) {
    const base = entry.file.split('/').pop()!.toLowerCase();
    if ((counts.get(entry.language) ?? 0) > 1 && base !== entry.language) entry.id = base;
  }
  return entries;
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
 * The languages of Debian's espeak-ng 1.51 (`espeak-ng --voices`), declared without running it so
 * that the registry can list them; the conformance test checks each one against the real list.
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
