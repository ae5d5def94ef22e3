import { describe, expect, it } from 'vitest';
import { frameMask, type MaskShape } from './erasure-masks.ts';
import { copyRows, fillFrame, yuvLayout, type NeighbourFrame } from './temporal-fill.ts';

const layout = yuvLayout(96, 64);
const bytes = layout.vOffset + layout.chromaWidth * layout.chromaHeight;

/** A textured frame (seeded), the picture moved `dx` pixels to the right. */
function frame(seed: number, dx: number): Uint8Array {
  const data = new Uint8Array(bytes);
  for (let y = 0; y < layout.height; y++) for (let x = 0; x < layout.width; x++) data[y * layout.width + x] = (((x - dx) * 37 + y * 91 + seed) * 2654435761) >>> 24;
  for (let index = layout.uOffset; index < bytes; index++) data[index] = (index * 13 + seed) & 255;
  return data;
}

describe('fillFrame', () => {
  const shape: MaskShape = { box: { x: 30, y: 24, width: 36, height: 14 }, firstFrame: 0, lastFrame: 10, kind: 'area' };
  const mask = frameMask([shape], layout.width, layout.height)!;

  it.each([false, true])('writes only masked pixels, from neighbours, patches or inpainting (in place: %s)', (inPlace) => {
    const current: NeighbourFrame = { data: frame(1, 0), mask, position: { dx: 0, dy: 0 } };
    const before = current.data.slice();
    // One neighbour whose picture moved 20 px (shows part of what the mask hides), one at a wrong place (refused on the ring).
    const neighbours = new Map<number, NeighbourFrame>([
      [1, { data: frame(1, 20), mask, position: { dx: 20, dy: 0 } }],
      [-1, { data: frame(9, 3), mask, position: { dx: 0, dy: 0 } }],
    ]);
    const { data, stats } = fillFrame(current, (offset) => neighbours.get(offset), layout, {
      windowFrames: 2,
      temporal: true,
      maxRingDifference: 10,
      inpaint: (plane, _width, _height, indices) => {
        for (const index of indices) plane[index] = 128;
      },
    }, undefined, inPlace);
    expect(stats.fromNeighbours).toBeGreaterThan(0);
    // What no neighbour shows: patches of the picture around (and the inpainter for what they do not reach).
    expect(stats.inpainted).toBeGreaterThan(0);
    let changedOutside = 0;
    let changedInside = 0;
    for (let index = 0; index < layout.uOffset; index++) {
      if (data[index] === before[index]) continue;
      if (mask.luma[index]) changedInside++;
      else changedOutside++;
    }
    for (let index = 0; index < layout.chromaWidth * layout.chromaHeight; index++) {
      for (const offset of [layout.uOffset, layout.vOffset]) if (data[offset + index] !== before[offset + index] && !mask.chroma[index]) changedOutside++;
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
    expect(data === current.data).toBe(inPlace);
    // What came from the neighbour is its picture, moved back: exact, whole-pixel shift.
    const y = 30;
    const x = 60;
    expect(data[y * layout.width + x]).toBe(frame(1, 0)[y * layout.width + x]);
  });

  it('takes the motion of the rows around the masks when the whole frame\'s is refused on the ring', () => {
    const current: NeighbourFrame = { data: frame(1, 0), mask, position: { dx: 0, dy: 0 }, bandPosition: { dx: 0, dy: 0 } };
    // The whole frame's estimate says still (a still title card elsewhere held it); the rows around the mask moved 20 px.
    const moved: NeighbourFrame = { data: frame(1, 20), mask, position: { dx: 0, dy: 0 }, bandPosition: { dx: 20, dy: 0 } };
    const options = { windowFrames: 1, temporal: true, maxRingDifference: 10, inpaint: (plane: Uint8Array, _width: number, _height: number, indices: Int32Array) => indices.forEach((index) => (plane[index] = 128)) };
    const { data, stats } = fillFrame(current, (offset) => (offset === 1 ? moved : undefined), layout, options);
    expect(stats.fromNeighbours).toBeGreaterThan(0);
    expect(data[30 * layout.width + 60]).toBe(frame(1, 0)[30 * layout.width + 60]);
    // Without the band's motion the neighbour is refused.
    const { stats: without } = fillFrame(current, (offset) => (offset === 1 ? { ...moved, bandPosition: undefined } : undefined), layout, options);
    expect(without.fromNeighbours).toBe(0);
  });
});

describe('copyRows', () => {
  it("gives the rows of a yuv420p frame as a frame of those rows alone, as ffmpeg's crop does (odd width too)", () => {
    for (const odd of [yuvLayout(7, 10), yuvLayout(96, 64)]) {
      const whole = Uint8Array.from({ length: odd.vOffset + odd.chromaWidth * odd.chromaHeight }, (_, index) => (index * 29) & 255);
      const rowOffset = 4;
      const rows = 4;
      const band = copyRows(whole, odd, rowOffset, rows, new Uint8Array(odd.width * rows + 2 * odd.chromaWidth * (rows >> 1)).fill(255));
      const expected: number[] = [];
      for (let y = rowOffset; y < rowOffset + rows; y++) for (let x = 0; x < odd.width; x++) expected.push(whole[y * odd.width + x]!);
      for (const plane of [odd.uOffset, odd.vOffset]) for (let y = rowOffset >> 1; y < (rowOffset + rows) >> 1; y++) for (let x = 0; x < odd.chromaWidth; x++) expected.push(whole[plane + y * odd.chromaWidth + x]!);
      expect([...band]).toEqual(expected);
    }
    expect(() => copyRows(new Uint8Array(bytes), layout, 3, 4, new Uint8Array(96 * 4 + 2 * 48 * 2))).toThrow(RangeError);
    expect(() => copyRows(new Uint8Array(bytes), layout, 4, 4, new Uint8Array(10))).toThrow(RangeError);
  });
});
