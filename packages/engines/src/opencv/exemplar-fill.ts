/**
 * Patch-based (exemplar) fill of the pixels no frame shows: the hole is filled block by block, in
 * reading order, each block with the pixels of the place nearby whose surroundings look most like
 * the block's own known surroundings (the picture around the hole and the blocks already filled).
 * A structure entering the hole (an edge, a stripe, a horizon) is matched where it lies just above
 * and carried on with its slope, and the picture's own texture and grain come with it, where a
 * diffusion (TELEA) draws a smooth band across. Only the listed pixels are written.
 */
import { indexBounds } from './erasure-masks.ts';

/** Side of a block filled at once. */
const BLOCK = 7;
/** Known pixels around a block compared (each side). */
const OVERLAP = 3;
/** Sources are looked for within this many pixels of the block across, and in the bands above and below the hole this deep, every `SEARCH_STEP` pixels. */
const SEARCH = 40;
const BAND_DEPTH = 20;
const SEARCH_STEP = 3;
/** Every n-th pixel of the surroundings is compared (both ways), which is plenty to rank candidates and halves the cost. */
const COMPARE_STEP = 2;
const WINDOW = BLOCK + 2 * OVERLAP;

/** What the exemplar fill did: the indices it could not fill, and where each pixel it filled was copied from. */
export interface ExemplarResult {
  /** Not filled (no source without hole pixels within reach): the caller inpaints them otherwise. */
  rest: Int32Array;
  /** Filled pixels and their sources (indices into the plane), pair by pair: the chroma follows the same copies. */
  filled: Int32Array;
  sources: Int32Array;
}

/** Fills the pixels at `indices` of `plane` (`width` × `height`) from patches of the picture around them. */
export function exemplarFill(plane: Uint8Array, width: number, height: number, indices: Int32Array): ExemplarResult {
  if (indices.length === 0) return { rest: indices, filled: new Int32Array(0), sources: new Int32Array(0) };
  const filled = new Int32Array(indices.length);
  const sources = new Int32Array(indices.length);
  let copied = 0;
  const { x0: hx0, y0: hy0, x1: hx1, y1: hy1 } = indexBounds(indices, width, height);
  // A crop around the hole holds every source and window reached.
  const cx0 = Math.max(0, hx0 - SEARCH - WINDOW);
  const cy0 = Math.max(0, hy0 - BAND_DEPTH - WINDOW);
  const cx1 = Math.min(width, hx1 + 1 + SEARCH + WINDOW);
  const cy1 = Math.min(height, hy1 + 1 + BAND_DEPTH + WINDOW);
  const cw = cx1 - cx0;
  const ch = cy1 - cy0;
  const unknown = new Uint8Array(cw * ch);
  for (const index of indices) {
    const x = index % width;
    unknown[((index - x) / width - cy0) * cw + (x - cx0)] = 1;
  }
  // Hole pixels per window-sized area (a summed-area table of the hole as it was): a source must hold none.
  const holes = new Int32Array((cw + 1) * (ch + 1));
  for (let y = 0; y < ch; y++) {
    let row = 0;
    for (let x = 0; x < cw; x++) {
      row += unknown[y * cw + x]!;
      holes[(y + 1) * (cw + 1) + x + 1] = holes[y * (cw + 1) + x + 1]! + row;
    }
  }
  const holesIn = (x: number, y: number) => holes[(y + WINDOW) * (cw + 1) + x + WINDOW]! - holes[y * (cw + 1) + x + WINDOW]! - holes[(y + WINDOW) * (cw + 1) + x]! + holes[y * (cw + 1) + x]!;
  const at = (x: number, y: number) => (cy0 + y) * width + cx0 + x;
  for (let by = hy0 - cy0; by <= hy1 - cy0; by += BLOCK) {
    for (let bx = hx0 - cx0; bx <= hx1 - cx0; bx += BLOCK) {
      // The block's window (top-left), kept inside the crop.
      const wx = Math.max(0, Math.min(cw - WINDOW, bx - OVERLAP));
      const wy = Math.max(0, Math.min(ch - WINDOW, by - OVERLAP));
      let missing = 0;
      for (let y = by; y < Math.min(ch, by + BLOCK); y++) for (let x = bx; x < Math.min(cw, bx + BLOCK); x++) missing += unknown[y * cw + x]!;
      if (missing === 0) continue;
      let best = Infinity;
      let bestX = -1;
      let bestY = -1;
      for (let sy = 0; sy <= ch - WINDOW; sy += SEARCH_STEP) {
        for (let sx = Math.max(0, wx - SEARCH); sx <= Math.min(cw - WINDOW, wx + SEARCH); sx += SEARCH_STEP) {
          if (holesIn(sx, sy) > 0) continue;
          let cost = 0;
          let compared = 0;
          for (let y = 0; y < WINDOW && cost < best; y += COMPARE_STEP) {
            for (let x = (y >> 1) & 1; x < WINDOW; x += COMPARE_STEP) {
              if (unknown[(wy + y) * cw + wx + x]) continue;
              const difference = plane[at(wx + x, wy + y)]! - plane[at(sx + x, sy + y)]!;
              cost += difference * difference;
              compared++;
            }
          }
          if (compared === 0) continue;
          // A little preference for nearby sources: among equals, the closer continues the structure.
          cost += ((sx - wx) ** 2 + (sy - wy) ** 2) * 0.01 * compared;
          if (cost < best) {
            best = cost;
            bestX = sx;
            bestY = sy;
          }
        }
      }
      if (bestX < 0) continue;
      for (let y = by; y < Math.min(ch, by + BLOCK); y++) {
        for (let x = bx; x < Math.min(cw, bx + BLOCK); x++) {
          if (!unknown[y * cw + x]) continue;
          const source = at(bestX + (x - wx), bestY + (y - wy));
          plane[at(x, y)] = plane[source]!;
          filled[copied] = at(x, y);
          sources[copied++] = source;
          unknown[y * cw + x] = 0;
        }
      }
    }
  }
  let left = 0;
  for (const value of unknown) left += value;
  const rest = new Int32Array(left);
  let item = 0;
  for (let y = 0; y < ch && item < left; y++) for (let x = 0; x < cw; x++) if (unknown[y * cw + x]) rest[item++] = at(x, y);
  return { rest, filled: filled.subarray(0, copied), sources: sources.subarray(0, copied) };
}

/**
 * The chroma of the pixels at `indices` (4:2:0 planes `chromaWidth` wide, from `offsetU`/`offsetV` of
 * `data`) copied from where their luma was: a patch brings its colour with its light. Returns the
 * chroma indices left (no luma copy covers them, or their source is itself still to fill).
 */
export function followChroma(data: Uint8Array, width: number, chromaWidth: number, offsetU: number, offsetV: number, indices: Int32Array, luma: ExemplarResult): Int32Array {
  if (indices.length === 0 || luma.filled.length === 0) return indices;
  const pending = new Set(indices);
  const from = new Map<number, number>();
  for (let item = 0; item < luma.filled.length; item++) {
    const target = luma.filled[item]!;
    const source = luma.sources[item]!;
    const tx = target % width;
    const sx = source % width;
    const chromaTarget = ((target - tx) / width >> 1) * chromaWidth + (tx >> 1);
    if (!from.has(chromaTarget)) from.set(chromaTarget, ((source - sx) / width >> 1) * chromaWidth + (sx >> 1));
  }
  const left: number[] = [];
  for (const index of indices) {
    const source = from.get(index);
    if (source === undefined || pending.has(source)) {
      left.push(index);
      continue;
    }
    data[offsetU + index] = data[offsetU + source]!;
    data[offsetV + index] = data[offsetV + source]!;
  }
  return Int32Array.from(left);
}
