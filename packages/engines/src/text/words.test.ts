import { describe, expect, it } from 'vitest';
import { ssmlTextContent } from './ssml-text.ts';
import { tokenizeWords } from './words.ts';

describe('tokenizeWords', () => {
  it('keeps punctuation with its word and offsets into the text', () => {
    const text = 'Hello, world! "Quoted" don\'t — stop.';
    const tokens = tokenizeWords(text);
    expect(tokens.map((token) => token.text)).toEqual(['Hello,', 'world!', '"Quoted"', "don't", 'stop.']);
    for (const token of tokens) expect(text.slice(token.charStart, token.charEnd)).toBe(token.text);
  });

  it('splits Han and kana characters one by one', () => {
    expect(tokenizeWords('你好，世界。').map((token) => token.text)).toEqual(['你', '好，', '世', '界。']);
    expect(tokenizeWords('abc你好').map((token) => token.text)).toEqual(['abc', '你', '好']);
  });

  it('blanks SSML tags without moving offsets', () => {
    const ssml = '<speak>one <break time="1s"/>two</speak>';
    const tokens = tokenizeWords(ssmlTextContent(ssml));
    expect(tokens.map((token) => ssml.slice(token.charStart, token.charEnd))).toEqual(['one', 'two']);
  });
});
