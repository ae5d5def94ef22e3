/** Words of a text with their offsets, as the synthesizers' word timings point at them. */

export interface TextToken {
  text: string;
  charStart: number;
  charEnd: number;
}

/** A character that is spoken (a letter or a digit), as opposed to punctuation and space. */
export const SPOKEN = /[\p{L}\p{N}]/u;
/** Scripts whose characters are read one syllable each (Han, kana). */
export const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Words as espeak-ng speaks them: whitespace-separated tokens, and every Han/kana character on its
 * own (espeak-ng reads them one syllable at a time). Punctuation stays with the word before it.
 */
export function tokenizeWords(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  const pattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
  for (const match of text.matchAll(pattern)) {
    const piece = match[0];
    const start = match.index;
    const previous = tokens.at(-1);
    if (!SPOKEN.test(piece)) {
      // Punctuation: attach to the previous word when it touches it.
      if (previous && previous.charEnd === start) {
        previous.text += piece;
        previous.charEnd = start + piece.length;
      }
      continue;
    }
    if (previous && previous.charEnd === start && !SYLLABIC.test(piece) && !SYLLABIC.test(previous.text.at(-1) ?? '')) {
      previous.text += piece;
      previous.charEnd = start + piece.length;
      continue;
    }
    tokens.push({ text: piece, charStart: start, charEnd: start + piece.length });
  }
  return tokens;
}
