import { describe, expect, it } from 'vitest';
import { estimatePyramidShift, halve, pyramidOf, shiftCost, type GrayImage, type Pyramid } from './global-motion.ts';
import { SadMemory } from './sad-wasm.ts';

/** The cost as defined, pixel by pixel (the map looked at for every pixel): what the run-based cost must equal exactly. */
function referenceCost(a: GrayImage, b: GrayImage, dx: number, dy: number, step: number, excludeA: Uint8Array | undefined, excludeB: Uint8Array | undefined, stepY = step): number {
  const { width, height } = a;
  const x0 = Math.max(0, -dx);
  const x1 = Math.min(width, width - dx);
  const y0 = Math.max(0, -dy);
  const y1 = Math.min(height, height - dy);
  if ((x1 - x0) * (y1 - y0) < width * height * 0.25) return Infinity;
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y += stepY) {
    for (let x = x0; x < x1; x += step) {
      if (excludeA?.[y * width + x] || excludeB?.[(y + dy) * width + x + dx]) continue;
      sum += Math.abs(a.data[y * width + x]! - b.data[(y + dy) * width + x + dx]!);
      count++;
    }
  }
  return count === 0 ? Infinity : sum / count;
}

/** A seeded pseudo-random source (the same figures every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('shiftCost', () => {
  it('equals the pixel-by-pixel cost exactly, with boxes of text excluded in either frame (overlapping, touching the edges, shifted out)', () => {
    const next = random(7);
    const width = 97;
    const height = 61;
    const picture = (): GrayImage => ({ data: Uint8Array.from({ length: width * height }, () => Math.floor(next() * 256)), width, height });
    const boxes = (count: number): Uint8Array => {
      const map = new Uint8Array(width * height);
      for (let box = 0; box < count; box++) {
        const x = Math.floor(next() * width) - 5;
        const y = Math.floor(next() * height) - 5;
        const w = 1 + Math.floor(next() * 40);
        const h = 1 + Math.floor(next() * 15);
        for (let row = Math.max(0, y); row < Math.min(height, y + h); row++) for (let column = Math.max(0, x); column < Math.min(width, x + w); column++) map[row * width + column] = 1;
      }
      return map;
    };
    const memory = SadMemory.forThisThread()!;
    expect(memory, 'this Node has WebAssembly SIMD').toBeDefined();
    let compared = 0;
    for (let trial = 0; trial < 40; trial++) {
      const [a, b] = [picture(), picture()];
      const [excludeA, excludeB] = [trial % 4 === 0 ? undefined : boxes(trial % 7), trial % 5 === 0 ? undefined : boxes((trial * 3) % 6)];
      for (const [dx, dy] of [[0, 0], [3, -2], [-7, 5], [1, 0], [0, -1], [-20, 11], [30, -12]] as const) {
        for (const [step, stepY] of [[1, 1], [2, 2], [1, 2], [2, 1], [3, 2]] as const) {
          const expected = referenceCost(a, b, dx, dy, step, excludeA, excludeB, stepY);
          expect(shiftCost(a, b, dx, dy, step, excludeA, excludeB, stepY), `trial ${trial} (${dx}, ${dy}) step ${step}/${stepY}`).toBe(expected);
          // Summed by WebAssembly SIMD (steps 1 and 2; 3 falls back to the script's loop): the same number.
          memory.reset();
          const placed = { memory, a: memory.place(a.data), b: memory.place(b.data) };
          expect(shiftCost(a, b, dx, dy, step, excludeA, excludeB, stepY, placed), `SIMD, trial ${trial} (${dx}, ${dy}) step ${step}/${stepY}`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(40 * 7 * 5);
  });

  it('reads a map given as a view of a larger one (a band of the frame) by its own rows', () => {
    const width = 40;
    const frame = new Uint8Array(width * 30);
    for (let x = 10; x < 20; x++) frame[20 * width + x] = 1;
    const band = frame.subarray(15 * width, 25 * width);
    const a: GrayImage = { data: Uint8Array.from({ length: width * 10 }, (_, at) => at % 7), width, height: 10 };
    const b: GrayImage = { data: Uint8Array.from({ length: width * 10 }, (_, at) => (at * 3) % 11), width, height: 10 };
    expect(shiftCost(a, b, 1, 0, 1, band, undefined)).toBe(referenceCost(a, b, 1, 0, 1, band, undefined));
    expect(shiftCost(a, b, 1, 0, 1, frame.subarray(0, width * 10), undefined)).toBe(referenceCost(a, b, 1, 0, 1, frame.subarray(0, width * 10), undefined));
  });

  it('pyramids written into the memory of ones no longer used are the pyramids made new, and give the same motion', () => {
    const next = random(11);
    const width = 500;
    const height = 280;
    // A panned picture: each frame the same texture moved by a few pixels, as the first pass sees it.
    const texture = Uint8Array.from({ length: (width + 80) * (height + 40) }, (_, at) => Math.round(128 + 60 * Math.sin(at * 0.013) + 50 * next()));
    const frame = (index: number): GrayImage => {
      const data = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = texture[(y + (index % 7)) * (width + 80) + x + 3 * index]!;
      return { data, width, height };
    };
    const exclude = new Uint8Array((width >> 1) * (height >> 1));
    for (let y = 100; y < 125; y++) for (let x = 30; x < 200; x++) exclude[y * (width >> 1) + x] = 1;
    let previousFresh: Pyramid | undefined;
    let previous: Pyramid | undefined;
    let spare: Pyramid | undefined;
    let reused = 0;
    for (let index = 0; index < 12; index++) {
      const image = frame(index);
      const fresh = pyramidOf(halve(image), exclude);
      const spareMemory = spare?.levels.map((level) => level.image.data.buffer);
      const pyramid = pyramidOf(halve(image, spare?.levels[0]?.image.data), exclude, undefined, spare);
      expect(pyramid.levels.length).toBe(fresh.levels.length);
      pyramid.levels.forEach((level, at) => {
        expect(level.image.data).toEqual(fresh.levels[at]!.image.data);
        if (spareMemory?.[at] === level.image.data.buffer) reused++;
      });
      if (previous && previousFresh) expect(estimatePyramidShift(previous, pyramid, { maxShift: 32 })).toEqual(estimatePyramidShift(previousFresh, fresh, { maxShift: 32 }));
      spare = previous;
      previous = pyramid;
      previousFresh = fresh;
    }
    // From the third frame on, every level is written over the memory of the frame two before.
    expect(reused).toBe(10 * previous!.levels.length);
  });
  it('halves a picture four bytes at a time exactly as pixel by pixel, for every size and start', () => {
    const next = random(5);
    const byHand = (image: GrayImage): Uint8Array => {
      const width = image.width >> 1;
      const out = new Uint8Array(width * (image.height >> 1));
      for (let y = 0; y < image.height >> 1; y++) {
        for (let x = 0; x < width; x++) {
          const at = 2 * y * image.width + 2 * x;
          out[y * width + x] = (image.data[at]! + image.data[at + 1]! + image.data[at + image.width]! + image.data[at + image.width + 1]! + 2) >> 2;
        }
      }
      return out;
    };
    // Widths that take the word path (a multiple of 4 whose half is even) and ones that do not; views that start off a word.
    for (const [width, height, offset] of [[1280, 36, 0], [640, 37, 0], [1284, 20, 0], [1282, 20, 0], [30, 9, 0], [1280, 20, 4], [1280, 20, 3]] as const) {
      const memory = Uint8Array.from({ length: width * height + offset }, () => Math.floor(next() * 256));
      // Extremes too: every lane at 255 (the largest sums) and at 0.
      memory.fill(255, offset, offset + width * 2);
      memory.fill(0, offset + width * 2, offset + width * 4);
      const image = { data: memory.subarray(offset, offset + width * height), width, height };
      expect(halve(image).data, `${width}×${height} from ${offset}`).toEqual(byHand(image));
    }
  });

  it('finds the same motion with its costs summed by WebAssembly SIMD as without', () => {
    const next = random(3);
    const width = 320;
    const height = 180;
    // Blocks of 6 × 6 pixels of random grey, blurred by a little noise: nowhere like itself moved.
    const blocks = Array.from({ length: 4096 }, () => Math.floor(next() * 200));
    const texture = Uint8Array.from({ length: (width + 60) * (height + 30) }, (_, at) => {
      const [x, y] = [at % (width + 60), Math.floor(at / (width + 60))];
      return blocks[(Math.floor(x / 6) * 61 + Math.floor(y / 6) * 7) % blocks.length]! + Math.floor(next() * 40);
    });
    const frame = (ox: number, oy: number): GrayImage => {
      const data = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = texture[(y + oy) * (width + 60) + x + ox]!;
      return { data, width, height };
    };
    const exclude = new Uint8Array(width * height);
    for (let y = 140; y < 160; y++) for (let x = 40; x < 280; x++) exclude[y * width + x] = 1;
    for (const [ox, oy] of [[0, 0], [5, 2], [13, 7], [30, 0], [2, 25]] as const) {
      const [a, b] = [pyramidOf(frame(0, 0), exclude), pyramidOf(frame(ox, oy), ox % 2 ? exclude : undefined)];
      const withSimd = estimatePyramidShift(a, b, { maxShift: 40 });
      expect(withSimd).toEqual(estimatePyramidShift(a, b, { maxShift: 40, simd: false }));
      // What is at (x, y) in the first is at (x − ox, y − oy) in the second.
      expect(Math.round(withSimd.dx) + ox).toBe(0);
      expect(Math.round(withSimd.dy) + oy).toBe(0);
    }
  });
});
