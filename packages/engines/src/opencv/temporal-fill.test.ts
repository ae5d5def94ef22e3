import { describe, expect, it } from 'vitest';
import { frameMask, packPixels, type FrameMask, type MaskShape } from './erasure-masks.ts';
import { bitsAt } from './pixel-bits.ts';
import { bilinearSkip, copyRows, fillFrame, yuvLayout, type NeighbourFrame } from './temporal-fill.ts';

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

describe('fillFrame: which neighbour fills which pixel (decision 104: pixels left kept as bits)', () => {
  let seed = 5;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const small = yuvLayout(90, 48);
  const smallBytes = small.vOffset + small.chromaWidth * small.chromaHeight;
  /** The luma texture moved by `position` (whole pixels); both chroma planes `chroma`: a neighbour's mark, never read by the ring. */
  function picture(position: { dx: number; dy: number }, chroma: number): Uint8Array {
    const data = new Uint8Array(smallBytes).fill(chroma);
    for (let y = 0; y < small.height; y++) {
      for (let x = 0; x < small.width; x++) data[y * small.width + x] = (((x - position.dx) * 37 + (y - position.dy) * 91 + 5) * 2654435761) >>> 24;
    }
    return data;
  }
  /** A mask of glyph-like pieces (boxes with holes), near the picture's edges too. */
  function glyphMask(): FrameMask {
    const shapes: MaskShape[] = Array.from({ length: 3 }, () => {
      const width = 6 + Math.floor(random() * 40);
      const height = 4 + Math.floor(random() * 14);
      const box = { x: Math.floor(random() * (small.width - width + 1)), y: Math.floor(random() * (small.height - height + 1)), width, height };
      return { box, firstFrame: 0, lastFrame: 9, kind: 'text', pixelBits: packPixels(Uint8Array.from({ length: width * height }, () => (random() < 0.6 ? 1 : 0))) };
    });
    return frameMask(shapes, small.width, small.height)!;
  }

  it('takes each masked pixel from the first neighbour (1, -1, 2, -2 …) that holds it unmasked, at whole-pixel shifts', () => {
    // What no neighbour shows is filled with patches and inpainted (not checked here: the count from neighbours is).
    const options = { windowFrames: 4, temporal: true, maxRingDifference: 10, inpaint: (plane: Uint8Array, _width: number, _height: number, indices: Int32Array) => indices.forEach((index) => (plane[index] = 0)) };
    for (let trial = 0; trial < 25; trial++) {
      const mask = glyphMask();
      const current: NeighbourFrame = { data: picture({ dx: 0, dy: 0 }, 0), mask, position: { dx: 0, dy: 0 } };
      const order = [1, -1, 2, -2, 3, -3, 4, -4];
      const neighbours = new Map<number, NeighbourFrame>();
      for (const [rank, offset] of order.entries()) {
        if (random() < 0.15) continue;
        const position = { dx: Math.round((random() - 0.5) * 60), dy: Math.round((random() - 0.5) * 8) };
        let frame: NeighbourFrame = { data: picture(position, 10 + rank), mask: random() < 0.25 ? glyphMask() : random() < 0.15 ? undefined : mask, position };
        if (random() < 0.4) {
          const rowOffset = 2 * Math.floor(random() * 8);
          const rows = 2 * (1 + Math.floor(random() * ((small.height - rowOffset) / 2 - 1)));
          frame = { ...frame, data: copyRows(frame.data, small, rowOffset, rows, new Uint8Array(small.width * rows + 2 * small.chromaWidth * (rows >> 1))), rowOffset, rows };
        }
        neighbours.set(offset, frame);
      }
      const { data, stats } = fillFrame(current, (offset) => neighbours.get(offset), small, options);
      // A neighbour whose ring disagrees, or that holds too little of it, is refused: one that fills nothing when it is the only one.
      for (const [offset, frame] of neighbours) {
        const alone = fillFrame(current, (at) => (at === offset ? frame : undefined), small, options);
        if (alone.stats.fromNeighbours === 0) neighbours.delete(offset);
      }
      // The reference: pixel by pixel, neighbour by neighbour.
      const holds = (frame: NeighbourFrame, x: number, y: number, width: number, height: number, shift: number, map: Uint8Array | undefined) => {
        const rowOffset = (frame.rowOffset ?? 0) >> shift;
        const rows = (frame.rows ?? small.height) >> shift;
        return x >= 0 && x < width && y >= 0 && y < height && y >= rowOffset && y < rowOffset + rows && !map?.[y * width + x];
      };
      let fromNeighbours = 0;
      for (let y = 0; y < small.height; y++) {
        for (let x = 0; x < small.width; x++) {
          if (!mask.luma[y * small.width + x]) continue;
          const source = order.find((offset) => {
            const frame = neighbours.get(offset);
            return frame && !(frame.position.dx === 0 && frame.position.dy === 0 && frame.mask === mask) && holds(frame, x + frame.position.dx, y + frame.position.dy, small.width, small.height, 0, frame.mask?.luma);
          });
          if (source === undefined) continue;
          // The background there (the texture moved back), whichever neighbour it came from.
          fromNeighbours++;
          expect(data[y * small.width + x]).toBe(current.data[y * small.width + x]);
        }
      }
      expect(stats.fromNeighbours).toBe(fromNeighbours);
      // Chroma: each neighbour's mark says which one filled the pixel (an odd shift reads chroma between pixels: the same mark).
      for (let y = 0; y < small.chromaHeight; y++) {
        for (let x = 0; x < small.chromaWidth; x++) {
          if (!mask.chroma[y * small.chromaWidth + x]) continue;
          const source = order.find((offset) => {
            const frame = neighbours.get(offset);
            if (!frame || (frame.position.dx === 0 && frame.position.dy === 0 && frame.mask === mask)) return false;
            const { dx, dy } = { dx: frame.position.dx / 2, dy: frame.position.dy / 2 };
            if (Number.isInteger(dx) && Number.isInteger(dy)) return holds(frame, x + dx, y + dy, small.chromaWidth, small.chromaHeight, 1, frame.mask?.chroma);
            const x0 = Math.min(small.chromaWidth - 2, Math.floor(x + dx));
            const y0 = Math.min(small.chromaHeight - 2, Math.floor(y + dy));
            const corners = [[x0, y0], [x0 + 1, y0], [x0, y0 + 1], [x0 + 1, y0 + 1]] as const;
            return x + dx >= 0 && y + dy >= 0 && x + dx <= small.chromaWidth - 1 && y + dy <= small.chromaHeight - 1 && corners.every(([cx, cy]) => holds(frame, cx, cy, small.chromaWidth, small.chromaHeight, 1, frame.mask?.chroma));
          });
          if (source === undefined) continue;
          expect(data[small.uOffset + y * small.chromaWidth + x]).toBe(10 + order.indexOf(source));
          expect(data[small.vOffset + y * small.chromaWidth + x]).toBe(10 + order.indexOf(source));
        }
      }
    }
  });

  it('skips, for a bilinear read, only pixels that read could not take (every shift, the last column and row too)', () => {
    for (let trial = 0; trial < 40; trial++) {
      const mask = glyphMask();
      const plan = { width: small.width, height: small.height };
      // Shifts just under and over whole pixels (where x + shift rounds to the next whole pixel), and any fraction.
      const fraction = [1e-15, 1 - 1e-15, 0.5, random(), 1 - 1e-13][trial % 5]!;
      const shiftX = Math.floor((random() - 0.5) * 40) + fraction;
      const shiftY = Math.floor((random() - 0.5) * 10) + [random(), 1 - 1e-15, 0.25][trial % 3]!;
      const bits = frameBits(mask);
      const skip = bilinearSkip(bits, shiftX, shiftY)!;
      for (let y = 0; y < plan.height; y++) {
        for (let x = 0; x < plan.width; x++) {
          // The read's own test (temporal-fill.ts, the bilinear luma branch).
          const sx = x + shiftX;
          const sy = y + shiftY;
          const x0 = Math.min(plan.width - 2, Math.floor(sx));
          const y0 = Math.min(plan.height - 2, Math.floor(sy));
          const corner = y0 * plan.width + x0;
          const takes = !(sx < 0 || sy < 0 || sx > plan.width - 1 || sy > plan.height - 1) && !(mask.luma[corner] || mask.luma[corner + 1] || mask.luma[corner + plan.width] || mask.luma[corner + plan.width + 1]);
          const skipped = (bitsAt(skip.bits, y + skip.dy, x + skip.dx) & 1) === 1;
          if (takes) expect(skipped).toBe(false);
        }
      }
    }
    function frameBits(mask: FrameMask) {
      const { x0, y0, x1, y1 } = mask.bounds;
      return { y0, y1, w0: x0 >> 5, w1: (x1 + 31) >> 5, words: wordsOf(mask, x0, y0, x1, y1) };
    }
    function wordsOf(mask: FrameMask, x0: number, y0: number, x1: number, y1: number): Uint32Array {
      const span = ((x1 + 31) >> 5) - (x0 >> 5);
      const words = new Uint32Array((y1 - y0) * span);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (mask.luma[y * small.width + x]) words[(y - y0) * span + (x >> 5) - (x0 >> 5)]! |= 1 << (x & 31);
      return words;
    }
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
