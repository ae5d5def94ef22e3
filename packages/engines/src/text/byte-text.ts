/**
 * Text for engines that read bytes (festival in the encoding of the voice's lexicon, flite ASCII).
 * Every UTF-16 unit of the input maps to exactly one character of the prepared text, so offsets
 * into the prepared text are offsets into the input.
 */

/** What such an engine reads: UTF-8, or one byte per character of a single-byte set. */
export type ByteTextEncoding = 'utf-8' | 'latin1' | 'iso-8859-2';

/** What the text is prepared for: its encoding, and its languages (English voices read ASCII). */
export interface ByteTextReader {
  encoding: ByteTextEncoding;
  languages: readonly string[];
}

/** Typographic characters festival's and flite's tokenizers do not know, replaced one for one. */
const PLAIN: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u00ab': '"', '\u00bb': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2212': '-',
  '\u2026': '.', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ', '\u3000': ' ',
};

const single = new Map<string, Map<string, number>>();

/** Byte of each character of a single-byte character set (built from the platform's decoder). */
function byteTable(encoding: 'latin1' | 'iso-8859-2'): Map<string, number> {
  let table = single.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding);
    for (let byte = 0x20; byte <= 0xff; byte++) {
      if (byte >= 0x7f && byte < 0xa0) continue;
      table.set(decoder.decode(Uint8Array.of(byte)), byte);
    }
    single.set(encoding, table);
  }
  return table;
}

/** `é` → `e`: the base letter when the character is a letter with marks, else undefined. */
function withoutMarks(char: string): string | undefined {
  const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
  return base.length === 1 ? base : undefined;
}

export interface PreparedText {
  /** As long as the input; characters the voice cannot read became a near letter or a space. */
  text: string;
  bytes: Uint8Array;
  /** How many characters became spaces. */
  dropped: number;
}

/**
 * English voices read ASCII (accents are dropped: café → cafe); Latin-1/Latin-2 voices read their
 * character set (what is missing loses its accents or becomes a space); UTF-8 voices read anything.
 */
export function prepareByteText(input: string, facts: ByteTextReader): PreparedText {
  const asciiOnly = facts.languages.includes('en');
  const table = facts.encoding === 'utf-8' ? undefined : byteTable(facts.encoding);
  const canRead = (char: string) => (asciiOnly ? char <= '\u007e' : table ? table.has(char) : true);
  let dropped = 0;
  let text = '';
  for (let index = 0; index < input.length; index++) {
    let char = input[index]!;
    const code = char.charCodeAt(0);
    // Control characters and lone halves of surrogate pairs become spaces, one per UTF-16 unit.
    if (code < 0x20 && char !== '\n' && char !== '\t') char = ' ';
    else if (code >= 0xd800 && code <= 0xdfff) {
      char = ' ';
      dropped++;
    } else {
      char = PLAIN[char] ?? char;
      if (!canRead(char)) {
        const base = withoutMarks(char);
        if (base !== undefined && canRead(base)) char = base;
        else {
          char = ' ';
          dropped++;
        }
      }
    }
    text += char;
  }
  return { text, bytes: encodeByteText(text, facts.encoding), dropped };
}

/** Prepared text (or anything made of it and ASCII) in the voice's encoding. */
export function encodeByteText(text: string, encoding: ByteTextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  const table = byteTable(encoding);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    bytes[index] = char === '\n' ? 0x0a : char === '\t' ? 0x09 : (table.get(char) ?? 0x20);
  }
  return bytes;
}

/** Reads what the engine wrote (festival's token names) in the text's encoding. */
export function decodeByteText(bytes: Uint8Array, encoding: ByteTextEncoding): string {
  return new TextDecoder(encoding).decode(bytes);
}
