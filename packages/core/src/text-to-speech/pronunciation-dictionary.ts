/**
 * A user's pronunciation dictionary: terms spoken as written replacements (spelling or phonemes),
 * per language. Part of text to speech: the editor manages it, and a job snapshots it at acceptance
 * so a later edit never changes an accepted job. Applying it to a text (`spokenText`) is shared:
 * `pipeline-stages/spoken-text.ts`.
 */
import { ErrorCode } from '@voxwork/contract';
import type { SpeechRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { PronunciationEntry } from '../pipeline-stages/spoken-text.ts';

export const PRONUNCIATION_LIMIT = 500;

export function createPronunciationDictionary({ speech }: { speech: SpeechRepository }) {
  return {
    async list(ownerId: string, language?: string) {
      const rows = await speech.pronunciations(ownerId, language);
      return { list: rows.map(({ id, language, term, replacement, kind }) => ({ id, language, term, replacement, kind })), limit: PRONUNCIATION_LIMIT };
    },

    async save(ownerId: string, entry: { language: string; term: string; replacement: string; kind: 'spelling' | 'phonemes' }) {
      const existing = await speech.pronunciations(ownerId, entry.language);
      if (!existing.some((row) => row.term === entry.term) && (await speech.countPronunciations(ownerId)) >= PRONUNCIATION_LIMIT) {
        throw new DomainError(ErrorCode.PRONUNCIATION_LIMIT, { limit: PRONUNCIATION_LIMIT });
      }
      const row = await speech.savePronunciation({ ownerId, ...entry });
      return { id: row.id, language: row.language, term: row.term, replacement: row.replacement, kind: row.kind };
    },

    async delete(ownerId: string, id: string): Promise<void> {
      if (!(await speech.deletePronunciation(ownerId, id))) throw new DomainError(ErrorCode.NOT_FOUND);
    },

    /** Every entry of the user (all languages), as jobs and previews apply them. */
    async entries(ownerId: string): Promise<PronunciationEntry[]> {
      return (await speech.pronunciations(ownerId)).map((entry) => ({ language: entry.language, term: entry.term, replacement: entry.replacement }));
    },
  };
}

export type PronunciationDictionary = ReturnType<typeof createPronunciationDictionary>;
