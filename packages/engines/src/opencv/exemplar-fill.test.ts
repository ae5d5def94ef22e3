import { describe, expect, it } from 'vitest';
import { rowChangeAutocorrelation, STRIPE_PERIOD } from '../testing/erasure-score.ts';
import { exemplarFill } from './exemplar-fill.ts';

const width = 240;
const height = 150;

/** A seeded random texture of blobs (values on a 5 px grid, bilinear, with grain): no period of its own. */
function texture(seed: number): Uint8Array {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const cell = 5;
  const gridWidth = Math.ceil(width / cell) + 2;
  const grid = Array.from({ length: gridWidth * (Math.ceil(height / cell) + 2) }, () => (random() < 0.35 ? 170 : 40));
  const plane = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const gy = y / cell;
      const ix = Math.floor(gx);
      const iy = Math.floor(gy);
      const fx = gx - ix;
      const fy = gy - iy;
      const at = (cx: number, cy: number) => grid[cy * gridWidth + cx]!;
      const value = (at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx) * (1 - fy) + (at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx) * fy;
      plane[y * width + x] = Math.round(value + (random() - 0.5) * 16);
    }
  }
  return plane;
}

/** The indices of a subtitle line's hole: a band 42 rows tall, wider than the search reaches across. */
const hole = { x0: 30, y0: 54, x1: 210, y1: 96 };
const holeIndices = Int32Array.from({ length: (hole.x1 - hole.x0) * (hole.y1 - hole.y0) }, (_, item) => {
  const holeWidth = hole.x1 - hole.x0;
  return (hole.y0 + Math.floor(item / holeWidth)) * width + hole.x0 + (item % holeWidth);
});

describe('exemplarFill', () => {
  it('fills every pixel of the hole and no other', () => {
    const picture = texture(1);
    const plane = picture.slice();
    const result = exemplarFill(plane, width, height, holeIndices);
    expect(result.rest.length).toBe(0);
    expect(result.filled.length).toBe(holeIndices.length);
    const inHole = new Uint8Array(width * height);
    for (const index of holeIndices) inHole[index] = 1;
    for (let index = 0; index < plane.length; index++) if (!inHole[index]) expect(plane[index]).toBe(picture[index]);
    for (const source of result.sources) expect(inHole[source]).toBe(0);
  });

  it.each([1, 2, 3])('leaves no stripes at its block period on a texture without one (seed %i)', (seed) => {
    const picture = texture(seed);
    const plane = picture.slice();
    exemplarFill(plane, width, height, holeIndices);
    const measure = (image: Uint8Array) => rowChangeAutocorrelation(image, width, hole.x0, hole.y0 - 3, hole.x1, hole.y1 + 3, STRIPE_PERIOD);
    // The texture itself: about 0. A seam or a repeated block every 7 rows across the band lifts it towards 1.
    expect(Math.abs(measure(picture))).toBeLessThan(0.3);
    expect(measure(plane)).toBeLessThan(0.3);
  });
});
