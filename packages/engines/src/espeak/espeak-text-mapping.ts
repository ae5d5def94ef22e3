/**
 * A text built from a source text (escaped, converted to pinyin, wrapped in SSML, …) that remembers,
 * for each of its UTF-16 units, the span of the source it came from, so that espeak-ng's word
 * positions in what it was given can be mapped back to the caller's text. Units added from nowhere
 * (SSML tags, separating spaces) have no source.
 */
export class MappedText {
  readonly text: string;
  readonly #starts: Int32Array;
  readonly #ends: Int32Array;

  private constructor(text: string, starts: Int32Array, ends: Int32Array) {
    this.text = text;
    this.#starts = starts;
    this.#ends = ends;
  }

  /** The source itself: every unit maps to itself. */
  static identity(source: string): MappedText {
    const starts = Int32Array.from({ length: source.length }, (_, index) => index);
    return new MappedText(source, starts, starts.map((index) => index + 1));
  }

  /** Joins pieces, each a mapped text or a plain string with one source span for all its units (none when omitted). */
  static concat(pieces: ReadonlyArray<MappedText | { text: string; sourceStart?: number; sourceEnd?: number }>): MappedText {
    const length = pieces.reduce((sum, piece) => sum + piece.text.length, 0);
    const starts = new Int32Array(length);
    const ends = new Int32Array(length);
    let offset = 0;
    for (const piece of pieces) {
      if (piece instanceof MappedText) {
        starts.set(piece.#starts, offset);
        ends.set(piece.#ends, offset);
      } else {
        starts.fill(piece.sourceStart ?? -1, offset, offset + piece.text.length);
        ends.fill(piece.sourceEnd ?? -1, offset, offset + piece.text.length);
      }
      offset += piece.text.length;
    }
    return new MappedText(pieces.map((piece) => piece.text).join(''), starts, ends);
  }

  slice(start: number, end = this.text.length): MappedText {
    return new MappedText(this.text.slice(start, end), this.#starts.slice(start, end), this.#ends.slice(start, end));
  }

  trim(): MappedText {
    const start = this.text.length - this.text.trimStart().length;
    return this.slice(start, Math.max(start, this.text.trimEnd().length));
  }

  /**
   * Like `String.prototype.replace` with a global pattern and a replacer function: the units of
   * each replacement map to the source span of what it replaced.
   */
  replace(pattern: RegExp, replacer: (match: string, ...rest: unknown[]) => string): MappedText {
    if (!pattern.global) throw new Error('MappedText.replace needs a global pattern');
    const pieces: Array<MappedText | { text: string; sourceStart?: number; sourceEnd?: number }> = [];
    let last = 0;
    this.text.replace(pattern, (match: string, ...rest: unknown[]) => {
      // The first number after the match and its groups is the offset (groups are strings or undefined).
      const offset = rest.find((value) => typeof value === 'number') as number;
      const replacement = replacer(match, ...rest);
      pieces.push(this.slice(last, offset));
      const span = this.sourceSpan(offset, offset + match.length);
      pieces.push({ text: replacement, sourceStart: span?.start, sourceEnd: span?.end });
      last = offset + match.length;
      return replacement;
    });
    pieces.push(this.slice(last));
    return MappedText.concat(pieces);
  }

  /** The source span covered by units `start`…`end` (exclusive), or undefined when none of them has a source. */
  sourceSpan(start: number, end: number): { start: number; end: number } | undefined {
    let from = Infinity;
    let to = -Infinity;
    for (let index = Math.max(0, start); index < Math.min(end, this.text.length); index++) {
      if (this.#starts[index]! < 0) continue;
      from = Math.min(from, this.#starts[index]!);
      to = Math.max(to, this.#ends[index]!);
    }
    return from === Infinity ? undefined : { start: from, end: to };
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Plain text as SSML character data (the library always parses its input as SSML). */
export const escapeXmlMapped = (text: MappedText) => text.replace(/[&<>]/g, (char) => XML_ESCAPES[char]!);
