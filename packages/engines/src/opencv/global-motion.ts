/**
 * Global motion between two frames (camera pan) as one translation, by block matching on a
 * pyramid of the luma: an exhaustive search on the smallest level, ±1 pixel refinements on the
 * larger ones, and a parabola through the costs around the best shift for the sub-pixel part.
 * Pixels marked in an exclusion map (burned-in text, which does not move with the picture) are left
 * out of the cost.
 */

import { SadMemory } from './sad-wasm.ts';

/** One channel of 8-bit pixels, row after row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Content displacement: what is at (x, y) in the first frame is at (x + dx, y + dy) in the second. */
export interface Shift {
  dx: number;
  dy: number;
}

/**
 * The picture brought down to half its size (2 × 2 averages; `halveMask` halves an exclusion map).
 * `into`: memory no longer used to write it in (every pixel is written), when it has the size.
 */
export function halve(image: GrayImage, into?: Uint8Array): GrayImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = into?.length === width * height ? into : new Uint8Array(width * height);
  const source = image.data;
  const stride = image.width;
  if (LITTLE_ENDIAN && (source.byteOffset & 3) === 0 && (stride & 3) === 0 && (width & 1) === 0) {
    halveByWords(source, stride, data, width, height);
    return { data, width, height };
  }
  for (let y = 0; y < height; y++) {
    const row = 2 * y * stride;
    for (let x = 0; x < width; x++) {
      const at = row + 2 * x;
      data[y * width + x] = (source[at]! + source[at + 1]! + source[at + stride]! + source[at + stride + 1]! + 2) >> 2;
    }
  }
  return { data, width, height };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * `halve` four source bytes at a time (rows whose length is a multiple of 4, from a 4-aligned
 * start): each 32-bit word of a row pair gives two pixels, the sums of its byte pairs in two 16-bit
 * lanes (at most 1,022: no carry between them). The same integers as byte by byte; about twice as fast.
 */
function halveByWords(source: Uint8Array, stride: number, data: Uint8Array, width: number, height: number): void {
  const words = new Uint32Array(source.buffer, source.byteOffset, source.length >> 2);
  const wordStride = stride >> 2;
  const pairs = width >> 1;
  for (let y = 0; y < height; y++) {
    let top = 2 * y * wordStride;
    let bottom = top + wordStride;
    let out = y * width;
    for (let pair = 0; pair < pairs; pair++) {
      const upper = words[top++]!;
      const lower = words[bottom++]!;
      const sum = (upper & 0x00ff00ff) + ((upper >>> 8) & 0x00ff00ff) + (lower & 0x00ff00ff) + ((lower >>> 8) & 0x00ff00ff) + 0x00020002;
      data[out++] = (sum >>> 2) & 0xff;
      data[out++] = (sum >>> 18) & 0xff;
    }
  }
}

/** An exclusion map halved: a pixel is excluded when any of its four is. */
export function halveMask(mask: Uint8Array, width: number, height: number): Uint8Array {
  const halfWidth = width >> 1;
  const halfHeight = height >> 1;
  const half = new Uint8Array(halfWidth * halfHeight);
  for (let y = 0; y < halfHeight; y++) {
    for (let x = 0; x < halfWidth; x++) {
      const at = 2 * y * width + 2 * x;
      half[y * halfWidth + x] = mask[at]! | mask[at + 1]! | mask[at + width]! | mask[at + width + 1]!;
    }
  }
  return half;
}

/** Per row, the excluded columns as [start, end) pairs, in order (empty: none). */
type ExcludedRuns = Int32Array[];

/**
 * Runs of the maps seen, by their memory (a band's map is a new view of its frame's map every frame).
 * A map is not changed once it has been used.
 */
const runsCache = new WeakMap<ArrayBufferLike, Map<string, ExcludedRuns>>();

/**
 * An exclusion map as runs of excluded columns per row, made once per map: the cost below then
 * sums the pixels between runs without looking at the map pixel by pixel (masks are a few boxes).
 */
function excludedRuns(map: Uint8Array, width: number, height: number): ExcludedRuns {
  const key = `${map.byteOffset}:${width}x${height}`;
  let byView = runsCache.get(map.buffer);
  const known = byView?.get(key);
  if (known) return known;
  const rows: ExcludedRuns = [];
  for (let y = 0; y < height; y++) {
    const pairs: number[] = [];
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!map[row + x]) continue;
      const start = x;
      while (x < width && map[row + x]) x++;
      pairs.push(start, x);
    }
    rows.push(Int32Array.from(pairs));
  }
  if (!byView) runsCache.set(map.buffer, (byView = new Map()));
  byView.set(key, rows);
  return rows;
}

const NO_RUNS = new Int32Array(0);

/**
 * Sum of |a[i] − b[i + offset]| for i = start, start + step, … below `end`: the cost's inner loop, two
 * pixels a turn on 32-bit integer sums with a branchless absolute value (about 1.5× the speed of
 * one pixel a turn on a float sum; the same integer, so the same cost).
 */
function spanSum(ad: Uint8Array, bd: Uint8Array, start: number, end: number, offset: number, step: number): number {
  let even = 0;
  let odd = 0;
  const stride = 2 * step;
  let at = start;
  for (; at + step < end; at += stride) {
    const first = ad[at]! - bd[at + offset]!;
    const firstSign = first >> 31;
    even = (even + ((first ^ firstSign) - firstSign)) | 0;
    const second = ad[at + step]! - bd[at + step + offset]!;
    const secondSign = second >> 31;
    odd = (odd + ((second ^ secondSign) - secondSign)) | 0;
  }
  if (at < end) {
    const last = ad[at]! - bd[at + offset]!;
    const lastSign = last >> 31;
    even = (even + ((last ^ lastSign) - lastSign)) | 0;
  }
  return even + odd;
}

/** `a` and `b` copied into a `SadMemory` (their addresses there): the spans are summed by WebAssembly SIMD. */
export interface PlacedPair {
  memory: SadMemory;
  a: number;
  b: number;
}

/**
 * Mean absolute difference of `a` at p and `b` at p + (dx, dy) over every `step`-th pixel both have
 * (and neither excludes), every `stepY`-th row (default `step`); Infinity below 25 % overlap. The
 * columns summed on a row are `x0`, `x0 + step`, … outside both maps' runs (b's shifted by −dx).
 * `placed`: the two pictures in a `SadMemory`, for steps of 1 or 2 (the same integers, summed there).
 */
export function shiftCost(a: GrayImage, b: GrayImage, dx: number, dy: number, step: number, excludeA: Uint8Array | undefined, excludeB: Uint8Array | undefined, stepY = step, placed?: PlacedPair): number {
  const { width, height } = a;
  const x0 = Math.max(0, -dx);
  const x1 = Math.min(width, width - dx);
  const y0 = Math.max(0, -dy);
  const y1 = Math.min(height, height - dy);
  if ((x1 - x0) * (y1 - y0) < width * height * 0.25) return Infinity;
  const runsA = excludeA ? excludedRuns(excludeA, width, height) : undefined;
  const runsB = excludeB ? excludedRuns(excludeB, width, height) : undefined;
  let sum = 0;
  let count = 0;
  const ad = a.data;
  const bd = b.data;
  const simd = placed && (step === 1 || step === 2) ? placed : undefined;
  // Sums columns [from, to) of the row pair that fall on the step from x0 (`spanSum`), and counts them.
  const span = (rowA: number, rowB: number, from: number, to: number) => {
    const first = from + ((((x0 - from) % step) + step) % step);
    if (first >= to) return;
    sum += simd ? simd.memory.sum(simd.a + rowA + first, simd.b + rowB + first, to - first, step === 2) : spanSum(ad, bd, rowA + first, rowA + to, rowB - rowA, step);
    count += Math.ceil((to - first) / step);
  };
  const nothingLeftOut = (y: number) => (runsA?.[y] ?? NO_RUNS).length === 0 && (runsB?.[y + dy] ?? NO_RUNS).length === 0;
  for (let y = y0; y < y1; y += stepY) {
    const rowA = y * width;
    const rowB = (y + dy) * width + dx;
    const inA = runsA?.[y] ?? NO_RUNS;
    const inB = runsB?.[y + dy] ?? NO_RUNS;
    if (inA.length === 0 && inB.length === 0) {
      if (!simd) {
        span(rowA, rowB, x0, x1);
        continue;
      }
      // With SIMD, this row and the next ones with nothing left out in one call (the call costs more than a row's sum).
      let rows = 1;
      while (y + rows * stepY < y1 && nothingLeftOut(y + rows * stepY)) rows++;
      sum += simd.memory.sumRows(simd.a + rowA + x0, simd.b + rowB + x0, x1 - x0, step === 2, rows, stepY * width);
      count += rows * Math.ceil((x1 - x0) / step);
      y += (rows - 1) * stepY;
      continue;
    }
    // Walk both rows' runs in order (b's moved into a's columns): the gaps between them are summed.
    let from = x0;
    let i = 0;
    let j = 0;
    while (from < x1) {
      const startA = i < inA.length ? inA[i]! : Infinity;
      const startB = j < inB.length ? inB[j]! - dx : Infinity;
      const next = Math.min(startA, startB);
      if (next >= x1) break;
      if (next > from) span(rowA, rowB, from, next);
      // Past the run that starts first (runs that overlap it are passed on the next turns).
      if (startA <= startB) {
        from = Math.max(from, inA[i + 1]!);
        i += 2;
      } else {
        from = Math.max(from, inB[j + 1]! - dx);
        j += 2;
      }
    }
    if (from < x1) span(rowA, rowB, from, x1);
  }
  return count === 0 ? Infinity : sum / count;
}

/** The minimum of a parabola through three costs at −1, 0, +1 (0 when it has none in between). */
function parabolaOffset(before: number, at: number, after: number): number {
  if (!Number.isFinite(before) || !Number.isFinite(after)) return 0;
  const curvature = before - 2 * at + after;
  if (curvature <= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curvature)));
}

export interface ShiftEstimate extends Shift {
  /** Mean absolute luma difference at the integer best shift of the finest level (how well the frames agree). */
  residual: number;
}

/** One frame brought down level by level (each half the size) to ≤ 200 pixels on its longer side, with its exclusion map alike. */
export interface Pyramid {
  levels: Array<{ image: GrayImage; exclude: Uint8Array | undefined }>;
}

/**
 * `image`'s pyramid (built once per frame, used for the pairs before and after it). `excludeLevels`:
 * the exclusion map's own levels when already made (frames showing the same masks share them).
 * `reuse`: a pyramid no longer used (the frame before the previous): its smaller levels' memory is
 * written over instead of allocated again.
 */
export function pyramidOf(image: GrayImage, exclude?: Uint8Array, excludeLevels?: ReadonlyArray<Uint8Array | undefined>, reuse?: Pyramid): Pyramid {
  const levels: Pyramid['levels'] = [{ image, exclude }];
  while (Math.max(levels.at(-1)!.image.width, levels.at(-1)!.image.height) > 200 && levels.at(-1)!.image.width >= 16 && levels.at(-1)!.image.height >= 16) {
    const top = levels.at(-1)!;
    levels.push({ image: halve(top.image, reuse?.levels[levels.length]?.image.data), exclude: excludeLevels?.[levels.length] ?? (top.exclude && halveMask(top.exclude, top.image.width, top.image.height)) });
  }
  return { levels };
}

/** Moves downhill on each level below the smallest (one level doubles the shift: ±1 is its usual correction). */
const MAX_DOWNHILL_MOVES = 3;
const AXIS_NEIGHBOURS = [[0, -1], [-1, 0], [1, 0], [0, 1]] as const;

/** Candidates searched around a predicted shift on the smallest level before the whole range is. */
const PREDICTED_REACH = 2;

/**
 * The translation from `a` to `b` (same size), searched up to `maxShift` pixels of `a`'s size.
 * `excludeA`/`excludeB` mark pixels to leave out (1).
 */
export function estimateShift(a: GrayImage, b: GrayImage, options: { maxShift: number; excludeA?: Uint8Array | undefined; excludeB?: Uint8Array | undefined }): ShiftEstimate {
  return estimatePyramidShift(pyramidOf(a, options.excludeA), pyramidOf(b, options.excludeB), options);
}

/**
 * `estimateShift` on pyramids made once per frame. With `predicted` (usually the previous pair's
 * motion: a camera moves smoothly), the smallest level is searched only around it, and over the
 * whole range when the best shift lies on that small window's edge.
 */
export function estimatePyramidShift(a: Pyramid, b: Pyramid, options: { maxShift: number; predicted?: Shift | undefined; simd?: boolean }): ShiftEstimate {
  // Both pyramids copied into this thread's SIMD memory (a frame's half and its levels: ~1.3 × its bytes, each):
  // every cost below is then summed there, sixteen pixels a turn (decision 102).
  const memory = options.simd === false ? undefined : SadMemory.forThisThread();
  memory?.reset();
  const levels = a.levels.map((level, index) => {
    const other = b.levels[index]!;
    const placed = memory ? { memory, a: memory.place(level.image.data), b: memory.place(other.image.data) } : undefined;
    return { a: level.image, b: other.image, excludeA: level.exclude, excludeB: other.exclude, placed };
  });
  const smallest = levels.length - 1;
  const reach = Math.max(1, Math.ceil(options.maxShift / 2 ** smallest));
  const search = (centre: Shift, radius: number): { best: Shift; edge: boolean } => {
    const level = levels[smallest]!;
    let bestCost = Infinity;
    let best = { dx: 0, dy: 0 };
    for (let dy = Math.max(-reach, centre.dy - radius); dy <= Math.min(reach, centre.dy + radius); dy++) {
      for (let dx = Math.max(-reach, centre.dx - radius); dx <= Math.min(reach, centre.dx + radius); dx++) {
        const value = shiftCost(level.a, level.b, dx, dy, 2, level.excludeA, level.excludeB, 2, level.placed);
        // Ties go to the smaller shift.
        if (value < bestCost - 1e-9 || (Math.abs(value - bestCost) <= 1e-9 && Math.hypot(dx, dy) < Math.hypot(best.dx, best.dy))) {
          bestCost = value;
          best = { dx, dy };
        }
      }
    }
    const edge = (Math.abs(best.dx - centre.dx) === radius && Math.abs(best.dx) < reach) || (Math.abs(best.dy - centre.dy) === radius && Math.abs(best.dy) < reach);
    return { best, edge };
  };
  let best: Shift;
  if (options.predicted && smallest > 0) {
    const centre = { dx: Math.round(options.predicted.dx / 2 ** smallest), dy: Math.round(options.predicted.dy / 2 ** smallest) };
    const near = search(centre, PREDICTED_REACH);
    best = near.edge ? search({ dx: 0, dy: 0 }, reach).best : near.best;
  } else best = search({ dx: 0, dy: 0 }, reach).best;
  let finestCost = Infinity;
  for (let index = smallest - 1; index >= 0; index--) {
    const level = levels[index]!;
    // Every other pixel each way: the finest level's refinement and parabola fix what the level between only narrows.
    const step = 2;
    const costs = new Map<string, number>();
    const costAt = (dx: number, dy: number) => {
      const key = `${dx},${dy}`;
      let value = costs.get(key);
      if (value === undefined) costs.set(key, (value = shiftCost(level.a, level.b, dx, dy, step, level.excludeA, level.excludeB, step, level.placed)));
      return value;
    };
    // Downhill from twice the coarser level's best over the four next shifts (the parabola needs
    // those four anyway), instead of all eight around it: a smooth cost leads to the same minimum at
    // 5–8 costs instead of 9, which were most of the first pass's time.
    best = { dx: best.dx * 2, dy: best.dy * 2 };
    let bestCost = costAt(best.dx, best.dy);
    for (let move = 0; move < MAX_DOWNHILL_MOVES; move++) {
      let next = best;
      for (const [ox, oy] of AXIS_NEIGHBOURS) {
        const value = costAt(best.dx + ox, best.dy + oy);
        if (value < bestCost) {
          bestCost = value;
          next = { dx: best.dx + ox, dy: best.dy + oy };
        }
      }
      if (next === best) break;
      best = next;
    }
    finestCost = bestCost;
  }
  if (smallest === 0) {
    const level = levels[0]!;
    finestCost = shiftCost(level.a, level.b, best.dx, best.dy, 2, level.excludeA, level.excludeB, 2, level.placed);
  }
  // The sub-pixel part from costs on every pixel along the axis it is for (every other one across it):
  // sampled every other pixel, an edge adds to the cost one shift away or not by the parity of its
  // place, the parabola leans by a third of a pixel on a sharp picture, and summed over a pan the
  // positions drifted ~0.15 px a frame (6 px across the ±40-frame window the fill reads).
  const level = levels[0]!;
  // Those costs may also put the whole-pixel minimum one pixel beside the one the sparser search found
  // (the same parity effect): a move or two along each axis, then the parabola.
  const along = (dx: number, dy: number, stepX: number, stepY: number) => shiftCost(level.a, level.b, dx, dy, stepX, level.excludeA, level.excludeB, stepY, level.placed);
  const axis = (at: (offset: number) => number): { whole: number; sub: number } => {
    let whole = 0;
    let costs = [at(-1), at(0), at(1)] as [number, number, number];
    for (let move = 0; move < 2 && Math.min(costs[0], costs[2]) < costs[1]; move++) {
      const way = costs[0] < costs[2] ? -1 : 1;
      whole += way;
      costs = way < 0 ? [at(whole - 1), costs[0], costs[1]] : [costs[1], costs[2], at(whole + 1)];
    }
    return { whole, sub: parabolaOffset(costs[0], costs[1], costs[2]) };
  };
  const x = axis((offset) => along(best.dx + offset, best.dy, 1, 2));
  const y = axis((offset) => along(best.dx + x.whole, best.dy + offset, 2, 1));
  return { dx: best.dx + x.whole + x.sub, dy: best.dy + y.whole + y.sub, residual: finestCost };
}
