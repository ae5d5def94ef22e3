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
 * At the review gate its owner may choose, per line, instead of rule 4 (issue 31.3; no new run):
 *   - `borrow`: the whole pause after it (up to the next line, less `minGapSeconds`) before any speed-up;
 *   - `overlap`: it plays over the next line, which keeps its own time.
 * Speech is never cut: a line that would run past the end of the video starts earlier, in the
 * silence before it; only what cannot fit even so is left past the end (`overrunSeconds` says how much).
 */

export interface FitInput {
  id: string;
  startSeconds: number;
  endSeconds: number;
  /** Length of the synthesised speech at normal speed. */
  naturalSeconds: number;
  /** The owner's choice at the review gate for a line too long for its slot (none: the rules above). */
  choice?: FitChoice | undefined;
}

/** What the owner chose for a line too long for its slot: use the whole pause after it, or let it play over the next line. */
export type FitChoice = 'borrow' | 'overlap';

export type FitStatus = 'fits' | 'borrowed' | 'sped-up' | 'overrun' | 'overlaps';

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
  // Where the last line that pushes its followers ends (a line let overlap pushes nothing), and where any line ends (for the video's end).
  let previousEnd = 0;
  let spokenUntil = 0;
  sorted.forEach((line, index) => {
    const next = sorted[index + 1];
    let start = Math.max(line.startSeconds, index === 0 ? 0 : previousEnd + rules.minGapSeconds);
    const slotEnd = Math.max(start, line.endSeconds);
    const limit = Math.min(durationSeconds, next ? next.startSeconds - rules.minGapSeconds : Infinity);
    const borrow = line.choice === 'borrow' ? Infinity : rules.maxBorrowSeconds;
    const windowEnd = Math.max(start, Math.min(slotEnd + borrow, limit));
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
      status = line.choice === 'overlap' ? 'overlaps' : 'overrun';
    }
    // Never cut at the video's end: it starts earlier instead, in the silence before it (after every line before it).
    if (start + length > durationSeconds) start = Math.max(index === 0 ? 0 : spokenUntil + rules.minGapSeconds, Math.min(start, durationSeconds - length), 0);
    const end = start + length;
    const over = status === 'overrun' || status === 'overlaps' ? Math.max(start + length - windowEnd, end - durationSeconds) : Math.max(0, end - durationSeconds);
    placements.push({ id: line.id, startSeconds: round(start), endSeconds: round(end), speed: round(speed), status, overrunSeconds: round(Math.max(0, over)) });
    if (status !== 'overlaps') previousEnd = end;
    spokenUntil = Math.max(spokenUntil, end);
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
    const borrow = line.choice === 'borrow' ? Infinity : rules.maxBorrowSeconds;
    const windowEnd = Math.min(line.endSeconds + borrow, next ? next.startSeconds - rules.minGapSeconds : Infinity, durationSeconds);
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
