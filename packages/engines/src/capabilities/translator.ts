import type { EngineCallOptions, EngineId, EngineResult, LanguageTag } from './engine-common.ts';

export interface TranslationSegment {
  id: string;
  text: string;
  /** Kept as given so that timed segments stay timed. */
  startSeconds?: number;
  endSeconds?: number;
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
  readonly languagePairs: ReadonlyArray<{ source: LanguageTag; target: LanguageTag }>;
  doTranslate(options: TranslateOptions): Promise<TranslateResult>;
}
