import type { EngineCallOptions, EngineId, EngineResult, LanguageTag, TimeSpan } from './engine-common.ts';

export interface RecognizedWord extends TimeSpan {
  text: string;
  confidence: number | undefined;
}

export interface RecognizedSegment extends TimeSpan {
  text: string;
  words: RecognizedWord[];
  speaker: string | undefined;
}

export interface RecognizeOptions extends EngineCallOptions {
  audioFile: string;
  /** Expected language; undefined asks the engine to detect it (warning when it cannot). */
  language?: LanguageTag;
  /** Words or phrases to favour (names, terms). */
  vocabulary?: string[];
}

export interface RecognizeResult extends EngineResult {
  language: LanguageTag;
  segments: RecognizedSegment[];
  durationSeconds: number;
}

/** Audio → timed segments and words. */
export interface SpeechRecognizer {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doRecognize(options: RecognizeOptions): Promise<RecognizeResult>;
}
