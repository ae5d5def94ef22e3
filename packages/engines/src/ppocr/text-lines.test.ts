import { describe, expect, it } from 'vitest';
import { bestReading, comparableText, containment, groupIntoRows, growBox, joinRows, mergeRowBoxes, overlapRatio, readLine, textSimilarity, unionBox } from './text-lines.ts';

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('text lines', () => {
  it('joins rows with nothing between Chinese and a space between Latin words', () => {
    expect(joinRows(['从今天开始', '我就是这家公司的总裁'])).toBe('从今天开始我就是这家公司的总裁');
    expect(joinRows(['对不起，', '我不是故意的'])).toBe('对不起，我不是故意的');
    expect(joinRows(['I waited for you', 'for three years.'])).toBe('I waited for you for three years.');
    expect(joinRows(['他说', 'OK'])).toBe('他说 OK');
    expect(joinRows([' ', 'alone '])).toBe('alone');
  });

  it('groups boxes into rows top to bottom, left to right, and merges the pieces of a row that touch', () => {
    const pieces = [box(300, 102, 100, 40), box(100, 100, 180, 42), box(120, 160, 200, 40), box(700, 101, 50, 40)];
    expect(groupIntoRows(pieces.map((entry) => ({ box: entry }))).map((row) => row.map(({ box: entry }) => entry.x))).toEqual([[100, 300, 700], [120]]);
    expect(mergeRowBoxes(pieces, 0.8)).toEqual([box(100, 100, 300, 42), box(700, 101, 50, 40), box(120, 160, 200, 40)]);
  });

  it('reads a line from boxes: rows joined, union box, confidence weighted by length', () => {
    const line = readLine([
      { box: box(10, 50, 100, 20), text: '我就是总裁', confidence: 0.9 },
      { box: box(20, 20, 80, 20), text: '从今天开始', confidence: 0.7 },
      { box: box(0, 0, 5, 5), text: ' ', confidence: 1 },
    ]);
    expect(line).toEqual({ box: box(10, 20, 100, 50), text: '从今天开始我就是总裁', confidence: 0.8 });
    expect(readLine([])).toBeUndefined();
  });

  it('compares readings on letters and digits, folding widths and case', () => {
    expect(comparableText('Ｈｅｌｌｏ, World！')).toEqual([...'helloworld']);
    expect(textSimilarity('对不起，我不是故意的', '对不起,我不是故意的')).toBe(1);
    expect(textSimilarity('我等了你整整三年', '我等了你整整一告')).toBe(0.75);
    expect(textSimilarity('', ' ')).toBe(1);
  });

  it('keeps the most frequent reading of a line, ties to the more confident', () => {
    const readings = [
      { text: '明天桌上八点', confidence: 0.95 },
      { text: '明天早上八点', confidence: 0.9 },
      { text: '明天早上，八点', confidence: 0.8 },
    ];
    expect(bestReading(readings)?.text).toBe('明天早上八点');
    expect(bestReading(readings.slice(0, 2))?.text).toBe('明天桌上八点');
    expect(bestReading([])).toBeUndefined();
  });

  it('takes a piece of a line for the line: containment, and pieces do not outvote the whole', () => {
    expect(containment('came back', 'You finally came back.')).toBe(1);
    expect(containment('finally came bac', 'You finally came back')).toBe(1);
    expect(containment('bagl', 'You finally came back')).toBe(0.5);
    expect(containment('', 'anything')).toBe(0);
    const readings = [
      { text: 'You finally came back', confidence: 0.9 },
      { text: 'came back', confidence: 0.97 },
      { text: 'came back', confidence: 0.96 },
      { text: 'You finally came!', confidence: 0.8 },
      { text: 'final', confidence: 0.99 },
    ];
    expect(bestReading(readings)?.text).toBe('You finally came back');
    // Read as often: the reading that holds the other whole and more is the line (the other its first look cut short), however sure the other.
    expect(bestReading([{ text: 'u have to sign this', confidence: 0.95 }, { text: 'You have to sign this', confidence: 0.8 }])?.text).toBe('You have to sign this');
    expect(bestReading([{ text: 'You have to sign this', confidence: 0.8 }, { text: 'u have to sign this', confidence: 0.95 }])?.text).toBe('You have to sign this');
    // Neither holds the other: the surer one.
    expect(bestReading([{ text: 'You have to sign thus', confidence: 0.7 }, { text: 'You have to sign this', confidence: 0.8 }])?.text).toBe('You have to sign this');
    // Two different short lines: neither is a piece of the other.
    expect(bestReading([{ text: '对不起', confidence: 0.9 }, { text: '我不是故意的', confidence: 0.8 }])?.text).toBe('对不起');
  });

  it('measures boxes: union, overlap, margin inside the picture', () => {
    expect(unionBox([box(0, 0, 10, 10), box(5, 5, 10, 10)])).toEqual(box(0, 0, 15, 15));
    expect(overlapRatio(box(0, 0, 10, 10), box(5, 0, 10, 10))).toBeCloseTo(1 / 3);
    expect(overlapRatio(box(0, 0, 10, 10), box(20, 0, 10, 10))).toBe(0);
    expect(growBox(box(10, 10, 100, 20), 0.1, 115, 100)).toEqual(box(6, 8, 108, 24));
  });
});
