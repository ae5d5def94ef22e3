/**
 * Speakers of a video's lines: each timed line gets the speaker whose speech overlaps it most and
 * its own speech region (where the voice really is inside the line's slot), and the review gate's
 * corrections — merge one speaker into another, move a line to another (or a new) speaker — are
 * pure functions over that assignment. Summaries are always recomputed from the lines, so every
 * edit keeps them true. Lines heard by speech recognition are first cut where the speaker changes
 * (`splitLinesAtSpeakerChanges`). The segments come from `VideoEngines.findSpeakers`.
 */
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { SpeakerSegment, SpeakerSummary, TimedLine } from '../engines/video-engines.port.ts';

export interface LineSpeaker {
  lineId: string;
  /** Null when no speech overlaps the line or lies near it. */
  speakerId: string | null;
  /** The speech inside the line's slot (its segments, clipped to halfway to the neighbouring lines); null without speech. */
  speechStartSeconds: number | null;
  speechEndSeconds: number | null;
  /** Seconds of speech attributed to the line. */
  speechSeconds: number;
  /** Median pitch of its segments weighted by their overlap, Hz. */
  medianPitchHz: number | null;
}

export interface SpeakerAssignment {
  lines: LineSpeaker[];
  /** In order of first appearance among the lines. */
  speakers: SpeakerSummary[];
}

/**
 * Medians at or above this are suggested as female: the geometric middle of typical adult men
 * (~115 Hz) and women (~210 Hz). At 165 Hz a light female voice (flite's slt, 164.9 Hz once the
 * music bed is taken out of the pitch) was called a man's.
 */
const FEMALE_MEDIAN_PITCH_HZ = 155;
/** A line with no overlapping speech takes the nearest segment this close (subtitles shown a little before or after the voice). */
const NEAREST_SEGMENT_SECONDS = 0.5;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const overlapOf = (a: { startSeconds: number; endSeconds: number }, b: { startSeconds: number; endSeconds: number }) => Math.max(0, Math.min(a.endSeconds, b.endSeconds) - Math.max(a.startSeconds, b.startSeconds));

/** The median of values weighted by seconds. */
function weightedMedian(entries: ReadonlyArray<{ value: number; weight: number }>): number | null {
  const sorted = entries.filter((entry) => entry.weight > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0);
  if (!total) return null;
  let cumulative = 0;
  for (const entry of sorted) {
    cumulative += entry.weight;
    if (cumulative >= total / 2) return entry.value;
  }
  return sorted.at(-1)!.value;
}

/** Speaker summaries from the lines (order of first appearance; speakers with no line are gone). */
export function summarizeSpeakers(lines: readonly LineSpeaker[]): SpeakerSummary[] {
  const order: string[] = [];
  for (const line of lines) if (line.speakerId && !order.includes(line.speakerId)) order.push(line.speakerId);
  return order.map((speakerId) => {
    const own = lines.filter((line) => line.speakerId === speakerId);
    const median = weightedMedian(own.flatMap((line) => (line.medianPitchHz === null ? [] : [{ value: line.medianPitchHz, weight: line.speechSeconds }])));
    return {
      speakerId,
      medianPitchHz: median === null ? null : Math.round(median * 10) / 10,
      suggestedGender: median === null ? null : median >= FEMALE_MEDIAN_PITCH_HZ ? 'female' : 'male',
      totalSeconds: round(own.reduce((sum, line) => sum + line.speechSeconds, 0)),
    };
  });
}

/**
 * Each line (in time order) gets the speaker with the most speech inside it (ties: the earlier
 * segment), its speech region clipped to halfway to its neighbours, and the seconds and pitch
 * that region holds. A line nothing overlaps takes the nearest segment within 0.5 s, or none.
 */
export function assignSpeakersToLines(lines: ReadonlyArray<{ id: string; startSeconds: number; endSeconds: number }>, segments: readonly SpeakerSegment[]): SpeakerAssignment {
  const sorted = [...lines].sort((a, b) => a.startSeconds - b.startSeconds);
  const assigned = sorted.map((line, index): LineSpeaker => {
    // The line's reach: its slot widened to halfway to the neighbouring lines (speech often starts before a subtitle shows).
    const previous = sorted[index - 1];
    const next = sorted[index + 1];
    const reach = {
      startSeconds: previous ? Math.min(line.startSeconds, (previous.endSeconds + line.startSeconds) / 2) : Math.max(0, line.startSeconds - NEAREST_SEGMENT_SECONDS),
      endSeconds: next ? Math.max(line.endSeconds, (line.endSeconds + next.startSeconds) / 2) : line.endSeconds + NEAREST_SEGMENT_SECONDS,
    };
    let inside = segments.filter((segment) => overlapOf(segment, line) > 0);
    if (!inside.length) {
      const nearest = segments
        .map((segment) => ({ segment, gap: Math.max(segment.startSeconds - line.endSeconds, line.startSeconds - segment.endSeconds) }))
        .filter((candidate) => candidate.gap <= NEAREST_SEGMENT_SECONDS)
        .sort((a, b) => a.gap - b.gap)[0];
      inside = nearest ? [nearest.segment] : [];
    }
    if (!inside.length) return { lineId: line.id, speakerId: null, speechStartSeconds: null, speechEndSeconds: null, speechSeconds: 0, medianPitchHz: null };
    const bySpeaker = new Map<string, number>();
    for (const segment of inside) bySpeaker.set(segment.speakerId, (bySpeaker.get(segment.speakerId) ?? 0) + Math.max(overlapOf(segment, line), 1e-6));
    const speakerId = [...bySpeaker.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
    const clipped = inside.map((segment) => ({ segment, start: Math.max(segment.startSeconds, reach.startSeconds), end: Math.min(segment.endSeconds, reach.endSeconds) })).filter((part) => part.end > part.start);
    const start = clipped.length ? Math.min(...clipped.map((part) => part.start)) : null;
    const end = clipped.length ? Math.max(...clipped.map((part) => part.end)) : null;
    const own = clipped.filter((part) => part.segment.speakerId === speakerId);
    return {
      lineId: line.id,
      speakerId,
      speechStartSeconds: start === null ? null : round(start),
      speechEndSeconds: end === null ? null : round(end),
      // Seconds and pitch of the line's own speaker only (another voice inside the same subtitle is not theirs).
      speechSeconds: round(own.reduce((sum, part) => sum + part.end - part.start, 0)),
      medianPitchHz: weightedMedian(own.flatMap((part) => (part.segment.medianPitchHz === null ? [] : [{ value: part.segment.medianPitchHz, weight: part.end - part.start }]))),
    };
  });
  return { lines: assigned, speakers: summarizeSpeakers(assigned) };
}

const unknownSpeaker = (field: string) => new DomainError(ErrorCode.INVALID_PARAMETER, { field, reason: 'invalid_value' });

/** Every line of speaker `from` now belongs to `into` (`from` disappears). */
export function mergeSpeakers(assignment: SpeakerAssignment, request: { from: string; into: string }): SpeakerAssignment {
  const known = new Set(assignment.speakers.map((speaker) => speaker.speakerId));
  if (!known.has(request.from)) throw unknownSpeaker('from');
  if (!known.has(request.into)) throw unknownSpeaker('into');
  if (request.from === request.into) return assignment;
  const lines = assignment.lines.map((line) => (line.speakerId === request.from ? { ...line, speakerId: request.into } : line));
  return { lines, speakers: summarizeSpeakers(lines) };
}

/** The next free speaker id (`s<n>`), for a line split off into a speaker of its own. */
export function newSpeakerId(assignment: SpeakerAssignment): string {
  const used = new Set([...assignment.speakers.map((speaker) => speaker.speakerId), ...assignment.lines.flatMap((line) => (line.speakerId ? [line.speakerId] : []))]);
  let index = used.size + 1;
  while (used.has(`s${index}`)) index++;
  return `s${index}`;
}

/**
 * Moves one line to another speaker: an existing one, or — `speakerId` left out — a new speaker of
 * its own (splitting it off). A speaker left with no line disappears.
 */
export function moveLineToSpeaker(assignment: SpeakerAssignment, request: { lineId: string; speakerId?: string | undefined }): SpeakerAssignment {
  if (!assignment.lines.some((line) => line.lineId === request.lineId)) throw unknownSpeaker('lineId');
  if (request.speakerId !== undefined && !assignment.speakers.some((speaker) => speaker.speakerId === request.speakerId)) throw unknownSpeaker('speakerId');
  const target = request.speakerId ?? newSpeakerId(assignment);
  const lines = assignment.lines.map((line) => (line.lineId === request.lineId ? { ...line, speakerId: target } : line));
  return { lines, speakers: summarizeSpeakers(lines) };
}

/** A run of one speaker's speech inside a line. */
interface SpeakerRun {
  speakerId: string;
  startSeconds: number;
  endSeconds: number;
  seconds: number;
}

/** Text without spaces between words (Chinese, Japanese): cut between characters. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Lines heard by speech recognition may hold two voices (a recogniser cuts at pauses, not at
 * speakers): each line whose speech has several speakers, each with at least `minSeconds` (default
 * 0.6 s) in it, is cut where the speaker changes (halfway through the pause between them). Its
 * text is cut at the words' times when the recogniser gave them, otherwise in proportion to each
 * part's speech (words, or characters for Chinese and Japanese). Other lines are returned as they
 * are. Subtitle lines (OCR, files) are one speaker's each and need not pass here.
 */
export function splitLinesAtSpeakerChanges(
  lines: ReadonlyArray<TimedLine & { words?: ReadonlyArray<{ text: string; startSeconds: number; endSeconds: number }> | undefined }>,
  segments: readonly SpeakerSegment[],
  options: { minSeconds?: number } = {},
): TimedLine[] {
  const minSeconds = options.minSeconds ?? 0.6;
  return lines.flatMap((line): TimedLine[] => {
    const runs: SpeakerRun[] = [];
    for (const segment of [...segments].sort((a, b) => a.startSeconds - b.startSeconds)) {
      const startSeconds = Math.max(segment.startSeconds, line.startSeconds);
      const endSeconds = Math.min(segment.endSeconds, line.endSeconds);
      if (endSeconds <= startSeconds) continue;
      const last = runs.at(-1);
      if (last?.speakerId === segment.speakerId) {
        last.endSeconds = endSeconds;
        last.seconds += endSeconds - startSeconds;
      } else runs.push({ speakerId: segment.speakerId, startSeconds, endSeconds, seconds: endSeconds - startSeconds });
    }
    // Short interjections stay inside the line around them; runs of one speaker that meet again join.
    const kept: SpeakerRun[] = [];
    for (const run of runs.filter((candidate) => candidate.seconds >= minSeconds)) {
      const last = kept.at(-1);
      if (last?.speakerId === run.speakerId) {
        last.endSeconds = run.endSeconds;
        last.seconds += run.seconds;
      } else kept.push({ ...run });
    }
    if (kept.length < 2) return [{ ...line }];
    const cuts = kept.slice(1).map((run, index) => (kept[index]!.endSeconds + run.startSeconds) / 2);
    const bounds = kept.map((_, index) => ({ startSeconds: index === 0 ? line.startSeconds : cuts[index - 1]!, endSeconds: index === kept.length - 1 ? line.endSeconds : cuts[index]! }));
    let texts: string[];
    if (line.words?.length) {
      texts = bounds.map((bound, index) =>
        line
          .words!.filter((word) => {
            const middle = (word.startSeconds + word.endSeconds) / 2;
            return (index === 0 || middle >= bound.startSeconds) && (index === bounds.length - 1 || middle < bound.endSeconds);
          })
          .map((word) => word.text)
          .join(' '),
      );
    } else {
      const unspaced = UNSPACED.test(line.text) && !/\s/.test(line.text.trim());
      const tokens = unspaced ? [...line.text.trim()] : line.text.trim().split(/\s+/);
      const total = kept.reduce((sum, run) => sum + run.seconds, 0);
      texts = [];
      let used = 0;
      kept.forEach((run, index) => {
        const left = kept.length - index - 1;
        const share = index === kept.length - 1 ? tokens.length - used : Math.max(1, Math.min(tokens.length - used - left, Math.round((run.seconds / total) * tokens.length)));
        texts.push(tokens.slice(used, used + share).join(unspaced ? '' : ' '));
        used += share;
      });
    }
    // A part left without words gives its time to the part before it.
    const pieces: TimedLine[] = [];
    bounds.forEach((bound, index) => {
      const text = texts[index]!.trim();
      const previous = pieces.at(-1);
      if (!text && previous) previous.endSeconds = bound.endSeconds;
      else if (text) pieces.push({ startSeconds: previous ? bound.startSeconds : line.startSeconds, endSeconds: bound.endSeconds, text });
    });
    const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
    return pieces.length ? pieces.map((piece) => ({ ...piece, startSeconds: round(piece.startSeconds), endSeconds: round(piece.endSeconds) })) : [{ ...line }];
  });
}
