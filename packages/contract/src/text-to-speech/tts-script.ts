/**
 * A text-to-speech script as the editor and the server both read it: sentences to speak, pauses
 * (`[pause 1.5s]`, SSML `<break time="500ms"/>`), and in dialogue mode lines prefixed `Name:` that
 * take the voice assigned to that name. Pure: the browser counts characters and estimates points
 * with exactly the rules the server charges by.
 */

export interface SpeechPart {
  kind: 'speech';
  text: string;
  /** Dialogue speaker name (dialogue mode only), as written before the colon. */
  speaker: string | undefined;
  /** Offsets of `text` in the original script (UTF-16). */
  charStart: number;
  charEnd: number;
}

export interface PausePart {
  kind: 'pause';
  seconds: number;
}

export type ScriptPart = SpeechPart | PausePart;

export interface ParsedScript {
  parts: ScriptPart[];
  /** Characters that will be spoken (code points, markup and speaker prefixes excluded): what is billed. */
  billableCharacters: number;
  /** Speaker names in order of first appearance (dialogue mode). */
  speakers: string[];
  /** Total of the pauses, seconds. */
  pauseSeconds: number;
}

export interface ParseOptions {
  dialogue?: boolean;
  /** Longest sentence sent to an engine in one piece; longer ones are split at commas, then spaces. */
  maxPartCharacters?: number;
}

export const MAX_PAUSE_SECONDS = 10;
const DEFAULT_PAUSE_SECONDS = 0.5;
const STRENGTH_SECONDS: Record<string, number> = { none: 0, 'x-weak': 0.1, weak: 0.25, medium: 0.5, strong: 0.8, 'x-strong': 1.2 };

/** `[pause]`, `[pause 2s]`, `[pause 1.5 s]`, `[pause 300ms]`, and `<break …/>`. */
const MARKUP = /\[pause(?:\s+(\d+(?:\.\d+)?)\s*(ms|s)?)?\]|<break\b([^>]*?)\/?>(?:\s*<\/break>)?/gi;
const SPEAKER_LINE = /^[ \t]*([\p{L}\p{N}][\p{L}\p{N} _.'-]{0,31})[ \t]*[:：][ \t]*/u;
/** Sentence ends: . ! ? … and their full-width forms; CJK ends need no following space. */
const SENTENCE_END = /([.!?…]+["'”’)\]]*)(\s+)|([。！？；]+["'”’）」』]*)\s*|(\n+)/gu;

function pauseSeconds(amount: string | undefined, unit: string | undefined, attributes: string | undefined): number {
  if (attributes !== undefined) {
    const time = /time\s*=\s*["']?\s*(\d+(?:\.\d+)?)\s*(ms|s)\s*["']?/i.exec(attributes);
    if (time) return clampPause(Number(time[1]) / (time[2]!.toLowerCase() === 'ms' ? 1000 : 1));
    const strength = /strength\s*=\s*["']?([\w-]+)/i.exec(attributes);
    return clampPause(STRENGTH_SECONDS[strength?.[1]?.toLowerCase() ?? 'medium'] ?? DEFAULT_PAUSE_SECONDS);
  }
  if (amount === undefined) return DEFAULT_PAUSE_SECONDS;
  return clampPause(Number(amount) / (unit?.toLowerCase() === 'ms' ? 1000 : 1));
}

function clampPause(seconds: number): number {
  return Math.min(MAX_PAUSE_SECONDS, Math.max(0, Math.round(seconds * 1000) / 1000));
}

const codePoints = (text: string) => [...text].length;

/** Splits a run of plain text into sentences, keeping offsets. */
function sentences(text: string, offset: number): Array<{ text: string; start: number }> {
  const result: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + (match[1]?.length ?? match[3]?.length ?? 0);
    if (match[4] !== undefined) {
      result.push({ text: text.slice(start, match.index), start: offset + start });
    } else {
      result.push({ text: text.slice(start, end), start: offset + start });
    }
    start = match.index + match[0].length;
  }
  result.push({ text: text.slice(start), start: offset + start });
  return result
    .map((sentence) => {
      const leading = sentence.text.length - sentence.text.trimStart().length;
      return { text: sentence.text.trim(), start: sentence.start + leading };
    })
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence.text));
}

/** Splits an over-long sentence at clause marks, then at spaces, then hard. */
function splitLong(sentence: { text: string; start: number }, max: number): Array<{ text: string; start: number }> {
  if (sentence.text.length <= max) return [sentence];
  const pieces: Array<{ text: string; start: number }> = [];
  let rest = sentence.text;
  let start = sentence.start;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('，'), window.lastIndexOf('、'), window.lastIndexOf('; '), window.lastIndexOf(': '));
    if (cut < max / 3) cut = window.lastIndexOf(' ');
    if (cut < max / 3) cut = max - 1;
    const piece = rest.slice(0, cut + 1);
    pieces.push({ text: piece.trim(), start });
    const consumed = piece.length + (rest.slice(cut + 1).length - rest.slice(cut + 1).trimStart().length);
    start += consumed;
    rest = rest.slice(consumed);
  }
  if (rest.trim()) pieces.push({ text: rest.trim(), start });
  return pieces.filter((piece) => piece.text.length > 0);
}

export function parseTtsScript(script: string, options: ParseOptions = {}): ParsedScript {
  const max = options.maxPartCharacters ?? 400;
  const parts: ScriptPart[] = [];
  const speakers: string[] = [];
  let speaker: string | undefined;
  let lineStart = 0;
  for (const rawLine of script.split('\n')) {
    let line = rawLine;
    let lineOffset = lineStart;
    lineStart += rawLine.length + 1;
    if (options.dialogue) {
      const prefix = SPEAKER_LINE.exec(line);
      if (prefix && !/^(https?|ftp)$/i.test(prefix[1]!.trim())) {
        speaker = prefix[1]!.trim();
        if (!speakers.includes(speaker)) speakers.push(speaker);
        lineOffset += prefix[0].length;
        line = line.slice(prefix[0].length);
      }
    }
    let cursor = 0;
    const pushText = (text: string, offset: number) => {
      for (const sentence of sentences(text, offset)) {
        for (const piece of splitLong(sentence, max)) {
          parts.push({ kind: 'speech', text: piece.text, speaker: options.dialogue ? speaker : undefined, charStart: piece.start, charEnd: piece.start + piece.text.length });
        }
      }
    };
    for (const match of line.matchAll(MARKUP)) {
      pushText(line.slice(cursor, match.index), lineOffset + cursor);
      parts.push({ kind: 'pause', seconds: pauseSeconds(match[1], match[2], match[3]) });
      cursor = match.index + match[0].length;
    }
    pushText(line.slice(cursor), lineOffset + cursor);
  }
  // Adjacent pauses add up (within the cap); pauses at the very start are kept (a deliberate lead-in).
  const merged: ScriptPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (part.kind === 'pause' && last?.kind === 'pause') last.seconds = clampPause(last.seconds + part.seconds);
    else if (part.kind === 'pause' && part.seconds === 0) continue;
    else merged.push(part);
  }
  return {
    parts: merged,
    billableCharacters: merged.reduce((sum, part) => sum + (part.kind === 'speech' ? codePoints(part.text) : 0), 0),
    speakers,
    pauseSeconds: merged.reduce((sum, part) => sum + (part.kind === 'pause' ? part.seconds : 0), 0),
  };
}

/** Applies a pronunciation dictionary: whole-word (or, for CJK, exact substring) replacement, longest term first. */
export function applyPronunciations(text: string, entries: ReadonlyArray<{ term: string; replacement: string }>): string {
  const sorted = [...entries].filter((entry) => entry.term.trim()).sort((a, b) => b.term.length - a.term.length);
  if (!sorted.length) return text;
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = sorted.map((entry) => {
    const term = escape(entry.term.trim());
    return /^[\p{L}\p{N}]/u.test(entry.term) && !/\p{Script=Han}/u.test(entry.term) ? `(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])` : term;
  });
  const pattern = new RegExp(alternatives.join('|'), 'giu');
  const lookup = new Map(sorted.map((entry) => [entry.term.trim().toLowerCase(), entry.replacement]));
  return text.replace(pattern, (found) => lookup.get(found.toLowerCase()) ?? found);
}
