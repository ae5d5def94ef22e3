import { describe, expect, it } from 'vitest';
import { decodeSubtitleBytes, readSubtitleFileInput } from './subtitle-encoding.ts';
import { parseSubtitleFile } from './subtitle-files.ts';
import { BIG5_SRT, FRENCH_SRT, GB18030_SRT, SIMPLIFIED_CHINESE_SRT, TRADITIONAL_CHINESE_SRT, utf16WithBom, utf32WithBom, WINDOWS_1252_SRT } from './testing/encoded-subtitles.ts';

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('decodeSubtitleBytes', () => {
  it.each([
    ['UTF-16LE', utf16WithBom(SIMPLIFIED_CHINESE_SRT, true)],
    ['UTF-16BE', utf16WithBom(SIMPLIFIED_CHINESE_SRT, false)],
    ['UTF-32LE', utf32WithBom(SIMPLIFIED_CHINESE_SRT, true)],
    ['UTF-32BE', utf32WithBom(SIMPLIFIED_CHINESE_SRT, false)],
  ])('reads %s by its byte order mark', (encoding, bytes) => {
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: SIMPLIFIED_CHINESE_SRT, encoding, evidence: 'bom' });
  });

  it('reads UTF-8 with and without a byte order mark', () => {
    const utf8 = new TextEncoder().encode(SIMPLIFIED_CHINESE_SRT);
    expect(decodeSubtitleBytes(utf8)).toEqual({ text: SIMPLIFIED_CHINESE_SRT, encoding: 'UTF-8', evidence: 'utf-8' });
    expect(decodeSubtitleBytes(Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8))).toEqual({ text: SIMPLIFIED_CHINESE_SRT, encoding: 'UTF-8', evidence: 'bom' });
  });

  it('reads UTF-16 without a byte order mark by its NUL bytes', () => {
    const bytes = utf16WithBom(FRENCH_SRT, true).subarray(2);
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: FRENCH_SRT, encoding: 'UTF-16LE', evidence: 'utf-16-pattern' });
  });

  it.each([
    ['GB18030', GB18030_SRT, SIMPLIFIED_CHINESE_SRT],
    ['Big5', BIG5_SRT, TRADITIONAL_CHINESE_SRT],
    ['windows-1252', WINDOWS_1252_SRT, FRENCH_SRT],
  ])('detects %s', (encoding, bytes, text) => {
    expect(decodeSubtitleBytes(bytes)).toEqual({ text, encoding, evidence: 'detected' });
    expect(parseSubtitleFile(decodeSubtitleBytes(bytes).text).lines[0]!.text).toBe(text.split('\n')[2]);
  });

  it('reads a file a call sends as base64 or as text', () => {
    expect(readSubtitleFileInput({ name: 'a.srt', base64: base64(GB18030_SRT) })).toEqual({ name: 'a.srt', text: SIMPLIFIED_CHINESE_SRT, encoding: 'GB18030' });
    expect(readSubtitleFileInput({ name: 'a.srt', text: FRENCH_SRT })).toEqual({ name: 'a.srt', text: FRENCH_SRT, encoding: 'UTF-8' });
  });
});
