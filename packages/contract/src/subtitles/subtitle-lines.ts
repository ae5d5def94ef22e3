/**
 * Line breaking for subtitles drawn into the picture: at most two lines that fit the frame,
 * balanced, broken at spaces in Latin scripts and between characters in Chinese and Japanese
 * (preferably after punctuation), never starting a line with closing punctuation or ending one
 * with opening punctuation (kinsoku). Widths are counted in "em": a CJK character 1, a Latin
 * character about 0.6 (WenQuanYi Zen Hei's Latin is wide).
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** May not start a line. */
const NO_START = /^[，。、！？；：）」』】》〉”’,.!?;:)\]}%]/u;
/** May not end a line. */
const NO_END = /[（「『【《〈“‘([{]$/u;
/** A good place to break after. */
const BREAK_AFTER = /[，。、！？；：,.!?;:]$/u;

export const textWidthEm = (text: string): number => [...text].reduce((width, character) => width + (CJK.test(character) ? 1 : character === ' ' ? 0.3 : 0.6), 0);

/** Break opportunities: after each space-separated word for Latin text, between characters for CJK. */
function pieces(text: string): string[] {
  const result: string[] = [];
  let latin = '';
  for (const character of text) {
    if (CJK.test(character)) {
      if (latin) result.push(latin);
      latin = '';
      // Closing punctuation sticks to what it follows.
      if (NO_START.test(character) && result.length) result[result.length - 1] += character;
      else result.push(character);
    } else if (character === ' ') {
      latin += ' ';
      result.push(latin);
      latin = '';
    } else latin += character;
  }
  if (latin) result.push(latin);
  return result.filter((piece) => piece.length);
}

/**
 * The text in as few lines as fit `maxWidthEm` (at most `maxLines`, the rest kept on the last
 * line), lines balanced in width. Existing line breaks are replaced.
 */
export function wrapSubtitle(text: string, maxWidthEm: number, maxLines = 2): string {
  const flat = text.replace(/\s*\n\s*/g, /[A-Za-z]/.test(text) ? ' ' : '').replace(/\s+/g, ' ').trim();
  if (textWidthEm(flat) <= maxWidthEm) return flat;
  const parts = pieces(flat);
  const lines = Math.min(maxLines, Math.ceil(textWidthEm(flat) / maxWidthEm));
  const target = textWidthEm(flat) / lines;
  const out: string[] = [];
  let current = '';
  parts.forEach((piece, index) => {
    const remaining = lines - out.length;
    const candidate = current + piece;
    const over = textWidthEm(candidate.trim()) > Math.min(maxWidthEm, target * 1.15);
    const next = parts[index + 1];
    const canBreak = current.trim() && remaining > 1 && !NO_END.test(current.trim()) && !(next === undefined && NO_START.test(piece));
    // Break before this piece when the line is full, or at punctuation once the line is near its share.
    if (canBreak && (over || (BREAK_AFTER.test(current.trim()) && textWidthEm(current) >= target * 0.7 && textWidthEm(candidate) > target))) {
      out.push(current.trim());
      current = piece;
    } else current = candidate;
  });
  if (current.trim()) out.push(current.trim());
  return out.join('\n');
}
