/**
 * Subtitle files a user uploads as the source (or target) text of a video: SubRip (`.srt`),
 * WebVTT (`.vtt`) and Advanced SubStation Alpha (`.ass`/`.ssa`). Read leniently, as players do
 * (BOM, CRLF, missing cue numbers, `.` or `,` before milliseconds, VTT settings after the time,
 * ASS override tags, HTML-ish tags); what cannot be read at all is an error naming the line.
 */

import type { LocalizedText } from '../error-codes.ts';

/** Longest subtitle file pasted into a request, characters (an hour of dense subtitles is ~100,000). */
export const SUBTITLE_FILE_MAX = 400_000;
/** Longest subtitle file sent as bytes (base64), in any encoding: `SUBTITLE_FILE_MAX` characters as UTF-32. */
export const SUBTITLE_FILE_BYTES_MAX = 4 * SUBTITLE_FILE_MAX;

export interface SubtitleLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export type SubtitleFormat = 'srt' | 'vtt' | 'ass';

/** Why a file does not read, in each language (the `{reason}` of error 7007). */
export class SubtitleParseError extends Error {
  override name = 'SubtitleParseError';
  readonly line: number;
  readonly reason: LocalizedText;
  constructor(reason: LocalizedText, line: number) {
    super(reason.en);
    this.reason = reason;
    this.line = line;
  }
}

const TIME = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
const CUE_TIMES = new RegExp(`^\\s*${TIME.source}\\s*-->\\s*${TIME.source}`);

function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction.padEnd(3, '0')) / 1000;
}

/** `<i>`, `<font …>`, `{\an8}`, VTT voice spans: the words stay, the markup goes. */
function plainText(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

export function detectSubtitleFormat(text: string): SubtitleFormat | undefined {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 2000);
  if (/^WEBVTT/.test(head)) return 'vtt';
  if (/^\[Script Info\]/im.test(head) || /^\[Events\]/im.test(head)) return 'ass';
  if (CUE_TIMES.test(head.split(/\r?\n/).find((line) => line.includes('-->')) ?? '')) return 'srt';
  return undefined;
}

/** A cue left out of a file that still reads, and why (the page shows it; the file is not refused for it). */
export interface SubtitleWarning {
  line: number;
  message: LocalizedText;
}

const zeroLength = (line: number, time: string): SubtitleWarning => ({
  line,
  message: { en: `line ${line}: a cue of zero length (${time}) was skipped`, zh: `第 ${line} 行：时长为零的字幕（${time}）已跳过` },
});

/** SRT and VTT share the cue grammar: optional id line, a times line, text lines up to a blank line. */
function parseCues(text: string, warnings: SubtitleWarning[]): SubtitleLine[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const result: SubtitleLine[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const match = CUE_TIMES.exec(lines[index]!);
    if (!match) continue;
    const start = seconds(match[1], match[2]!, match[3]!, match[4]!);
    const end = seconds(match[5], match[6]!, match[7]!, match[8]!);
    if (end < start) throw new SubtitleParseError({ en: `line ${index + 1}: the cue ends before it starts`, zh: `第 ${index + 1} 行：字幕的结束时间早于开始时间` }, index + 1);
    const timesLine = index + 1;
    const body: string[] = [];
    while (index + 1 < lines.length && lines[index + 1]!.trim() !== '' && !CUE_TIMES.test(lines[index + 1]!)) body.push(lines[++index]!);
    const cue = plainText(body.join('\n'));
    if (cue && end === start) warnings.push(zeroLength(timesLine, match[0].trim()));
    else if (cue) result.push({ startSeconds: start, endSeconds: end, text: cue });
  }
  return result;
}

function parseAss(text: string, warnings: SubtitleWarning[]): SubtitleLine[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  let format: string[] | undefined;
  let inEvents = false;
  const result: SubtitleLine[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (/^\[.*\]$/.test(line)) {
      inEvents = /^\[Events\]$/i.test(line);
      return;
    }
    if (!inEvents) return;
    if (/^Format:/i.test(line)) format = line.slice(7).split(',').map((field) => field.trim().toLowerCase());
    if (!/^Dialogue:/i.test(line)) return;
    if (!format) throw new SubtitleParseError({ en: `line ${index + 1}: a Dialogue line comes before the Format line`, zh: `第 ${index + 1} 行：Dialogue 行出现在 Format 行之前` }, index + 1);
    const fields = line.slice(9).split(',');
    // Text is the last field and may hold commas.
    const values = [...fields.slice(0, format.length - 1), fields.slice(format.length - 1).join(',')].map((value) => value.trim());
    const field = (name: string) => values[format!.indexOf(name)];
    const time = (value: string | undefined) => {
      const match = /^(\d+):(\d{2}):(\d{2})[.](\d{1,3})$/.exec(value ?? '');
      if (!match) throw new SubtitleParseError({ en: `line ${index + 1}: "${value}" is not an ASS time (h:mm:ss.cc)`, zh: `第 ${index + 1} 行：“${value}”不是 ASS 时间格式（h:mm:ss.cc）` }, index + 1);
      return seconds(match[1], match[2]!, match[3]!, match[4]!.padEnd(2, '0'));
    };
    const start = time(field('start'));
    const end = time(field('end'));
    const cue = plainText((field('text') ?? '').replace(/\\N/gi, '\n').replace(/\\h/g, ' '));
    if (cue && end === start) warnings.push(zeroLength(index + 1, `${field('start')} → ${field('end')}`));
    else if (cue && end > start) result.push({ startSeconds: start, endSeconds: end, text: cue });
  });
  return result;
}

/**
 * Reads a subtitle file; throws `SubtitleParseError` when it is none of the three formats or holds
 * no cue. Cues of zero length (players never show them) are left out with a warning each.
 */
export function parseSubtitleFile(text: string): { format: SubtitleFormat; lines: SubtitleLine[]; warnings: SubtitleWarning[] } {
  const format = detectSubtitleFormat(text);
  if (!format) throw new SubtitleParseError({ en: 'this is not an SRT, WebVTT or ASS subtitle file', zh: '这不是 SRT、WebVTT 或 ASS 字幕文件' }, 1);
  const warnings: SubtitleWarning[] = [];
  const lines = (format === 'ass' ? parseAss(text, warnings) : parseCues(text, warnings)).sort((a, b) => a.startSeconds - b.startSeconds);
  if (!lines.length) throw new SubtitleParseError({ en: 'the subtitle file holds no cue with text', zh: '字幕文件里没有带文字的字幕' }, 1);
  return { format, lines, warnings };
}
