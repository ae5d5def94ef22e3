import type { LocalizedText } from '../error-codes.ts';

/**
 * Names of languages as people read them, in both page languages, for messages the server words
 * (error parameters, notices): `zh` → Chinese / 中文. Tags are read as the engines write them: a
 * base tag is enough (`en-us` → English), Mandarin's `cmn` is Chinese, and Serbo-Croatian, which
 * Apertium and fastText call `hbs` or `sh` and Intl would name "Serbian (Latin)", keeps its name.
 * An unknown tag stays as it is.
 */
const OWN_NAMES: Readonly<Record<string, LocalizedText>> = {
  hbs: { en: 'Serbo-Croatian', zh: '塞尔维亚-克罗地亚语' },
  sh: { en: 'Serbo-Croatian', zh: '塞尔维亚-克罗地亚语' },
};

const formatters: Partial<Record<keyof LocalizedText, Intl.DisplayNames>> = {};
function displayNames(locale: 'en' | 'zh'): Intl.DisplayNames {
  return (formatters[locale] ??= new Intl.DisplayNames([locale === 'zh' ? 'zh-Hans' : 'en'], { type: 'language', fallback: 'code' }));
}

export function localizedLanguageName(tag: string): LocalizedText {
  const lower = tag.toLowerCase();
  const base = lower.split(/[-_]/)[0] ?? lower;
  const own = OWN_NAMES[lower] ?? OWN_NAMES[base];
  if (own) return own;
  const shown = base === 'cmn' ? 'zh' : lower;
  const name = (locale: 'en' | 'zh') => {
    try {
      return displayNames(locale).of(shown) ?? tag;
    } catch {
      return tag;
    }
  };
  return { en: name('en'), zh: name('zh') };
}

/** Several names as one list in each language (`Spanish, Catalan` / `西班牙语、加泰罗尼亚语`); `none` when empty. */
export function localizedLanguageList(tags: readonly string[], none: LocalizedText): LocalizedText {
  if (!tags.length) return none;
  const names = tags.map(localizedLanguageName);
  return { en: names.map((name) => name.en).join(', '), zh: names.map((name) => name.zh).join('、') };
}
