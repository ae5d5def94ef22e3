/**
 * A subtitle file's bytes to text, in the browser and on the server alike (no Node-only code):
 * subtitle files come in whatever their tool wrote — UTF-16 from Windows tools, GBK / GB18030 or
 * Big5 from many Chinese ones, Shift_JIS, windows-125x. A byte order mark decides first (UTF-8,
 * UTF-16 LE/BE, UTF-32 LE/BE), then strict UTF-8 (ASCII included), then UTF-16 without a mark
 * (its NUL bytes give it away: subtitle files are mostly digits and punctuation), then `chardet`'s
 * detection. The platform's `TextDecoder` decodes (it knows gb18030, big5, shift_jis, euc-*,
 * windows-125x, iso-8859-*, koi8); UTF-32, which it does not know, is decoded here.
 *
 * Its own subpath (`@voxwork/contract/subtitle-encoding`) because it brings `chardet`: pages load
 * it when a file is picked (decision 011).
 */

import { analyse } from 'chardet';
import { parseSubtitleFile } from './subtitle-files.ts';

/** How the encoding was known: its byte order mark, valid UTF-8, NUL bytes of BOM-less UTF-16, or detection. */
export type EncodingEvidence = 'bom' | 'utf-8' | 'utf-16-pattern' | 'detected';

export interface DecodedSubtitleFile {
  text: string;
  /** The encoding read, as people know it: `UTF-8`, `UTF-16LE`, `UTF-32BE`, `GB18030`, `Big5`, `Shift_JIS`, `windows-1252`, … */
  encoding: string;
  evidence: EncodingEvidence;
}

/** TextDecoder's canonical names to the names tools and people use. */
const DISPLAY_NAMES: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
  gb18030: 'GB18030',
  gbk: 'GBK',
  big5: 'Big5',
  shift_jis: 'Shift_JIS',
  'euc-jp': 'EUC-JP',
  'euc-kr': 'EUC-KR',
  'iso-2022-jp': 'ISO-2022-JP',
  'koi8-r': 'KOI8-R',
};

const displayName = (decoder: TextDecoder) => DISPLAY_NAMES[decoder.encoding] ?? decoder.encoding;

function decoderFor(label: string, fatal = false): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { fatal, ignoreBOM: false });
  } catch {
    return undefined; // a label this platform does not decode
  }
}

/** UTF-32 (TextDecoder has none): code points above U+10FFFF or surrogates become U+FFFD. */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
    const code = view.getUint32(offset, littleEndian);
    chunk.push(code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? 0xfffd : code);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  if (chunk.length) parts.push(String.fromCodePoint(...chunk));
  if (bytes.length % 4) parts.push('\uFFFD');
  return parts.join('');
}

/** The byte order mark's encoding and length, if the bytes start with one (UTF-32 LE before UTF-16 LE: FF FE 00 00 starts both). */
function byteOrderMark(bytes: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be'; length: number } | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { encoding: 'utf-32le', length: 4 };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { encoding: 'utf-32be', length: 4 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** BOM-less UTF-16: in text that is mostly ASCII, one byte of most pairs is NUL, always on the same side. */
function utf16ByPattern(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 8192) & ~1);
  if (sample.length < 16) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros += 1;
    if (sample[index + 1] === 0) oddZeros += 1;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** Reads a subtitle file's bytes as text, naming the encoding it read them as (the mark, if any, is not part of the text). */
export function decodeSubtitleBytes(bytes: Uint8Array): DecodedSubtitleFile {
  const mark = byteOrderMark(bytes);
  if (mark) {
    const body = bytes.subarray(mark.length);
    if (mark.encoding === 'utf-32le' || mark.encoding === 'utf-32be') return { text: decodeUtf32(body, mark.encoding === 'utf-32le'), encoding: mark.encoding.toUpperCase(), evidence: 'bom' };
    const decoder = new TextDecoder(mark.encoding, { ignoreBOM: true });
    return { text: decoder.decode(body), encoding: displayName(decoder), evidence: 'bom' };
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: utf8.decode(bytes), encoding: 'UTF-8', evidence: 'utf-8' };
  } catch {
    // not UTF-8: go on
  }
  const utf16 = utf16ByPattern(bytes);
  if (utf16) {
    const decoder = new TextDecoder(utf16);
    return { text: decoder.decode(bytes), encoding: displayName(decoder), evidence: 'utf-16-pattern' };
  }
  for (const match of analyse(bytes)) {
    if (match.name === 'UTF-32LE' || match.name === 'UTF-32BE') return { text: decodeUtf32(bytes, match.name === 'UTF-32LE'), encoding: match.name, evidence: 'detected' };
    const decoder = decoderFor(match.name);
    // `replacement` is what WHATWG maps ISO-2022-KR/CN to: no text at all.
    if (decoder && decoder.encoding !== 'replacement' && decoder.encoding !== 'utf-8') return { text: decoder.decode(bytes), encoding: displayName(decoder), evidence: 'detected' };
  }
  // Nothing fits: the bytes as Western text (every byte is some character there).
  const fallback = new TextDecoder('windows-1252');
  return { text: fallback.decode(bytes), encoding: displayName(fallback), evidence: 'detected' };
}

/** Standard base64 (with padding) to bytes, without Node's Buffer. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A subtitle file as a call sends it: already text, or its bytes in base64 in whatever encoding it was written. */
export type SubtitleFileInput = { name: string; text: string } | { name: string; base64: string };

/** The text of a subtitle file from a call, with the encoding it was read as (`UTF-8` for text sent as text). */
export function readSubtitleFileInput(file: SubtitleFileInput): { name: string; text: string; encoding: string } {
  if ('text' in file) return { name: file.name, text: file.text, encoding: 'UTF-8' };
  const decoded = decodeSubtitleBytes(base64ToBytes(file.base64));
  return { name: file.name, text: decoded.text, encoding: decoded.encoding };
}

/**
 * A subtitle file from a call, decoded and read: its cues, the encoding read and the cues left out
 * (as `parseSubtitleFile`, which throws `SubtitleParseError` for a file that does not read).
 */
export function parseSubtitleFileInput(file: SubtitleFileInput) {
  const { text, encoding } = readSubtitleFileInput(file);
  const parsed = parseSubtitleFile(text);
  return { ...parsed, encoding, read: { encoding, warnings: parsed.warnings.map((warning) => warning.message) } };
}
