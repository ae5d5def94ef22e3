import { describe, expect, it } from 'vitest';
import { burnInScript } from './burn-in-script.ts';

const styleLine = (script: string) => script.split('\n').find((line) => line.startsWith('Style: '))!.slice('Style: '.length).split(',');
const dialogue = (script: string) => script.split('\n').filter((line) => line.startsWith('Dialogue: ')).map((line) => line.split(',').slice(9).join(','));

describe('burnInScript', () => {
  it('draws white outlined text at the bottom by default, sized to the frame', () => {
    const script = burnInScript([{ start: 1, end: 2, text: 'Hello there' }], { width: 1280, height: 720 });
    const style = styleLine(script);
    // Fontname, Fontsize, PrimaryColour, …, BorderStyle (15), Outline, Shadow, Alignment (18), MarginL, MarginR, MarginV.
    expect(style.slice(1, 4)).toEqual(['WenQuanYi Zen Hei', '40', '&H00FFFFFF']);
    expect(style[5]).toBe('&H00101010');
    expect(style.slice(15, 19)).toEqual(['1', '3', '1', '2']);
    expect(style[21]).toBe('43');
  });

  it('turns the style into ASS: colours as &HAABBGGRR, a translucent box, the top, bold, a larger size', () => {
    const script = burnInScript([{ start: 1, end: 2, text: 'Hi' }], { width: 1280, height: 720, style: { size: 'large', textColor: '#FFD400', outlineColor: '#0A2A66', look: 'box', position: 'top', bold: true } });
    const style = styleLine(script);
    expect(style[2]).toBe('50');
    expect(style[3]).toBe('&H0000D4FF');
    expect(style[5]).toBe('&H50662A0A');
    expect(style[6]).toBe('&H50662A0A');
    expect(style[7]).toBe('-1');
    expect(style.slice(15, 19)).toEqual(['3', '10', '0', '8']);
  });

  it('keeps a file’s own line breaks and breaks only lines too wide, CJK-aware, at most maxLines each', () => {
    const long = '对不起，我不是故意的，当年的事情另有隐情，你听我解释好不好';
    const [bilingual, broken] = dialogue(burnInScript([{ start: 0, end: 1, text: '你终于回来了\nYou finally came back' }, { start: 1, end: 2, text: long }], { width: 640, height: 360, keepLineBreaks: true }));
    expect(bilingual).toBe('你终于回来了\\NYou finally came back');
    const rows = broken!.split('\\N');
    expect(rows).toHaveLength(2);
    expect(rows.join('')).toBe(long);
    for (const row of rows) expect(row).not.toMatch(/^[，。]/);
    // A translation (no kept breaks) is one text, re-broken as a whole.
    expect(dialogue(burnInScript([{ start: 0, end: 1, text: 'Short\nline' }], { width: 1280, height: 720 }))).toEqual(['Short line']);
  });

  it('gives portrait frames three lines by default', () => {
    const text = 'This sentence is long enough that a narrow portrait frame needs three lines to show all of it';
    const [line] = dialogue(burnInScript([{ start: 0, end: 1, text }], { width: 720, height: 1280 }));
    expect(line!.split('\\N')).toHaveLength(3);
  });
});
