/**
 * The rules an edit batch must keep, given to the dubbing repository (`createDubbingRepository(db,
 * { rules: dubbingEditRules })`), which applies them inside the batch's transaction: the project
 * must be the editor's and ready; the state the batch leaves must have good segment times, known
 * characters, target languages only, one language in the studio, and no more segments than
 * allowed. Each refusal is a catalogue error; nothing of the batch is written.
 */
import { ErrorCode, type LocalizedText } from '@voxwork/contract';
import { MAX_DUBBING_SEGMENTS, segmentTimesProblem } from '@voxwork/contract/dubbing';
import type { DubbingEditRules } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';

/** Why a segment's times are refused, in both languages (error 7601's `reason`). */
export const SEGMENT_TIMES_REASONS: Record<NonNullable<ReturnType<typeof segmentTimesProblem>>, LocalizedText> = {
  order: { en: 'it must end after it starts', zh: '结束时间必须晚于开始时间' },
  'too-short': { en: 'it must last at least 0.1 seconds', zh: '时长至少为 0.1 秒' },
  'too-long': { en: 'it may last at most 60 seconds', zh: '时长最多为 60 秒' },
  outside: { en: 'it must lie within the media', zh: '必须位于媒体时长之内' },
};

export const dubbingEditRules: DubbingEditRules = {
  editable(project, ownerId) {
    if (!project || project.ownerId !== ownerId) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    if (project.status !== 'ready') throw new DomainError(ErrorCode.DUBBING_NOT_READY);
  },

  unknownSegment(segmentId) {
    return new DomainError(ErrorCode.DUBBING_UNKNOWN_SEGMENT, { segment: segmentId });
  },

  check({ before, after, segments, translated, segmentCount, untouchedCharacters }) {
    if (before.edition === 'studio' && after.targetLanguages.length !== 1) throw new DomainError(ErrorCode.DUBBING_STUDIO_ONE_LANGUAGE);
    const languages = new Set(after.targetLanguages);
    for (const { language } of translated) if (!languages.has(language)) throw new DomainError(ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT, { language });
    const characters = new Set(after.characters.map((character) => character.id));
    for (const segment of segments) {
      const problem = segmentTimesProblem(segment.startMs, segment.endMs, after.durationMs);
      if (problem) throw new DomainError(ErrorCode.DUBBING_SEGMENT_TIMES, { segment: segment.id, reason: SEGMENT_TIMES_REASONS[problem] });
      if (!characters.has(segment.characterId)) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_CHARACTER, { segment: segment.id });
    }
    // A character removed while segments the batch leaves alone still name it.
    const orphaned = untouchedCharacters.find((entry) => !characters.has(entry.characterId));
    if (orphaned) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_CHARACTER, { segment: orphaned.segmentId });
    if (segmentCount > MAX_DUBBING_SEGMENTS) throw new DomainError(ErrorCode.DUBBING_TOO_MANY_SEGMENTS, { max: MAX_DUBBING_SEGMENTS });
  },
};
