import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { SPOKEN, tokenizeWords, type TextToken } from '../text/words.ts';
import type { ElevenLabsAlignment } from './elevenlabs-api.ts';

/** How far ahead a character of the alignment is looked for in the text when the two differ. */
const LOOKAHEAD = 8;

/**
 * Exact word timings from ElevenLabs' character alignment: each word starts when its first letter
 * starts and ends when its last letter ends. The alignment follows the text as sent, character by
 * character; where it differs (a character the service added or dropped) the characters are
 * matched in order, and a word none of whose letters were matched sits at the end of the previous one.
 */
export function wordsFromAlignment(text: string, alignment: ElevenLabsAlignment, durationSeconds: number, tokens: readonly TextToken[] = tokenizeWords(text)): WordTiming[] {
  const starts = new Array<number | undefined>(text.length);
  const ends = new Array<number | undefined>(text.length);
  let cursor = 0;
  const count = Math.min(alignment.characters.length, alignment.character_start_times_seconds.length, alignment.character_end_times_seconds.length);
  for (let index = 0; index < count && cursor < text.length; index++) {
    const character = alignment.characters[index]!;
    if (character === '') continue;
    let at = -1;
    for (let offset = cursor; offset <= Math.min(text.length - character.length, cursor + LOOKAHEAD); offset++) {
      if (text.startsWith(character, offset)) {
        at = offset;
        break;
      }
    }
    if (at < 0) continue; // added by the service (normalisation): no place in the text
    for (let position = at; position < at + character.length; position++) {
      starts[position] = alignment.character_start_times_seconds[index]!;
      ends[position] = alignment.character_end_times_seconds[index]!;
    }
    cursor = at + character.length;
  }

  const round = (seconds: number) => Math.round(Math.min(Math.max(seconds, 0), durationSeconds) * 1000) / 1000;
  const words: WordTiming[] = [];
  let previousEnd = 0;
  for (const token of tokens) {
    let start = Infinity;
    let end = -Infinity;
    for (const pass of [true, false]) {
      for (let position = token.charStart; position < token.charEnd; position++) {
        if (pass && !SPOKEN.test(text[position]!)) continue;
        if (starts[position] !== undefined) start = Math.min(start, starts[position]!);
        if (ends[position] !== undefined) end = Math.max(end, ends[position]!);
      }
      if (Number.isFinite(start)) break;
    }
    const startSeconds = Number.isFinite(start) ? Math.max(round(start), previousEnd) : previousEnd;
    const endSeconds = Number.isFinite(end) ? Math.max(round(end), startSeconds) : startSeconds;
    words.push({ text: token.text, charStart: token.charStart, charEnd: token.charEnd, startSeconds, endSeconds });
    previousEnd = endSeconds;
  }
  return words;
}
