/**
 * Patch-based (exemplar) fill of the pixels no frame shows: the hole is filled block by block, a row
 * of blocks at a time from its top and its bottom in turn, each block with the pixels of the place
 * nearby whose surroundings look most like the block's own known surroundings (the picture around
 * the hole and the blocks already filled). A structure entering the hole (an edge, a stripe, a
 * horizon) is matched where it lies just above or below and carried on with its slope, and the picture's own texture and grain come with it, where a
 * diffusion (TELEA) draws a smooth band across. A block's seams with the blocks before it are cut where old and new agree,
 * and a block never copies again the pixels a block near it copied (decision 081: both, left out, striped an animated
 * texture every 7 px). Only the listed pixels are written.
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
/** Rows of the window compared (every `COMPARE_STEP`-th). */
const COMPARED_ROWS = Math.ceil(WINDOW / COMPARE_STEP);

/** The first place of a grid of `SEARCH_STEP` through `from` that lies in the picture. */
const gridStart = (from: number) => (from >= 0 ? from : from + Math.ceil(-from / SEARCH_STEP) * SEARCH_STEP);

/**
 * Whether a source at (`sx`, `sy`) shares pixels with one of the `near` sources (x, y pairs): the same pixels copied again a
 * block or two away repeat at the block's period (a block copied under itself gives stripes 7 px apart). Carrying a source on
 * (the next block's worth of its picture) shares none.
 */
function repeats(near: readonly number[], sx: number, sy: number): boolean {
  for (let item = 0; item < near.length; item += 2) if (Math.abs(near[item]! - sx) < BLOCK && Math.abs(near[item + 1]! - sy) < BLOCK) return true;
  return false;
}

/**
 * Where a new block takes over across an overlap `OVERLAP` deep along `length` places: at each place the depth (0 … OVERLAP − 1,
 * counted from the far side) from which the new block's pixels are used, on the connected path (a step of at most one
 * between neighbours) of least summed `cost(place, depth)`: the seam runs where the old and the new pixels agree.
 */
function overlapCut(length: number, cost: (place: number, depth: number) => number): Int8Array {
  const total = new Float64Array(length * OVERLAP);
  for (let place = 0; place < length; place++) {
    for (let depth = 0; depth < OVERLAP; depth++) {
      let before = 0;
      if (place > 0) {
        before = Infinity;
        for (let from = Math.max(0, depth - 1); from <= Math.min(OVERLAP - 1, depth + 1); from++) before = Math.min(before, total[(place - 1) * OVERLAP + from]!);
      }
      total[place * OVERLAP + depth] = before + cost(place, depth);
    }
  }
  const cut = new Int8Array(length);
  for (let place = length - 1; place >= 0; place--) {
    let best = Infinity;
    const next = place === length - 1 ? -1 : cut[place + 1]!;
    for (let depth = 0; depth < OVERLAP; depth++) {
      if (next >= 0 && Math.abs(depth - next) > 1) continue;
      if (total[place * OVERLAP + depth]! < best) {
        best = total[place * OVERLAP + depth]!;
        cut[place] = depth;
      }
    }
  }
  return cut;
}

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
  const rows = Math.floor((hy1 - hy0) / BLOCK) + 1;
  const columns = Math.floor((hx1 - hx0) / BLOCK) + 1;
  /** Per block (row by row), its window's and its source's top-left corners (crop coordinates); −1: not filled. */
  const placed = new Int32Array(rows * columns * 4).fill(-1);
  const placedAt = (row: number, column: number) => (row >= 0 && row < rows && column >= 0 && column < columns && placed[(row * columns + column) * 4]! >= 0 ? (row * columns + column) * 4 : -1);
  /** For each pixel filled, its pair in `filled`/`sources` (−1: the picture's own or not yet filled): a later block's cut may copy it again. */
  const pairOf = new Int32Array(cw * ch).fill(-1);
  const windowValues = new Int32Array(WINDOW * WINDOW);
  const windowPlaces = new Int32Array(WINDOW * WINDOW);
  const rowEnds = new Int32Array(COMPARED_ROWS);
  // Block rows from both sides in turn (top, bottom, second, last but one …): each half grows from the picture it touches, and
  // the bottom row meets the picture below through a cut, not along a straight seam.
  for (let turn = 0; turn < rows; turn++) {
    const row = turn % 2 === 0 ? turn / 2 : rows - 1 - (turn - 1) / 2;
    const by = hy0 - cy0 + row * BLOCK;
    for (let column = 0; column < columns; column++) {
      const bx = hx0 - cx0 + column * BLOCK;
      // The block's window (top-left), kept inside the crop.
      const wx = Math.max(0, Math.min(cw - WINDOW, bx - OVERLAP));
      const wy = Math.max(0, Math.min(ch - WINDOW, by - OVERLAP));
      let missing = 0;
      for (let y = by; y < Math.min(ch, by + BLOCK); y++) for (let x = bx; x < Math.min(cw, bx + BLOCK); x++) missing += unknown[y * cw + x]!;
      if (missing === 0) continue;
      // The sources of the blocks filled around (two blocks every way): copying their pixels again here would repeat them.
      const near: number[] = [];
      for (let other = row - 2; other <= row + 2; other++) {
        for (let across = column - 2; across <= column + 2; across++) {
          const item = placedAt(other, across);
          if (item >= 0) near.push(placed[item + 2]!, placed[item + 3]!);
        }
      }
      let best = Infinity;
      let bestX = -1;
      let bestY = -1;
      // The window's known pixels compared, listed once per block: their values, and their places from a source's corner
      // (the plane does not change while the sources are ranked); `rowEnds` closes each compared row.
      let listed = 0;
      for (let row = 0, y = 0; y < WINDOW; y += COMPARE_STEP, row++) {
        for (let x = (y >> 1) & 1; x < WINDOW; x += COMPARE_STEP) {
          if (unknown[(wy + y) * cw + wx + x]) continue;
          windowValues[listed] = plane[at(wx + x, wy + y)]!;
          windowPlaces[listed++] = y * width + x;
        }
        rowEnds[row] = listed;
      }
      const consider = (sx: number, sy: number) => {
        if (listed === 0 || holesIn(sx, sy) > 0 || repeats(near, sx, sy)) return;
        // A little preference for nearby sources: among equals, the closer continues the structure.
        const distance = ((sx - wx) ** 2 + (sy - wy) ** 2) * 0.01 * listed;
        // The sum stops growing once it and the distance reach the best: what it would add cannot make this source the best
        // (the distance counted from the start gives far sources up sooner; the costs compared are the same numbers).
        const corner = at(sx, sy);
        let sum = 0;
        let item = 0;
        for (let row = 0; row < COMPARED_ROWS && sum + distance < best; row++) {
          for (const end = rowEnds[row]!; item < end; item++) {
            const difference = windowValues[item]! - plane[corner + windowPlaces[item]!]!;
            sum += difference * difference;
          }
        }
        if (item < listed) return;
        const cost = sum + distance;
        if (cost < best) {
          best = cost;
          bestX = sx;
          bestY = sy;
        }
      };
      // First the copies of the blocks just left, above and below carried on (usually close to the best, they let most other
      // candidates be given up after a few rows)…
      for (const item of [placedAt(row, column - 1), placedAt(row - 1, column), placedAt(row + 1, column)]) {
        if (item < 0) continue;
        const sx = wx + placed[item + 2]! - placed[item]!;
        const sy = wy + placed[item + 3]! - placed[item + 1]!;
        if (sx >= 0 && sy >= 0 && sx <= cw - WINDOW && sy <= ch - WINDOW) consider(sx, sy);
      }
      // …then a grid laid from the block's own window, so that a neighbour's source moved on by a block (carrying on its copy,
      // seamless) is on it: laid from the crop's corner, every third row missed the 7 rows below a source.
      for (let sy = wy % SEARCH_STEP; sy <= ch - WINDOW; sy += SEARCH_STEP) {
        for (let sx = gridStart(wx - SEARCH); sx <= Math.min(cw - WINDOW, wx + SEARCH); sx += SEARCH_STEP) consider(sx, sy);
      }
      if (bestX < 0) continue;
      placed.set([wx, wy, bestX, bestY], (row * columns + column) * 4);
      const source = (x: number, y: number) => at(bestX + (x - wx), bestY + (y - wy));
      /** How far the new patch is from what is there (0 where what is there is the picture's own: it stays). */
      const agreement = (x: number, y: number) => (pairOf[y * cw + x]! < 0 ? 0 : (plane[at(x, y)]! - plane[source(x, y)]!) ** 2);
      const blockX1 = Math.min(cw, bx + BLOCK);
      const blockY1 = Math.min(ch, by + BLOCK);
      // The block's edges with the blocks filled before it are cut where the two agree best (image quilting's boundary cut),
      // not along the block's straight sides: a straight seam every block is a stripe every 7 px.
      const recopy = (x: number, y: number) => {
        const pair = pairOf[y * cw + x]!;
        if (pair < 0) return;
        sources[pair] = source(x, y);
        plane[at(x, y)] = plane[sources[pair]!]!;
      };
      // Above and below (the window is the block's, not moved at the crop's edge).
      if (wy === by - OVERLAP) {
        const top = overlapCut(blockX1 - bx, (column, depth) => (unknown[by * cw + bx + column] ? agreement(bx + column, wy + depth) : 0));
        for (let column = 0; column < top.length; column++) if (unknown[by * cw + bx + column]) for (let y = wy + top[column]!; y < by; y++) recopy(bx + column, y);
        const last = blockY1 - 1;
        const bottom = overlapCut(blockX1 - bx, (column, depth) => (unknown[last * cw + bx + column] ? agreement(bx + column, wy + WINDOW - 1 - depth) : 0));
        for (let column = 0; column < bottom.length; column++) if (unknown[last * cw + bx + column]) for (let y = wy + WINDOW - 1 - bottom[column]!; y >= by + BLOCK; y--) recopy(bx + column, y);
      }
      if (wx === bx - OVERLAP) {
        const cut = overlapCut(blockY1 - by, (row, depth) => (unknown[(by + row) * cw + bx] ? agreement(wx + depth, by + row) : 0));
        for (let row = 0; row < cut.length; row++) if (unknown[(by + row) * cw + bx]) for (let x = wx + cut[row]!; x < bx; x++) recopy(x, by + row);
      }
      for (let y = by; y < blockY1; y++) {
        for (let x = bx; x < blockX1; x++) {
          if (!unknown[y * cw + x]) continue;
          sources[copied] = source(x, y);
          plane[at(x, y)] = plane[sources[copied]!]!;
          filled[copied] = at(x, y);
          pairOf[y * cw + x] = copied++;
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
