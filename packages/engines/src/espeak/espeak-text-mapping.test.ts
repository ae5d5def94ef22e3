import { describe, expect, it } from 'vitest';
import { escapeXmlMapped, MappedText } from './espeak-text-mapping.ts';

describe('MappedText', () => {
  it('maps replaced text to what it replaced and kept text to itself', () => {
    const source = 'a & b < c';
    const escaped = escapeXmlMapped(MappedText.identity(source));
    expect(escaped.text).toBe('a &amp; b &lt; c');
    const at = (word: string) => {
      const index = escaped.text.indexOf(word);
      const span = escaped.sourceSpan(index, index + word.length)!;
      return source.slice(span.start, span.end);
    };
    expect([at('&amp;'), at('amp'), at('b'), at('c')]).toEqual(['&', '&', 'b', 'c']);
  });

  it('joins pieces, gives added text no source, and trims', () => {
    const text = MappedText.concat([{ text: '<speak> ' }, MappedText.identity('hi there').slice(3), { text: 'x', sourceStart: 0, sourceEnd: 2 }, { text: ' ' }]).trim();
    expect(text.text).toBe('<speak> therex');
    expect(text.sourceSpan(0, 7)).toBeUndefined();
    expect(text.sourceSpan(8, 13)).toEqual({ start: 3, end: 8 });
    expect(text.sourceSpan(13, 14)).toEqual({ start: 0, end: 2 });
  });
});
