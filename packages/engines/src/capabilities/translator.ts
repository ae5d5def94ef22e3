import type { EngineCallOptions, EngineId, EngineResult, LanguageTag } from './engine-common.ts';

export interface TranslationSegment {
  id: string;
  text: string;
  /** Kept as given so that timed segments stay timed. */
  startSeconds?: number;
  endSeconds?: number;
  /** Who says it (a speaker label): context for engines that can use it, warned about otherwise. */
  speaker?: string;
  /**
   * Length budget: the translation should have at most this many characters (so that its speech
   * fits the segment's time). Engines that cannot aim for a length warn and translate as usual.
   */
  maxCharacters?: number;
}

export interface GlossaryEntry {
  source: string;
  target: string;
}

export interface TranslateOptions extends EngineCallOptions {
  segments: TranslationSegment[];
  sourceLanguage: LanguageTag;
  targetLanguage: LanguageTag;
  glossary?: GlossaryEntry[];
  /** Context for the whole text (title, domain); engines that cannot use it warn. */
  context?: string;
}

export interface TranslatedSegment extends TranslationSegment {
  /** Words the engine did not know (apertium marks them `*`). */
  unknownWords: string[];
}

export interface TranslateResult extends EngineResult {
  segments: TranslatedSegment[];
}

/** Segments → segments in another language, honouring a glossary. */
export interface Translator {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  /** The pairs it translates, by base language (`en` → `es`); `*` for any (a chat model). */
  readonly languagePairs: ReadonlyArray<{ source: LanguageTag; target: LanguageTag }>;
  doTranslate(options: TranslateOptions): Promise<TranslateResult>;
}

const base = (tag: LanguageTag) => tag.toLowerCase().split(/[-_]/)[0] ?? tag;

/** Whether `translator` declares `source` → `target` (compared by base language; `*` matches any). */
export function translatesPair(languagePairs: Translator['languagePairs'], source: LanguageTag, target: LanguageTag): boolean {
  return languagePairs.some((pair) => (pair.source === '*' || pair.source === base(source)) && (pair.target === '*' || pair.target === base(target)));
}
