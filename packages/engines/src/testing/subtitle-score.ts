/**
 * How well subtitles were read against the cues that made the video: characters correct
 * (character edit distance over the reference's characters, compatibility forms folded, spaces
 * collapsed) and how far each line's start and end are from the cue's.
 */
import type { DetectedTextBox } from '../capabilities/text-detector.ts';
import { joinRows } from '../ppocr/text-lines.ts';
import { editDistance } from '@voxwork/contract';
import type { SubtitleCue } from './generated-subtitles.ts';

export interface LineScore {
  expected: string;
  read: string | undefined;
  startError: number | undefined;
  endError: number | undefined;
}

export interface SubtitleScore {
  /** 1 − (character errors ÷ reference characters) over all cues; a cue not found counts all its characters. */
  characterAccuracy: number;
  lines: LineScore[];
  /** Lines read that match no cue in time. */
  extraLines: DetectedTextBox[];
  /** Largest and mean absolute start/end error of the cues found (seconds). */
  maxTimingError: number;
  meanTimingError: number;
}

const characters = (text: string) => [...text.normalize('NFKC').replace(/\s+/g, ' ').trim()];

/** The expected reading of a cue: its rows joined as the engine joins them. */
export const cueText = (cue: SubtitleCue) => joinRows(cue.text.split('\n'));

export function scoreSubtitles(cues: readonly SubtitleCue[], boxes: readonly DetectedTextBox[]): SubtitleScore {
  const used = new Set<DetectedTextBox>();
  let errors = 0;
  let total = 0;
  const timing: number[] = [];
  const lines = cues.map((cue) => {
    const overlap = (box: DetectedTextBox) => Math.min(cue.endSeconds, box.endSeconds) - Math.max(cue.startSeconds, box.startSeconds);
    const box = boxes.filter((candidate) => overlap(candidate) > 0).sort((a, b) => overlap(b) - overlap(a))[0];
    const expected = characters(cueText(cue));
    total += expected.length;
    if (!box) {
      errors += expected.length;
      return { expected: expected.join(''), read: undefined, startError: undefined, endError: undefined };
    }
    used.add(box);
    errors += Math.min(expected.length, editDistance(expected, characters(box.text)));
    const startError = box.startSeconds - cue.startSeconds;
    const endError = box.endSeconds - cue.endSeconds;
    timing.push(Math.abs(startError), Math.abs(endError));
    return { expected: expected.join(''), read: box.text, startError, endError };
  });
  return {
    characterAccuracy: total ? 1 - errors / total : 1,
    lines,
    extraLines: boxes.filter((box) => !used.has(box)),
    maxTimingError: Math.max(0, ...timing),
    meanTimingError: timing.length ? timing.reduce((sum, value) => sum + value, 0) / timing.length : 0,
  };
}
