import { describe, expect, it } from 'vitest';
import { FrameMotionThread } from './frame-motion-thread.ts';
import { estimatePyramidShift, halveMask, pyramidOf, type Pyramid, type Shift, type ShiftEstimate } from './global-motion.ts';
import { CUT_RESIDUAL } from './scene-plates.ts';

/** A seeded pseudo-random source (the same figures every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('FrameMotionThread', () => {
  it('answers, frame after frame, exactly the shifts of the chain on this thread (masks sent once per set, a cut, no masks)', async () => {
    const next = random(11);
    const width = 240;
    const height = 136;
    // A wide textured strip panned by a few pixels a frame, a cut to another strip half-way.
    const strips = [0, 1].map(() => Uint8Array.from({ length: width * 2 * height }, (_, at) => ((at % (width * 2)) >> 3) * 13 + Math.floor(next() * 40)));
    const frameAt = (index: number): Uint8Array => {
      const strip = strips[index < 12 ? 0 : 1]!;
      const offset = Math.round(index * 2.6) % width;
      const half = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) half.set(strip.subarray(y * width * 2 + offset, y * width * 2 + offset + width), y * width);
      return half;
    };
    const box = (top: number): Uint8Array => {
      const map = new Uint8Array(width * 2 * height * 2);
      for (let y = top; y < top + 20; y++) map.fill(1, y * width * 2 + 40, y * width * 2 + 400);
      return halveMask(map, width * 2, height * 2);
    };
    const masks = new Map([['0', box(200)], ['0,1', box(150)]]);
    const keyOf = (index: number) => (index < 5 ? null : index < 14 ? '0' : index < 20 ? '0,1' : null);

    // The chain as the first pass ran it on its own thread.
    const expected: Array<ShiftEstimate | null> = [];
    const levelsOf = new Map<string, Array<Uint8Array | undefined>>();
    let previous: Pyramid | undefined;
    let motion: Shift | undefined;
    for (let index = 0; index < 24; index++) {
      const key = keyOf(index);
      const levels = key === null ? undefined : (levelsOf.get(key) ?? levelsOf.set(key, [masks.get(key)]).get(key)!);
      const pyramid = pyramidOf({ data: frameAt(index), width, height }, levels?.[0], levels);
      if (levels) for (const [level, { exclude }] of pyramid.levels.entries()) levels[level] ??= exclude;
      if (previous) {
        const shift = estimatePyramidShift(previous, pyramid, { maxShift: 32, predicted: motion });
        motion = shift.residual > CUT_RESIDUAL ? undefined : shift;
        expected.push(shift);
      } else expected.push(null);
      previous = pyramid;
    }
    expect(expected.filter((shift) => shift && shift.residual > CUT_RESIDUAL)).toHaveLength(1);

    const thread = new FrameMotionThread();
    try {
      const sent = new Set<string>();
      const answers: Array<Promise<ShiftEstimate | null>> = [];
      for (let index = 0; index < 24; index++) {
        const key = keyOf(index);
        thread.send({ index, half: frameAt(index), width, height, maxShift: 32, maskKey: key, exclude: key !== null && !sent.has(key) ? masks.get(key) : undefined });
        if (key !== null) sent.add(key);
        // Asked for a few frames behind, as the first pass does.
        if (index >= 3) answers.push(thread.next(index - 3));
      }
      for (let index = 21; index < 24; index++) answers.push(thread.next(index));
      expect(await Promise.all(answers)).toEqual(expected);
    } finally {
      await thread.close();
    }
  });

  it('forgets the maps of the sets of masks it is told no later frame shows', async () => {
    const thread = new FrameMotionThread();
    try {
      const half = () => new Uint8Array(64 * 64);
      thread.send({ index: 0, half: half(), width: 64, height: 64, maxShift: 8, maskKey: '0', exclude: new Uint8Array(64 * 64) });
      thread.send({ index: 1, half: half(), width: 64, height: 64, maxShift: 8, maskKey: '0' });
      thread.send({ index: 2, half: half(), width: 64, height: 64, maxShift: 8, maskKey: '1', exclude: new Uint8Array(64 * 64), forget: ['0'] });
      thread.send({ index: 3, half: half(), width: 64, height: 64, maxShift: 8, maskKey: '0' });
      await expect(thread.next(0)).resolves.toBeNull();
      await expect(thread.next(1)).resolves.not.toBeNull();
      await expect(thread.next(2)).resolves.not.toBeNull();
      await expect(thread.next(3)).rejects.toThrow(/masks 0 were never sent/);
    } finally {
      await thread.close();
    }
  });

  it('fails the frame whose masks it was never sent, and refuses frames out of order', async () => {
    const thread = new FrameMotionThread();
    try {
      thread.send({ index: 0, half: new Uint8Array(64 * 64), width: 64, height: 64, maxShift: 8, maskKey: '3', exclude: undefined });
      await expect(thread.next(0)).rejects.toThrow(/masks 3 were never sent/);
      expect(() => thread.send({ index: 2, half: new Uint8Array(64 * 64), width: 64, height: 64, maxShift: 8, maskKey: null })).toThrow(/frame 2 sent after 0/);
    } finally {
      await thread.close();
    }
  });
});
