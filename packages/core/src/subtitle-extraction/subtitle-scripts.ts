/**
 * A burned-in subtitle line split by script. OCR reads a bilingual subtitle (a Chinese row and an
 * English row on screen together) as one line, the rows joined with a space (Chinese above:
 * `你终于回来了 You finally came back`). The English row is the run of the line after its last
 * Chinese character (or before its first, when English is above) that holds Latin words and no
 * Chinese; Latin words inside the Chinese row (`我用iPhone拍的`) stay with it.
 */
import type { SubtitleScript } from '@voxwork/contract';
import type { TimedLine } from '../engines/video-engines.port.ts';

/** Chinese characters and the full-width punctuation that goes with them. */
const CHINESE = /[\p{Script=Han}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65]/u;
const LATIN_LETTER = /[A-Za-z]/g;
const latinLetters = (text: string) => (text.match(LATIN_LETTER) ?? []).length;

/** A line's rows by script, in the order they are on screen (empty when the line has none of that script). */
export interface ScriptRows {
  zh: string;
  en: string;
  /** Which row is on top when both are there. */
  first: SubtitleScript;
}

/** The Chinese and English rows of one subtitle line. */
export function splitByScript(text: string): ScriptRows {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  const chineseAt = characters.flatMap((character, index) => (CHINESE.test(character) ? [index] : []));
  if (chineseAt.length === 0) return { zh: '', en: line, first: 'en' };
  const last = chineseAt.at(-1)!;
  const after = characters.slice(last + 1).join('');
  // An English row follows the Chinese one: a space, then at least two Latin letters and no Chinese.
  if (/^\s/.test(after) && latinLetters(after) >= 2) return { zh: characters.slice(0, last + 1).join('').trim(), en: after.trim(), first: 'zh' };
  const firstAt = chineseAt[0]!;
  const before = characters.slice(0, firstAt).join('');
  if (/\s$/.test(before) && latinLetters(before) >= 2) return { zh: characters.slice(firstAt).join('').trim(), en: before.trim(), first: 'en' };
  return { zh: line, en: '', first: 'zh' };
}

/** A subtitle line as extracted: its text (rows on lines of their own) and its text per script. */
export interface ExtractedLine extends TimedLine {
  zh: string;
  en: string;
}

/**
 * The lines with the rows of the asked scripts only (a line with none of them is dropped); the
 * text shows the kept rows one above the other as they were on screen.
 */
export function linesInScripts(lines: readonly TimedLine[], scripts: readonly SubtitleScript[]): ExtractedLine[] {
  return lines.flatMap((line) => {
    const rows = splitByScript(line.text);
    const zh = scripts.includes('zh') ? rows.zh : '';
    const en = scripts.includes('en') ? rows.en : '';
    if (!zh && !en) return [];
    const ordered = rows.first === 'zh' ? [zh, en] : [en, zh];
    return [{ startSeconds: line.startSeconds, endSeconds: line.endSeconds, text: ordered.filter(Boolean).join('\n'), zh, en }];
  });
}

/** Scripts the lines hold at least one row of, in `SUBTITLE_SCRIPTS` order. */
export function scriptsFound(lines: readonly TimedLine[]): SubtitleScript[] {
  const rows = lines.map((line) => splitByScript(line.text));
  return (['zh', 'en'] as const).filter((script) => rows.some((row) => row[script]));
}

/** A track of one script as read, with the top of its place (to order its rows as on screen). */
export interface ScriptTrack {
  language: SubtitleScript;
  top: number | undefined;
  lines: readonly TimedLine[];
}

/**
 * Tracks of different scripts (Chinese over English: two tracks, each timed on its own; decision
 * 070) paired by time into the bilingual view: a line of one and the line of the other that
 * overlaps it most (by at least half of the shorter) are one line, from the earlier start to the
 * later end, rows in the order they are on screen; a line with no partner stands alone.
 */
export function pairTracks(tracks: readonly ScriptTrack[]): ExtractedLine[] {
  const ordered = [...tracks].sort((a, b) => (a.top ?? 0) - (b.top ?? 0));
  const [first, second] = ordered;
  if (!first) return [];
  const rowsOf = (parts: Partial<Record<SubtitleScript, string>>) => ordered.map((track) => parts[track.language] ?? '').filter(Boolean).join('\n');
  const line = (startSeconds: number, endSeconds: number, parts: Partial<Record<SubtitleScript, string>>): ExtractedLine => ({ startSeconds, endSeconds, text: rowsOf(parts), zh: parts.zh ?? '', en: parts.en ?? '' });
  const overlap = (a: TimedLine, b: TimedLine) => Math.min(a.endSeconds, b.endSeconds) - Math.max(a.startSeconds, b.startSeconds);
  const used = new Set<TimedLine>();
  const paired: ExtractedLine[] = [];
  for (const upper of first.lines) {
    const partner = (second?.lines ?? [])
      .filter((other) => !used.has(other) && overlap(upper, other) >= 0.5 * Math.min(upper.endSeconds - upper.startSeconds, other.endSeconds - other.startSeconds))
      .sort((a, b) => overlap(upper, b) - overlap(upper, a))[0];
    if (partner) {
      used.add(partner);
      paired.push(line(Math.min(upper.startSeconds, partner.startSeconds), Math.max(upper.endSeconds, partner.endSeconds), { [first.language]: upper.text, [second!.language]: partner.text }));
    } else paired.push(line(upper.startSeconds, upper.endSeconds, { [first.language]: upper.text }));
  }
  for (const lower of second?.lines ?? []) if (!used.has(lower)) paired.push(line(lower.startSeconds, lower.endSeconds, { [second!.language]: lower.text }));
  return paired.sort((a, b) => a.startSeconds - b.startSeconds);
}
