/**
 * What an engine is given to say: a text with its owner's pronunciation dictionary applied (the
 * entries of its language). The dictionary itself, its editor's calls and its limit belong to text
 * to speech (`text-to-speech/pronunciation-dictionary.ts`); every tool that speaks with it applies
 * it here.
 */
import { applyPronunciations } from '@voxwork/contract';
import { sameLanguage } from '../voices/preview-sentences.ts';

export interface PronunciationEntry {
  language: string;
  term: string;
  replacement: string;
}

/** A sentence as the engine gets it: the dictionary entries of its language applied. */
export function spokenText(text: string, pronunciations: readonly PronunciationEntry[], language: string): string {
  return applyPronunciations(text, pronunciations.filter((entry) => sameLanguage(entry.language, language)));
}
