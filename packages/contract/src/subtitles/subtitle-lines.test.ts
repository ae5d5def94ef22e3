import { describe, expect, it } from 'vitest';
import { textWidthEm, wrapSubtitle } from './subtitle-lines.ts';

describe('subtitle line breaking', () => {
  it('leaves a short line alone and breaks a long Latin one at a space into two balanced lines', () => {
    expect(wrapSubtitle('Welcome to our shop.', 20)).toBe('Welcome to our shop.');
    const wrapped = wrapSubtitle('The camera takes sharp pictures at night, even in the rain.', 20);
    const lines = wrapped.split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(textWidthEm(line)).toBeLessThanOrEqual(20);
    expect(lines.join(' ')).toBe('The camera takes sharp pictures at night, even in the rain.');
  });

  it('breaks Chinese between characters, after punctuation when it can, never before closing punctuation', () => {
    const wrapped = wrapSubtitle('对不起，我不是故意的，当年的事情另有隐情。', 12);
    expect(wrapped.split('\n')).toEqual(['对不起，我不是故意的，', '当年的事情另有隐情。']);
    for (const line of wrapSubtitle('你还想骗我到什么时候？这份合同你必须签字！', 9).split('\n')) expect(line).not.toMatch(/^[，。！？]/);
  });

  it('never makes more than two lines: what does not fit stays on the last', () => {
    expect(wrapSubtitle('一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十', 10).split('\n')).toHaveLength(2);
  });
});
