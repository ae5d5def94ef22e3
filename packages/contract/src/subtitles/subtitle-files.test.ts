import { describe, expect, it } from 'vitest';
import { parseSubtitleFile, SubtitleParseError } from './subtitle-files.ts';

describe('subtitle files', () => {
  it('reads SRT with a BOM, CRLF, tags, two-line cues and a missing cue number', () => {
    const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> there\r\nfriend\r\n\r\n00:00:03.2 --> 00:00:04,000\r\n{\\an8}Second\r\n';
    expect(parseSubtitleFile(srt)).toEqual({
      format: 'srt',
      lines: [
        { startSeconds: 1, endSeconds: 2.5, text: 'Hello there\nfriend' },
        { startSeconds: 3.2, endSeconds: 4, text: 'Second' },
      ],
      warnings: [],
    });
  });

  it('reads WebVTT with settings after the times, hours left out and voice spans', () => {
    const vtt = 'WEBVTT\n\nNOTE a comment\n\ncue-1\n00:05.000 --> 00:06.250 align:start line:90%\n<v Li>你好 &amp; 再见</v>\n';
    expect(parseSubtitleFile(vtt).lines).toEqual([{ startSeconds: 5, endSeconds: 6.25, text: '你好 & 再见' }]);
  });

  it('reads ASS dialogue lines with commas in the text and \\N breaks', () => {
    const ass = '[Script Info]\nTitle: x\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.50,0:00:03.00,Default,Li,0,0,0,,{\\i1}Well, hello\\Nthere\nComment: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,skipped\n';
    expect(parseSubtitleFile(ass)).toEqual({ format: 'ass', lines: [{ startSeconds: 1.5, endSeconds: 3, text: 'Well, hello\nthere' }], warnings: [] });
  });

  it('refuses what is not a subtitle file, cues that end before they start, and files without text', () => {
    expect(() => parseSubtitleFile('just some text')).toThrow(SubtitleParseError);
    expect(() => parseSubtitleFile('1\n00:00:05,000 --> 00:00:04,000\nBackwards\n')).toThrow(/line 2: the cue ends before it starts/);
    expect(() => parseSubtitleFile('1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n')).toThrow(/no cue with text/);
  });

  it('skips cues of zero length with a warning instead of refusing the file', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nKept\n\n2\n00:00:03,000 --> 00:00:03,000\nZero\n\n3\n00:00:04,000 --> 00:00:05,000\nAlso kept\n';
    const parsed = parseSubtitleFile(srt);
    expect(parsed.lines.map((line) => line.text)).toEqual(['Kept', 'Also kept']);
    expect(parsed.warnings).toEqual([
      { line: 6, message: { en: 'line 6: a cue of zero length (00:00:03,000 --> 00:00:03,000) was skipped', zh: '第 6 行：时长为零的字幕（00:00:03,000 --> 00:00:03,000）已跳过' } },
    ]);
    const ass = '[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:01.00,0:00:01.00,Default,Zero\nDialogue: 0,0:00:02.00,0:00:03.00,Default,Kept\n';
    expect(parseSubtitleFile(ass).warnings.map((warning) => warning.message.en)).toEqual(['line 3: a cue of zero length (0:00:01.00 → 0:00:01.00) was skipped']);
  });
});
