import type { EngineCallOptions, EngineId, EngineResult, LanguageTag } from './engine-common.ts';

export interface IdentifyLanguageOptions extends EngineCallOptions {
  text: string;
  /** How many candidates to return at most (default 3). */
  maxLanguages?: number;
}

export interface IdentifiedLanguage {
  /** Text-level tag: `zh` for written Chinese (not `cmn`: the script does not say how it is spoken), `en`, `ja`, … */
  language: LanguageTag;
  /** 0–1; the candidates' confidences sum to at most 1. */
  confidence: number;
}

export interface IdentifyLanguageResult extends EngineResult {
  /** Most likely first; empty when the text holds no letters at all (digits, punctuation). */
  languages: IdentifiedLanguage[];
}

/** Text → the languages it is written in. */
export interface LanguageIdentifier {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doIdentify(options: IdentifyLanguageOptions): Promise<IdentifyLanguageResult>;
}
