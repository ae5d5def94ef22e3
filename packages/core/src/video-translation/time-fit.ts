/**
 * Time fitting: where each dubbed line goes and how fast it is spoken, so that the dub stays in
 * step with the picture. The rules, in order (the users' first complaint about dubbing tools is
 * speech that overruns its slot):
 *   1. a line that fits its source slot is spoken as synthesised, from the slot's start;
 *   2. one that does not may borrow the silence after its slot, up to `maxBorrowSeconds` and never
 *      closer than `minGapSeconds` to the next line;
 *   3. what is still too long is sped up, at most `maxSpeed` (1.3× stays natural);
 *   4. what even then overruns is flagged `overrun` (the review table shows it; a remote translator
 *      is asked for a shorter line first) and pushes the next line back only as far as it must.
 */

export interface FitInput {
  id: string;
  startSeconds: number;
  endSeconds: number;
  /** Length of the synthesised speech at normal speed. */
  naturalSeconds: number;
}

export type FitStatus = 'fits' | 'borrowed' | 'sped-up' | 'overrun';

export interface FitPlacement {
  id: string;
  /** Where the dubbed line starts and ends in the video. */
  startSeconds: number;
  endSeconds: number;
  /** Playback speed applied (1 = as synthesised). */
  speed: number;
  status: FitStatus;
  /** Seconds past the end of the slot plus the silence it may borrow (0 unless `overrun`). */
  overrunSeconds: number;
}

export interface FitRules {
  maxSpeed: number;
  maxBorrowSeconds: number;
  minGapSeconds: number;
}

export const DEFAULT_FIT_RULES: FitRules = { maxSpeed: 1.3, maxBorrowSeconds: 0.15, minGapSeconds: 0.05 };

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Places every line (sorted by start); `durationSeconds` is the video's end, which nothing passes. */
export function planTimeFit(lines: readonly FitInput[], durationSeconds: number, rules: FitRules = DEFAULT_FIT_RULES): FitPlacement[] {
  const sorted = [...lines].sort((a, b) => a.startSeconds - b.startSeconds);
  const placements: FitPlacement[] = [];
  let previousEnd = 0;
  sorted.forEach((line, index) => {
    const next = sorted[index + 1];
    const start = Math.max(line.startSeconds, index === 0 ? 0 : previousEnd + rules.minGapSeconds);
    const slotEnd = Math.max(start, line.endSeconds);
    const limit = Math.min(durationSeconds, next ? next.startSeconds - rules.minGapSeconds : Infinity);
    const windowEnd = Math.max(start, Math.min(slotEnd + rules.maxBorrowSeconds, limit));
    const available = windowEnd - start;
    const natural = Math.max(0, line.naturalSeconds);
    let speed = 1;
    let status: FitStatus;
    let length = natural;
    if (start + natural <= slotEnd + 1e-9) status = 'fits';
    // Within half a millisecond a second of the window it borrows: a speed-up of ×1.000 is none.
    else if (natural <= available * 1.0005 + 1e-9) status = 'borrowed';
    else if (available > 0 && natural / available <= rules.maxSpeed) {
      speed = natural / available;
      length = available;
      status = 'sped-up';
    } else {
      speed = rules.maxSpeed;
      length = natural / rules.maxSpeed;
      status = 'overrun';
    }
    const end = Math.min(start + length, durationSeconds);
    placements.push({ id: line.id, startSeconds: round(start), endSeconds: round(end), speed: round(speed), status, overrunSeconds: status === 'overrun' ? round(start + length - windowEnd) : 0 });
    previousEnd = end;
  });
  return placements;
}

/**
 * Lines too long for their own slot even at the highest speed (the silence after it borrowed),
 * regardless of neighbours pushed back by them: these are the ones worth shortening. Returns, for
 * each, the share of its speech that fits (0–1).
 */
export function linesTooLong(lines: readonly FitInput[], durationSeconds: number, rules: FitRules = DEFAULT_FIT_RULES): Map<string, number> {
  const sorted = [...lines].sort((a, b) => a.startSeconds - b.startSeconds);
  const result = new Map<string, number>();
  sorted.forEach((line, index) => {
    const next = sorted[index + 1];
    const windowEnd = Math.min(line.endSeconds + rules.maxBorrowSeconds, next ? next.startSeconds - rules.minGapSeconds : Infinity, durationSeconds);
    const available = Math.max(0, windowEnd - line.startSeconds) * rules.maxSpeed;
    if (line.naturalSeconds > available + 1e-9) result.set(line.id, available / line.naturalSeconds);
  });
  return result;
}

/** Characters a line may have so that its speech fits `seconds` (per-language speaking rates, with the speed-up allowed). */
export function characterBudget(seconds: number, language: string, rules: FitRules = DEFAULT_FIT_RULES): number {
  // Characters per second of natural speech: CJK scripts carry a syllable per character.
  const base = language.toLowerCase().split('-')[0] ?? language;
  const rate = ['zh', 'ja', 'yue', 'cmn'].includes(base) ? 4.5 : base === 'ko' ? 6 : 14;
  return Math.max(4, Math.floor((seconds + rules.maxBorrowSeconds) * rate * rules.maxSpeed));
}
