import { describe, expect, it } from 'vitest';
import { takeLanes } from './placed-takes.ts';

const placed = (take: string, startSeconds: number, lengthSeconds: number) => ({ take, startSeconds, lengthSeconds });

describe('takeLanes', () => {
  it('keeps takes that follow each other in one lane, each at its own start', () => {
    expect(takeLanes([placed('b', 3, 1), placed('a', 0.5, 2.5)], 10).map((lane) => lane.map((entry) => [entry.take, entry.startSeconds]))).toEqual([
      [
        ['a', 0.5],
        ['b', 3],
      ],
    ]);
  });

  it('puts a take that starts while another still speaks in a second lane, and reuses the first free lane after', () => {
    const lanes = takeLanes([placed('a', 0, 3), placed('b', 2, 2), placed('c', 3.5, 1), placed('d', 4.2, 0.5), placed('late', 12, 1)], 10);
    expect(lanes.map((lane) => lane.map((entry) => entry.take))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
  });
});
