/**
 * Captions from word timings: words grouped into short cues that fit the picture (at most
 * `maxLines` lines of `maxWidthEm`, wrapped CJK-aware by `wrapSubtitle`), a cue ending at a
 * sentence's end, a pause or after `maxSeconds`. Each cue is shown from its first word's start to
 * its last word's end — no earlier, no later (decision 035).
 */
import { textWidthEm, wrapSubtitle } from '@voxwork/contract/subtitles';
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';

export interface CaptionCue {
  /** The cue's text, lines separated by `\n`. */
  text: string;
  startSeconds: number;
  endSeconds: number;
  /** How many words it holds. */
  wordCount: number;
}

export interface CaptionGrouping {
  /** Width of a line in em (font sizes). */
  maxWidthEm: number;
  maxLines?: number;
  /** A cue closes once it lasts this long (default 3.5 s). */
  maxSeconds?: number;
  /** A silence this long between words closes a cue (default 0.5 s). */
  pauseSeconds?: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const SENTENCE_END = /[.!?。！？]["'”’)）]*$/u;
const CLAUSE_END = /[,;:，；：、]$/u;

/** Words joined as written: a space between words, none between CJK characters or before closing punctuation. */
export function joinWords(words: readonly string[]): string {
  let text = '';
  for (const raw of words) {
    const word = raw.trim();
    if (!word) continue;
    const last = text.at(-1);
    const noSpace = !text || (last !== undefined && CJK.test(last) && CJK.test(word[0]!)) || /^[，。、！？；：,.!?;:)）」』】》%]/u.test(word) || (CJK.test(word[0]!) && last !== undefined && /[，。、！？；：]/u.test(last));
    text += noSpace ? word : ` ${word}`;
  }
  return text;
}

const NO_LINE_START = /^[，。、！？；：,.!?;:)）」』】》%]/u;

/**
 * The words in at most `maxLines` lines of `maxWidthEm`: one line when it fits, else two broken
 * between words (never before punctuation) as evenly as they go; when no break between words fits
 * (a long unspaced run), `wrapSubtitle` breaks it CJK-aware.
 */
export function wrapWords(words: readonly string[], maxWidthEm: number, maxLines = 2): string {
  const text = joinWords(words);
  if (textWidthEm(text) <= maxWidthEm || maxLines < 2) return maxLines < 2 ? text : wrapSubtitle(text, maxWidthEm, 1);
  let best: { lines: [string, string]; widest: number } | undefined;
  for (let split = 1; split < words.length; split++) {
    if (NO_LINE_START.test(words[split]!.trim())) continue;
    const lines: [string, string] = [joinWords(words.slice(0, split)), joinWords(words.slice(split))];
    const widest = Math.max(textWidthEm(lines[0]), textWidthEm(lines[1]));
    if (widest <= maxWidthEm && (!best || widest < best.widest)) best = { lines, widest };
  }
  return best ? best.lines.join('\n') : wrapSubtitle(text, maxWidthEm, maxLines);
}

/** The cues for `words` (times as given; add the scene's offset after). */
export function captionSchedule(words: readonly WordTiming[], grouping: CaptionGrouping): CaptionCue[] {
  const maxLines = grouping.maxLines ?? 2;
  const maxSeconds = grouping.maxSeconds ?? 3.5;
  const pauseSeconds = grouping.pauseSeconds ?? 0.5;
  // Leave some room: balanced wrapping fills lines unevenly.
  const capacityEm = grouping.maxWidthEm * maxLines * 0.85;
  const cues: CaptionCue[] = [];
  let group: WordTiming[] = [];
  const close = () => {
    if (group.length === 0) return;
    const text = wrapWords(group.map((word) => word.text), grouping.maxWidthEm, maxLines);
    if (text) cues.push({ text, startSeconds: group[0]!.startSeconds, endSeconds: Math.max(group[0]!.startSeconds, group.at(-1)!.endSeconds), wordCount: group.length });
    group = [];
  };
  const spoken = words.filter((word) => word.text.trim()).toSorted((a, b) => a.startSeconds - b.startSeconds);
  for (const word of spoken) {
    if (group.length > 0) {
      const previous = group.at(-1)!;
      const width = textWidthEm(joinWords([...group.map((entry) => entry.text), word.text]));
      const lasting = word.endSeconds - group[0]!.startSeconds;
      // A sentence's last word stays with its sentence when it still fits (no one-word orphan cue).
      const endsSentence = SENTENCE_END.test(word.text.trim()) && width <= grouping.maxWidthEm * maxLines * 0.95 && lasting <= maxSeconds + 1.5;
      const full = (width > capacityEm || lasting > maxSeconds) && !endsSentence;
      const paused = word.startSeconds - previous.endSeconds >= pauseSeconds;
      const clause = CLAUSE_END.test(previous.text.trim()) && textWidthEm(joinWords(group.map((entry) => entry.text))) >= capacityEm * 0.5;
      if (full || paused || clause || SENTENCE_END.test(previous.text.trim())) close();
    }
    group.push(word);
  }
  close();
  return cues;
}

const stamp = (seconds: number) => {
  const milliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const secs = Math.floor(milliseconds / 1000) % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}.${String(milliseconds % 1000).padStart(3, '0')}`;
};

/** The cues as a WebVTT file. */
export function captionsToVtt(cues: readonly CaptionCue[]): string {
  return `WEBVTT\n\n${cues.map((cue, index) => `${index + 1}\n${stamp(cue.startSeconds)} --> ${stamp(cue.endSeconds)}\n${cue.text}\n`).join('\n')}`;
}
