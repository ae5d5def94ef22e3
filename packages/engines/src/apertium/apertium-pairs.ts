import type { LanguageTag } from '../capabilities/engine-common.ts';

export const APERTIUM_ENGINE_ID = 'apertium:apertium' as const;

/**
 * The Apertium modes Debian ships for English (checked November 2026, Debian 12) and the language
 * tags they translate. Quality is gist level (rule-based: word order and agreement are right,
 * idioms are not); `eng-hbs` is left out because it leaves most words untranslated. There is no pair
 * between English and Chinese, Japanese, German, French or Russian.
 */
export const APERTIUM_MODES: ReadonlyArray<{ mode: string; source: LanguageTag; target: LanguageTag; debianPackage: string }> = [
  { mode: 'eng-spa', source: 'en', target: 'es', debianPackage: 'apertium-eng-spa' },
  { mode: 'spa-eng', source: 'es', target: 'en', debianPackage: 'apertium-eng-spa' },
  { mode: 'eng-cat', source: 'en', target: 'ca', debianPackage: 'apertium-eng-cat' },
  { mode: 'cat-eng', source: 'ca', target: 'en', debianPackage: 'apertium-eng-cat' },
  { mode: 'en-gl', source: 'en', target: 'gl', debianPackage: 'apertium-en-gl' },
  { mode: 'gl-en', source: 'gl', target: 'en', debianPackage: 'apertium-en-gl' },
  { mode: 'en-eo', source: 'en', target: 'eo', debianPackage: 'apertium-eo-en' },
  { mode: 'eo-en', source: 'eo', target: 'en', debianPackage: 'apertium-eo-en' },
  { mode: 'eu-en', source: 'eu', target: 'en', debianPackage: 'apertium-eu-en' },
  { mode: 'hbs-eng', source: 'hbs', target: 'en', debianPackage: 'apertium-hbs-eng' },
  { mode: 'isl-eng', source: 'is', target: 'en', debianPackage: 'apertium-isl-eng' },
  { mode: 'mkd-eng', source: 'mk', target: 'en', debianPackage: 'apertium-mkd-eng' },
];

/** Every language of the known modes (the registry's descriptor lists these). */
export const APERTIUM_LANGUAGES: readonly LanguageTag[] = [...new Set(APERTIUM_MODES.flatMap((mode) => [mode.source, mode.target]))];

/** `en-US` → `en`, `zh-Hans` → `zh`: Apertium's pairs are per language, not per region. */
export const baseLanguage = (tag: LanguageTag): string => tag.toLowerCase().split(/[-_]/)[0] ?? tag;

/** The names `apertium -l` prints, one per line, indented. */
export function parseModeList(output: string): Set<string> {
  return new Set(
    output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}
