import { describe, expect, it } from 'vitest';
import { linesInScripts, scriptsFound, splitByScript } from './subtitle-scripts.ts';

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
});
