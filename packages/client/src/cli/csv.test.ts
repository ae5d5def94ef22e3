import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads named columns, quoted commas, escaped quotes, line breaks in quotes, CRLF and a BOM', () => {
    const sheet = '\uFEFFText,Voice,filename\r\n"Hello, world",en-1,a.mp3\r\n"She said ""hi""\nthen left",en-2,\r\n\r\nplain,en-3,c\n';
    expect(parseCsv(sheet)).toEqual({
      columns: ['text', 'voice', 'filename'],
      rows: [
        { line: 2, values: { text: 'Hello, world', voice: 'en-1', filename: 'a.mp3' } },
        { line: 3, values: { text: 'She said "hi"\nthen left', voice: 'en-2', filename: '' } },
        { line: 6, values: { text: 'plain', voice: 'en-3', filename: 'c' } },
      ],
    });
  });

  it('a missing cell is empty; an unclosed quote is an error naming its line', () => {
    expect(parseCsv('text,voice\nonly text').rows[0]!.values).toEqual({ text: 'only text', voice: '' });
    expect(() => parseCsv('text\n"open')).toThrow(/line 2/);
  });
});
