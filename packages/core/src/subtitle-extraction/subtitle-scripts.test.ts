import { describe, expect, it } from 'vitest';
import { linesInScripts, pairTracks, scriptsFound, splitByScript } from './subtitle-scripts.ts';

describe('subtitle scripts', () => {
  it('splits a bilingual line into its Chinese and English rows, whichever is on top', () => {
    expect(splitByScript('你终于回来了 You finally came back')).toEqual({ zh: '你终于回来了', en: 'You finally came back', first: 'zh' });
    expect(splitByScript('对不起，我不是故意的。 Sorry, I did not mean it.')).toEqual({ zh: '对不起，我不是故意的。', en: 'Sorry, I did not mean it.', first: 'zh' });
    expect(splitByScript('See you at eight tomorrow 明天早上八点见')).toEqual({ zh: '明天早上八点见', en: 'See you at eight tomorrow', first: 'en' });
  });

  it('keeps Latin words inside a Chinese row, and one-script lines whole', () => {
    expect(splitByScript('我用iPhone拍的 I shot it on an iPhone')).toEqual({ zh: '我用iPhone拍的', en: 'I shot it on an iPhone', first: 'zh' });
    expect(splitByScript('我用 iPhone 拍的')).toEqual({ zh: '我用 iPhone 拍的', en: '', first: 'zh' });
    expect(splitByScript('我们离婚吧')).toEqual({ zh: '我们离婚吧', en: '', first: 'zh' });
    expect(splitByScript('  Let us  get a divorce ')).toEqual({ zh: '', en: 'Let us get a divorce', first: 'en' });
  });

  it('keeps the asked scripts only, rows one above the other, and drops lines with none of them', () => {
    const lines = [
      { startSeconds: 0.6, endSeconds: 2.8, text: '你终于回来了 You finally came back' },
      { startSeconds: 3.4, endSeconds: 6, text: 'Only English here' },
    ];
    expect(linesInScripts(lines, ['zh', 'en'])).toEqual([
      { startSeconds: 0.6, endSeconds: 2.8, text: '你终于回来了\nYou finally came back', zh: '你终于回来了', en: 'You finally came back' },
      { startSeconds: 3.4, endSeconds: 6, text: 'Only English here', zh: '', en: 'Only English here' },
    ]);
    expect(linesInScripts(lines, ['zh'])).toEqual([{ startSeconds: 0.6, endSeconds: 2.8, text: '你终于回来了', zh: '你终于回来了', en: '' }]);
    expect(scriptsFound(lines)).toEqual(['zh', 'en']);
    expect(scriptsFound(lines.slice(1))).toEqual(['en']);
  });

  it('pairs two tracks by time, rows as on screen; a line with no partner stands alone', () => {
    const zh = { language: 'zh' as const, top: 580, lines: [{ startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了' }, { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年' }, { startSeconds: 5, endSeconds: 6, text: '只有中文' }] };
    const en = { language: 'en' as const, top: 640, lines: [{ startSeconds: 0.42, endSeconds: 1.38, text: 'You finally came back.' }, { startSeconds: 1.45, endSeconds: 3.1, text: 'I waited for three years.' }, { startSeconds: 3.5, endSeconds: 4.5, text: 'English alone' }] };
    const expected = [
      { startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了\nYou finally came back.', zh: '你终于回来了', en: 'You finally came back.' },
      { startSeconds: 1.4, endSeconds: 3.1, text: '我等了你整整三年\nI waited for three years.', zh: '我等了你整整三年', en: 'I waited for three years.' },
      { startSeconds: 3.5, endSeconds: 4.5, text: 'English alone', zh: '', en: 'English alone' },
      { startSeconds: 5, endSeconds: 6, text: '只有中文', zh: '只有中文', en: '' },
    ];
    expect(pairTracks([zh, en])).toEqual(expected);
    // The order the tracks come in does not matter: the one on top is the first row.
    expect(pairTracks([en, zh])).toEqual(expected);
    expect(pairTracks([{ ...en, top: 100 }, zh])[0]!.text).toBe('You finally came back.\n你终于回来了');
    expect(pairTracks([])).toEqual([]);
  });
});
