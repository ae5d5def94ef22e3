import { writeFile } from 'node:fs/promises';
import { pcm16Wav, readWavMono, withWorkDir } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import { renderPlacedTakes, takeLanes } from './placed-takes.ts';

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

describe('renderPlacedTakes', () => {
  it('starts every take on its own sample however far off the lengths given for the takes before it are (an hour of lines drifted 2.8 s)', async () => {
    await withWorkDir('placed-takes', async (_dir, file) => {
      const rate = 16_000;
      // A take of 10 ms of full-scale samples, declared 9 ms long: the length a tempo change computes is off like this.
      await writeFile(file('take.wav'), pcm16Wav(new Int16Array(160).fill(20_000), rate));
      const takes = Array.from({ length: 300 }, (_, index) => placed(file('take.wav'), 0.05 + index * 0.05, 0.009));
      await renderPlacedTakes(takes, { output: file('track.wav'), lanePath: async (lane) => file(`lane-${lane}.wav`), durationSeconds: 16, sampleRate: rate, timeoutMs: 10_000 });
      const { samples } = await readWavMono(file('track.wav'));
      expect(samples.length).toBe(16 * rate);
      for (const take of [takes[0]!, takes[150]!, takes.at(-1)!]) {
        const first = Math.round(take.startSeconds * rate);
        expect(samples[first - 1], `just before the take at ${take.startSeconds} s`).toBe(0);
        expect(samples[first], `the take at ${take.startSeconds} s`).toBeGreaterThan(0.5);
      }
    });
  });
});
