import { describe, expect, it } from 'vitest';
import { boxesFromProbabilityMap, decodeCtc } from './ppocr-model.ts';
import { toBgrPlanes } from './rgb-image.ts';

describe('PP-OCR post-processing', () => {
  it('finds text regions in a probability map, scores them, grows them back and drops weak or tiny ones', () => {
    const width = 40;
    const height = 20;
    const map = new Float32Array(width * height);
    const fill = (x0: number, y0: number, x1: number, y1: number, value: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) map[y * width + x] = value;
    };
    fill(20, 10, 36, 16, 0.9); // a line, right
    fill(2, 2, 12, 8, 0.8); // a line, top left
    fill(2, 12, 12, 16, 0.4); // under the threshold's box score
    fill(30, 2, 32, 4, 0.95); // too small
    const boxes = boxesFromProbabilityMap(map, width, height, { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5 });
    expect(boxes).toHaveLength(2);
    // 10 × 6 grown by 10·6·1.5 / 32 = 2.81 on every side, clipped at 0.
    expect(boxes[0]).toMatchObject({ x: 0, y: 0, score: expect.closeTo(0.8, 5) });
    expect(boxes[0]!.width).toBeCloseTo(12 + 2.8125, 3);
    expect(boxes[1]).toMatchObject({ x: 20 - 16 * 6 * 1.5 / 44, score: expect.closeTo(0.9, 5) });
  });

  it('decodes CTC output: best class per step, repeats collapsed, blanks dropped', () => {
    const characters = ['你', '好', ' '];
    const classes = 4;
    const steps = [1, 1, 0, 1, 2, 0, 3, 2];
    const probabilities = new Float32Array(steps.length * classes);
    steps.forEach((best, step) => {
      for (let index = 0; index < classes; index++) probabilities[step * classes + index] = index === best ? 0.9 : 0.1 / 3;
    });
    expect(decodeCtc(probabilities, steps.length, classes, characters)).toEqual({ text: '你你好 好', confidence: expect.closeTo(0.9, 5) });
    expect(decodeCtc(new Float32Array(classes), 1, classes, characters)).toEqual({ text: '', confidence: 0 });
  });

  it('resizes and normalises a region into BGR planes', () => {
    // 2 × 1 picture: a red and a blue pixel, taken whole at its own size.
    const image = { data: Uint8Array.from([255, 0, 0, 0, 0, 255]), width: 2, height: 1 };
    const planes = toBgrPlanes(image, { x: 0, y: 0, width: 2, height: 1 }, { width: 2, height: 1, paddedWidth: 3, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] });
    expect(Array.from(planes)).toEqual([-1, 1, 0, -1, -1, 0, 1, -1, 0]);
  });
});
