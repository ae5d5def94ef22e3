/**
 * Filling one frame's masked pixels (planar yuv420p), best first: from neighbouring frames where
 * the background shows through, moved by the camera's motion between the two (and that motion
 * checked, and refined to a quarter pixel, on a ring of untouched pixels around the masks), then
 * the still scene's plate; what no frame shows is filled with patches of the picture around it
 * (`exemplar-fill.ts`), and inpainted where no patch reaches. Pixels outside the mask are never written.
 */
import type { FrameMask } from './erasure-masks.ts';
import { exemplarFill, followChroma, type ExemplarResult } from './exemplar-fill.ts';
import type { Shift } from './global-motion.ts';
import { bitIndices, bitsAt, copyBits, countBits, rangeBits, rowBitsOf, type RowBits } from './pixel-bits.ts';
import { plateChroma, plateLuma, type ScenePlate } from './scene-plates.ts';

export interface YuvLayout {
  width: number;
  height: number;
  chromaWidth: number;
  chromaHeight: number;
  /** Offsets of the U and V planes. */
  uOffset: number;
  vOffset: number;
}

export function yuvLayout(width: number, height: number): YuvLayout {
  const chromaWidth = (width + 1) >> 1;
  const chromaHeight = (height + 1) >> 1;
  return { width, height, chromaWidth, chromaHeight, uOffset: width * height, vOffset: width * height + chromaWidth * chromaHeight };
}

/**
 * Luma rows [rowOffset, rowOffset + rows) of a whole planar yuv420p frame and their chroma rows (both even), written into
 * `into` as a frame of those rows alone: what ffmpeg's `crop` gives of a yuv420p picture.
 */
export function copyRows(frame: Uint8Array, layout: YuvLayout, rowOffset: number, rows: number, into: Uint8Array): Uint8Array {
  const { width, chromaWidth } = layout;
  if (rowOffset % 2 || rows % 2 || rowOffset + rows > layout.height) throw new RangeError(`rows ${rowOffset}+${rows} are not even rows of a ${layout.height}-row picture`);
  const chromaRows = rows >> 1;
  const chromaOffset = rowOffset >> 1;
  if (into.length !== width * rows + 2 * chromaWidth * chromaRows) throw new RangeError(`a frame of ${rows} rows is ${width * rows + 2 * chromaWidth * chromaRows} bytes, not ${into.length}`);
  into.set(frame.subarray(rowOffset * width, (rowOffset + rows) * width), 0);
  into.set(frame.subarray(layout.uOffset + chromaOffset * chromaWidth, layout.uOffset + (chromaOffset + chromaRows) * chromaWidth), width * rows);
  into.set(frame.subarray(layout.vOffset + chromaOffset * chromaWidth, layout.vOffset + (chromaOffset + chromaRows) * chromaWidth), width * rows + chromaWidth * chromaRows);
  return into;
}

/** A frame of the window around the one being filled. */
export interface NeighbourFrame {
  /** Planar yuv420p: the whole picture, or (neighbours) only the rows `rowOffset` … `rowOffset + rows`. */
  data: Uint8Array;
  mask: FrameMask | undefined;
  /** Where the camera is: content at p in frame t is at p + position[s] − position[t] in frame s. */
  position: Shift;
  /** The same measured on the rows around the masks only (where they move otherwise than the whole frame). */
  bandPosition?: Shift | undefined;
  /** First luma row held (even; default 0). */
  rowOffset?: number;
  /** Luma rows held (even; default the picture's height). */
  rows?: number;
}

/** Where each plane of `frame` is in its data, and which rows it holds. */
interface PlaneView {
  data: Uint8Array;
  offset: number;
  /** First row held, in the plane's own rows. */
  rowOffset: number;
  rows: number;
}

function planes(frame: NeighbourFrame, layout: YuvLayout): { y: PlaneView; u: PlaneView; v: PlaneView } {
  const rowOffset = frame.rowOffset ?? 0;
  const rows = frame.rows ?? layout.height;
  const chromaRows = rows === layout.height ? layout.chromaHeight : rows >> 1;
  const uOffset = layout.width * rows;
  const vOffset = uOffset + layout.chromaWidth * chromaRows;
  return {
    y: { data: frame.data, offset: 0, rowOffset, rows },
    u: { data: frame.data, offset: uOffset, rowOffset: rowOffset >> 1, rows: chromaRows },
    v: { data: frame.data, offset: vOffset, rowOffset: rowOffset >> 1, rows: chromaRows },
  };
}

/** Inpaints the listed pixels of one plane in place (`indices` into `plane`, a `width` × `height` picture). */
export type PlaneInpainter = (plane: Uint8Array, width: number, height: number, indices: Int32Array) => void;

export interface FillOptions {
  /** Neighbours looked at on each side (nearest first). */
  windowFrames: number;
  /** Take neighbours at all (`best`) or inpaint everything (`inpaint`). */
  temporal: boolean;
  /** A neighbour whose ring disagrees more than this (mean absolute luma difference) is not used. */
  maxRingDifference: number;
  inpaint: PlaneInpainter;
}

export interface FillStats {
  masked: number;
  fromNeighbours: number;
  /** Taken from the still scene's plate (what no neighbour showed). */
  fromScene: number;
  inpainted: number;
}

const RING_WIDTH = 6;
const RING_STEP = 3;
/** Ring pixels compared at most (every n-th kept beyond). */
const MAX_RING_PIXELS = 1200;
/** Refinement ranks its trial shifts on every this-many-th ring pixel (up to 400 of them). */
const REFINE_RING_STRIDE = 3;
/** A ring agreeing this well (mean absolute luma difference) is taken without refining the shift. */
const GOOD_RING_DIFFERENCE = 2.5;
/**
 * The ring's acceptance threshold relative to the picture's grain there: a neighbour is taken when its
 * ring differs by at most `RING_GRAIN_FACTOR` × the grain + `RING_FLOOR` (never more than the
 * caller's `maxRingDifference`): on a smooth picture a wrong shift that differs by a few levels is
 * visible and refused; on a grainy one the grain alone makes frames differ that much.
 */
const RING_GRAIN_FACTOR = 2.5;
const RING_FLOOR = 3;
/**
 * A neighbour at a sub-pixel shift is read at the nearest whole pixel (keeping the picture's grain,
 * which a bilinear sample softens) when its ring at the rounded shift agrees within this share of
 * the grain of the ring at the exact shift.
 */
const NEAREST_GRAIN_TOLERANCE = 0.25;

/** The two motions (whole frame, rows around the masks) this far apart (pixels) are two motions, not one measured twice. */
const BAND_DISAGREEMENT = 1.5;

/** What a frame mask needs for filling, computed once per mask (the frames of one subtitle line share it). */
interface MaskPlan {
  /** The masked luma and chroma pixels as bits over the mask's bounds (decision 104), and how many there are. */
  lumaBits: RowBits;
  chromaBits: RowBits;
  lumaCount: number;
  chromaCount: number;
  /** Luma indices (and x, y) of a band around the masks' bounds, outside them, every `RING_STEP`-th pixel, not masked. */
  ring: Int32Array;
  ringX: Int32Array;
  ringY: Int32Array;
  /** Where each row of the ring starts in its lists (its items are row by row), and the lists' end last. */
  ringRows: Int32Array;
  /** The ring's luma in the frame being filled (set by `fillFrame`: every alignment of that frame reads it). */
  ringValues: Uint8Array;
  /** Room for the pixels left to fill of one frame at a time (`fillFrame` runs to its end before it is called again). */
  lumaLeft: RowBits;
  chromaLeft: RowBits;
}

const plans = new WeakMap<FrameMask, MaskPlan>();

function planOf(mask: FrameMask, layout: YuvLayout): MaskPlan {
  let plan = plans.get(mask);
  if (!plan) {
    const { x0, y0, x1, y1 } = mask.bounds;
    const lumaBits = rowBitsOf(mask.luma, layout.width, x0, y0, x1, y1);
    const chromaBits = rowBitsOf(mask.chroma, layout.chromaWidth, Math.floor(x0 / 2), Math.floor(y0 / 2), Math.ceil(x1 / 2), Math.ceil(y1 / 2));
    const ring = ringIndices(mask, layout);
    const ringX = ring.map((index) => index % layout.width);
    const ringY = ring.map((index) => Math.floor(index / layout.width));
    const ringRows = Int32Array.from([...ringY.keys()].filter((item) => item === 0 || ringY[item] !== ringY[item - 1]).concat(ring.length));
    plan = {
      lumaBits,
      chromaBits,
      lumaCount: countBits(lumaBits),
      chromaCount: countBits(chromaBits),
      ring,
      ringX,
      ringY,
      ringRows,
      ringValues: new Uint8Array(ring.length),
      lumaLeft: copyBits(lumaBits),
      chromaLeft: copyBits(chromaBits),
    };
    plans.set(mask, plan);
  }
  return plan;
}

/** Luma indices of a band around `bounds` (outside it, inside the picture), every `RING_STEP`-th pixel, not masked in the frame itself. */
function ringIndices(mask: FrameMask, layout: YuvLayout): Int32Array {
  const { width, height } = layout;
  const { x0, y0, x1, y1 } = mask.bounds;
  const indices: number[] = [];
  const top = Math.max(0, y0 - RING_WIDTH);
  const bottom = Math.min(height, y1 + RING_WIDTH);
  const left = Math.max(0, x0 - RING_WIDTH);
  const right = Math.min(width, x1 + RING_WIDTH);
  for (let y = top; y < bottom; y += 2) {
    for (let x = left; x < right; x += y < y0 || y >= y1 ? RING_STEP : 1) {
      if (y >= y0 && y < y1 && x >= x0 && x < x1) {
        x = x1 - 1;
        continue;
      }
      const index = y * width + x;
      if (!mask.luma[index]) indices.push(index);
    }
  }
  // A few hundred pixels tell a good neighbour from a bad one as well as thousands: a wide line's ring is thinned evenly.
  const keep = Math.max(1, Math.ceil(indices.length / MAX_RING_PIXELS));
  return Int32Array.from(keep === 1 ? indices : indices.filter((_, item) => item % keep === 0));
}

/** The picture's grain on the ring: mean absolute difference of a pixel from the mean of its left and right neighbours. */
function ringGrain(frame: Uint8Array, plan: MaskPlan, width: number): number {
  let sum = 0;
  let count = 0;
  for (let item = 0; item < plan.ring.length; item++) {
    const x = plan.ringX[item]!;
    if (x === 0 || x === width - 1) continue;
    const index = plan.ring[item]!;
    sum += Math.abs(2 * frame[index]! - frame[index - 1]! - frame[index + 1]!) / 2;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * Mean absolute luma difference between the frame being filled on the ring (`plan.ringValues`) and
 * `neighbour` moved by `shift`; Infinity when too little of the ring is seen. Every `stride`-th ring
 * pixel is compared. The ring's pixels come row by row: what depends on the row (its place in the
 * neighbour, its weight) is worked out once a row, the same numbers as pixel by pixel.
 */
function ringDifference(neighbour: NeighbourFrame, plan: MaskPlan, shift: Shift, layout: YuvLayout, nearest = false, stride = 1): number {
  const { width, height } = layout;
  const view = planes(neighbour, layout).y;
  const masked = neighbour.mask?.luma;
  let sum = 0;
  let count = 0;
  const { data: plane, offset, rowOffset, rows } = view;
  const { ringX, ringY, ringRows, ringValues } = plan;
  const shiftX = shift.dx;
  // `sample` written out (the same arithmetic): called per ring pixel, its fractional result was boxed when not inlined.
  for (let row = 0; row + 1 < ringRows.length; row++) {
    const first = ringRows[row]!;
    const end = ringRows[row + 1]!;
    const y = ringY[first]! + shift.dy;
    if (y < 0 || y > height - 1) continue;
    const start = first + ((stride - (first % stride)) % stride);
    if (nearest) {
      const ny = Math.round(y);
      const localRow = ny - rowOffset;
      if (localRow < 0 || localRow >= rows) continue;
      const maskRow = ny * width;
      const planeRow = offset + localRow * width;
      for (let item = start; item < end; item += stride) {
        const x = ringX[item]! + shiftX;
        if (x < 0 || x > width - 1) continue;
        const nx = Math.round(x);
        if (masked?.[maskRow + nx]) continue;
        sum += Math.abs(plane[planeRow + nx]! - ringValues[item]!);
        count++;
      }
    } else {
      const y0 = Math.min(height - 2, Math.floor(y));
      const localRow = y0 - rowOffset;
      if (localRow < 0 || localRow + 1 >= rows) continue;
      const fy = y - y0;
      const maskRow = y0 * width;
      const planeRow = offset + localRow * width;
      for (let item = start; item < end; item += stride) {
        const x = ringX[item]! + shiftX;
        if (x < 0 || x > width - 1) continue;
        const x0 = Math.min(width - 2, Math.floor(x));
        const at = maskRow + x0;
        if (masked && (masked[at] || masked[at + 1] || masked[at + width] || masked[at + width + 1])) continue;
        const fx = x - x0;
        const local = planeRow + x0;
        const top = plane[local]! * (1 - fx) + plane[local + 1]! * fx;
        const bottom = plane[local + width]! * (1 - fx) + plane[local + width + 1]! * fx;
        sum += Math.abs(top * (1 - fy) + bottom * fy - ringValues[item]!);
        count++;
      }
    }
  }
  return count < Math.min(30, plan.ring.length / 2 / stride) ? Infinity : sum / count;
}

/** The shift to `neighbour`, refined on the ring to a quarter pixel, and how well it agrees there. */
function alignOnRing(neighbour: NeighbourFrame, plan: MaskPlan, start: Shift, layout: YuvLayout, threshold: number): { shift: Shift; difference: number } {
  const best = { shift: start, difference: ringDifference(neighbour, plan, start, layout) };
  // The measured motion is usually right to a fraction of a pixel: refine only when the ring says otherwise,
  // and not at all when it is far off (a cut, something crossing: a quarter pixel will not save it).
  if (best.difference <= GOOD_RING_DIFFERENCE || best.difference > 3 * threshold) return best;
  // The sixteen trial shifts are ranked on every third ring pixel; the one kept is measured on them all.
  let probe = { shift: start, difference: ringDifference(neighbour, plan, start, layout, false, REFINE_RING_STRIDE) };
  for (const step of [0.5, 0.25]) {
    const centre = probe.shift;
    for (const oy of [-step, 0, step]) {
      for (const ox of [-step, 0, step]) {
        if (ox === 0 && oy === 0) continue;
        const shift = { dx: centre.dx + ox, dy: centre.dy + oy };
        const difference = ringDifference(neighbour, plan, shift, layout, false, REFINE_RING_STRIDE);
        if (difference < probe.difference) probe = { shift, difference };
      }
    }
  }
  if (probe.shift === start) return best;
  const difference = ringDifference(neighbour, plan, probe.shift, layout);
  return difference < best.difference ? { shift: probe.shift, difference } : best;
}

/** Mean absolute luma difference between `frame` and `plate` on `ring`; Infinity when the plate holds too little of it. */
function plateRingDifference(frame: Uint8Array, plate: ScenePlate, plan: MaskPlan): number {
  let sum = 0;
  let count = 0;
  for (let item = 0; item < plan.ring.length; item++) {
    const value = plateLuma(plate, plan.ringX[item]!, plan.ringY[item]!);
    if (value === undefined) continue;
    sum += Math.abs(value - frame[plan.ring[item]!]!);
    count++;
  }
  return count < Math.min(30, plan.ring.length / 2) ? Infinity : sum / count;
}

/** Half-size of the box the texture's local mean is taken over. */
const DETAIL_RADIUS = 2;

/** `plane`'s value at `index` minus the mean of its (2r+1)² neighbourhood; undefined when any of it is masked or off the picture. */
function detailAt(plane: Uint8Array, width: number, height: number, x: number, y: number, masked: Uint8Array): number | undefined {
  if (x < DETAIL_RADIUS || y < DETAIL_RADIUS || x >= width - DETAIL_RADIUS || y >= height - DETAIL_RADIUS) return undefined;
  let sum = 0;
  for (let dy = -DETAIL_RADIUS; dy <= DETAIL_RADIUS; dy++) {
    const row = (y + dy) * width;
    for (let dx = -DETAIL_RADIUS; dx <= DETAIL_RADIUS; dx++) {
      if (masked[row + x + dx]) return undefined;
      sum += plane[row + x + dx]!;
    }
  }
  return plane[y * width + x]! - sum / (2 * DETAIL_RADIUS + 1) ** 2;
}

/**
 * Texture over a smooth fill: what no frame shows is inpainted smooth (right in colour and light, but
 * a flat band a viewer sees at once on grass, water or grain), then given the fine detail of the
 * picture just above the masks (or below, where above is masked or off the picture): each filled
 * pixel adds the detail (its value minus its 5 × 5 mean) of the pixel one mask-height plus a margin
 * away. Detail only, so the inpainted light and colour stay; on a smooth picture it adds nearly nothing.
 */
function addTexture(plane: Uint8Array, width: number, height: number, indices: Int32Array, masked: Uint8Array, bounds: FrameMask['bounds']): void {
  const offset = bounds.y1 - bounds.y0 + 2 * DETAIL_RADIUS + 2;
  const detail = new Float32Array(indices.length);
  for (let item = 0; item < indices.length; item++) {
    const index = indices[item]!;
    const x = index % width;
    const y = (index - x) / width;
    detail[item] = detailAt(plane, width, height, x, y - offset, masked) ?? detailAt(plane, width, height, x, y + offset, masked) ?? 0;
  }
  for (let item = 0; item < indices.length; item++) {
    const index = indices[item]!;
    plane[index] = Math.max(0, Math.min(255, Math.round(plane[index]! + detail[item]!)));
  }
}

/**
 * Edges blended: inpainted pixels on the mask's border (a 4-neighbour outside it) become the mean
 * of their 3 × 3 neighbourhood, so the seam between the fill and the untouched picture is soft.
 * Only masked pixels are written; pixels from neighbouring frames are the real background and need no blending.
 */
function smoothSeam(plane: Uint8Array, width: number, height: number, indices: Int32Array, masked: Uint8Array): void {
  const border: Array<[number, number]> = [];
  for (const index of indices) {
    const x = index % width;
    const y = (index - x) / width;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) continue;
    if (masked[index - 1] && masked[index + 1] && masked[index - width] && masked[index + width]) continue;
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += plane[index + dy * width + dx]!;
    border.push([index, Math.round(sum / 9)]);
  }
  for (const [index, value] of border) plane[index] = value;
}

/** A neighbour's plane (`width` × `height`) of which rows [rowOffset, rowOffset + rows) are held. */
interface HeldRows {
  width: number;
  height: number;
  rowOffset: number;
  rows: number;
}
/** Where a plane starts in the output and in the neighbour's rows, and a second plane sharing its place (U and V). */
interface PlaneBases {
  out: number;
  source: number;
  out2?: number;
  source2?: number;
}
const hasSecondPlane = (bases: PlaneBases) => bases.out2 !== undefined && bases.source2 !== undefined;

/**
 * The pixels of `left` that a neighbour moved by a whole pixel (`shiftX`, `shiftY`) holds (its rows
 * [rowOffset, rowOffset + rows) of a `planeWidth` × `planeHeight` plane) and does not mask: copied
 * from `source` (at `sourceBase`, and `sourceBase2` for a second plane sharing the place, U and V)
 * into `out` (at `outBase`, `outBase2`), and taken out of `left`. Thirty-two pixels are tested at a
 * time against the neighbour's mask bits. Returns how many were taken.
 */
function takeWhole(
  left: RowBits,
  shiftX: number,
  shiftY: number,
  masked: RowBits | undefined,
  plane: HeldRows,
  out: Uint8Array,
  source: Uint8Array,
  bases: PlaneBases,
): number {
  const { width, height, rowOffset, rows } = plane;
  const span = left.w1 - left.w0;
  const { words } = left;
  const second = hasSecondPlane(bases);
  let taken = 0;
  for (let y = left.y0; y < left.y1; y++) {
    const sourceY = y + shiftY;
    const localRow = sourceY - rowOffset;
    if (sourceY < 0 || sourceY >= height || localRow < 0 || localRow >= rows) continue;
    const row = (y - left.y0) * span;
    const outRow = y * width;
    const sourceRow = localRow * width + shiftX;
    for (let word = 0; word < span; word++) {
      const value = words[row + word]! | 0;
      if (value === 0) continue;
      const start = (left.w0 + word) << 5;
      let free = value & rangeBits(start, -shiftX, width - shiftX);
      if (masked) free &= ~bitsAt(masked, sourceY, start + shiftX);
      if (free === 0) continue;
      words[row + word] = value & ~free;
      while (free !== 0) {
        const x = start + 31 - Math.clz32(free & -free);
        out[bases.out + outRow + x] = source[bases.source + sourceRow + x]!;
        if (second) out[bases.out2! + outRow + x] = source[bases.source2! + sourceRow + x]!;
        free &= free - 1;
        taken++;
      }
    }
  }
  return taken;
}

/**
 * The pixels of `left` a neighbour moved by a fraction of a pixel holds, read bilinearly (`sample`'s
 * arithmetic written out: its fractional result was a new heap number per call whenever it was not
 * inlined): the four pixels around the moved place inside the rows held and none of them masked
 * (`masked`, a byte a pixel). Written into `out` like `takeWhole` (a second plane sharing the place,
 * the weights and the mask: U and V), taken out of `left`; `maskBits` (the same mask as bits) skips
 * what could not be read. Returns how many were taken.
 */
function takeBilinear(
  left: RowBits,
  shiftX: number,
  shiftY: number,
  masked: Uint8Array | undefined,
  maskBits: RowBits | undefined,
  plane: HeldRows,
  out: Uint8Array,
  source: Uint8Array,
  bases: PlaneBases,
): number {
  const { width, height, rowOffset, rows } = plane;
  const second = hasSecondPlane(bases);
  return takeEach(left, (pixelX, pixelY) => {
    const x = pixelX + shiftX;
    const y = pixelY + shiftY;
    const x0 = Math.min(width - 2, Math.floor(x));
    const y0 = Math.min(height - 2, Math.floor(y));
    const localRow = y0 - rowOffset;
    const corner = y0 * width + x0;
    if (
      x < 0 || y < 0 || x > width - 1 || y > height - 1 || localRow < 0 || localRow + 1 >= rows ||
      (masked && (masked[corner] || masked[corner + 1] || masked[corner + width] || masked[corner + width + 1]))
    ) {
      return false;
    }
    const fx = x - x0;
    const fy = y - y0;
    const local = localRow * width + x0;
    const index = pixelY * width + pixelX;
    const top = source[bases.source + local]! * (1 - fx) + source[bases.source + local + 1]! * fx;
    const bottom = source[bases.source + local + width]! * (1 - fx) + source[bases.source + local + width + 1]! * fx;
    out[bases.out + index] = Math.round(top * (1 - fy) + bottom * fy);
    if (second) {
      const top2 = source[bases.source2! + local]! * (1 - fx) + source[bases.source2! + local + 1]! * fx;
      const bottom2 = source[bases.source2! + local + width]! * (1 - fx) + source[bases.source2! + local + width + 1]! * fx;
      out[bases.out2! + index] = Math.round(top2 * (1 - fy) + bottom2 * fy);
    }
    return true;
  }, bilinearSkip(maskBits, shiftX, shiftY));
}

/**
 * What a bilinear read at a shift of (`shiftX`, `shiftY`) cannot take: a pixel (x, y) whose corner
 * (x + ⌊shiftX⌋ + 1, y + ⌊shiftY⌋ + 1) is masked in the neighbour. Whichever way x + shiftX rounds,
 * its cell's corners are ⌊x + shiftX⌋ and the next, and ⌊x + shiftX⌋ is x + ⌊shiftX⌋ or one more
 * (at the picture's last column the cell is moved left and still holds it, or it is off the picture
 * and no bit is set there): that corner is one of the four the read needs unmasked.
 */
export function bilinearSkip(bits: RowBits | undefined, shiftX: number, shiftY: number): { bits: RowBits; dx: number; dy: number } | undefined {
  return bits && { bits, dx: Math.floor(shiftX) + 1, dy: Math.floor(shiftY) + 1 };
}

/**
 * Calls `take(x, y)` for each pixel of `left`, row by row, left to right; a pixel it returns true for
 * is taken out of `left`. Returns how many were taken. With `skip`, a pixel whose (x + skip.dx,
 * y + skip.dy) is set in `skip.bits` is not offered: `take` could not have taken it.
 */
function takeEach(left: RowBits, take: (x: number, y: number) => boolean, skip?: { bits: RowBits; dx: number; dy: number }): number {
  const span = left.w1 - left.w0;
  const { words } = left;
  let taken = 0;
  for (let y = left.y0; y < left.y1; y++) {
    const row = (y - left.y0) * span;
    for (let word = 0; word < span; word++) {
      let value = words[row + word]! | 0;
      if (value === 0) continue;
      const start = (left.w0 + word) << 5;
      let kept = value;
      if (skip) value &= ~bitsAt(skip.bits, y + skip.dy, start + skip.dx);
      while (value !== 0) {
        const lowest = value & -value;
        if (take(start + 31 - Math.clz32(lowest), y)) {
          kept &= ~lowest;
          taken++;
        }
        value &= value - 1;
      }
      words[row + word] = kept;
    }
  }
  return taken;
}

/**
 * Frame `current` with its masked pixels filled (a new buffer, the input left as it was, unless
 * `inPlace`), from `neighbour(offset)` (the frame `offset` away, undefined outside the video or the window).
 */
export function fillFrame(
  current: NeighbourFrame,
  neighbour: (offset: number) => NeighbourFrame | undefined,
  layout: YuvLayout,
  options: FillOptions,
  plate?: ScenePlate,
  inPlace = false,
): { data: Uint8Array; stats: FillStats } {
  const mask = current.mask;
  if (!mask) return { data: current.data, stats: { masked: 0, fromNeighbours: 0, fromScene: 0, inpainted: 0 } };
  // Masked pixels are read from the frame itself only for the ring and the inpainting's surroundings, which are never written:
  // filling in place is safe when no other frame reads this buffer.
  const out = inPlace ? current.data : current.data.slice();
  const { width, height, chromaWidth, chromaHeight, uOffset, vOffset } = layout;
  const plan = planOf(mask, layout);
  // The pixels still to fill, as bits (decision 104): each neighbour looks only at what is left, 32 pixels at a time where it moved by whole pixels.
  const lumaLeft = plan.lumaLeft;
  const chromaLeft = plan.chromaLeft;
  lumaLeft.words.set(plan.lumaBits.words);
  chromaLeft.words.set(plan.chromaBits.words);
  let lumaCount = plan.lumaCount;
  let chromaCount = plan.chromaCount;
  if (options.temporal) {
    const { ring, ringValues } = plan;
    for (let item = 0; item < ring.length; item++) ringValues[item] = current.data[ring[item]!]!;
    const grain = ringGrain(current.data, plan, width);
    const threshold = Math.min(options.maxRingDifference, RING_FLOOR + RING_GRAIN_FACTOR * grain);
    for (let distance = 1; distance <= options.windowFrames && (lumaCount > 0 || chromaCount > 0); distance++) {
      for (const offset of [distance, -distance]) {
        if (lumaCount === 0 && chromaCount === 0) break;
        const other = neighbour(offset);
        if (!other) continue;
        const guess = { dx: other.position.dx - current.position.dx, dy: other.position.dy - current.position.dy };
        let aligned = plan.ring.length > 0 ? alignOnRing(other, plan, guess, layout, threshold) : { shift: guess, difference: 0 };
        // The rows around the masks may move otherwise than the whole frame (a still title card over a pan held the whole
        // frame's estimate near zero while the subtitle's rows panned): where the two motions disagree by more than a
        // measuring error, or the ring refused the whole frame's, the ring picks. Where they agree within a pixel and a half
        // and the ring takes the whole frame's, that one is kept: measured on more rows, it is the surer one.
        if (plan.ring.length > 0 && other.bandPosition && current.bandPosition) {
          const bandGuess = { dx: other.bandPosition.dx - current.bandPosition.dx, dy: other.bandPosition.dy - current.bandPosition.dy };
          const apart = Math.max(Math.abs(bandGuess.dx - guess.dx), Math.abs(bandGuess.dy - guess.dy));
          if (apart > BAND_DISAGREEMENT || (apart > 0.25 && !(aligned.difference <= threshold))) {
            const band = alignOnRing(other, plan, bandGuess, layout, threshold);
            if (band.difference < aligned.difference) aligned = band;
          }
        }
        if (!(aligned.difference <= threshold)) continue;
        let shift = aligned.shift;
        // The nearest whole pixel where it agrees about as well: the neighbour's grain kept, not softened.
        let nearest = Number.isInteger(shift.dx) && Number.isInteger(shift.dy);
        if (!nearest && plan.ring.length > 0) {
          const rounded = { dx: Math.round(shift.dx), dy: Math.round(shift.dy) };
          const roundedDifference = ringDifference(other, plan, rounded, layout, true);
          if (roundedDifference <= aligned.difference + NEAREST_GRAIN_TOLERANCE * grain) {
            shift = rounded;
            nearest = true;
          }
        }
        // The same masks at the same place (a still camera under one line): it shows none of them.
        if (nearest && shift.dx === 0 && shift.dy === 0 && other.mask === mask) continue;
        const view = planes(other, layout);
        const otherPlan = other.mask ? planOf(other.mask, layout) : undefined;
        if (lumaCount > 0) {
          const { data: plane, offset: planeOffset, rowOffset, rows } = view.y;
          if (nearest) {
            // Whole-pixel shift: a plain copy where the neighbour's pixel is inside what it holds and not masked.
            lumaCount -= takeWhole(lumaLeft, shift.dx, shift.dy, otherPlan?.lumaBits, { width, height, rowOffset, rows }, out, plane, { out: 0, source: planeOffset });
          } else {
            lumaCount -= takeBilinear(lumaLeft, shift.dx, shift.dy, other.mask?.luma, otherPlan?.lumaBits, { width, height, rowOffset, rows }, out, plane, { out: 0, source: planeOffset });
          }
        }
        if (chromaCount === 0) continue;
        const chromaShift = { dx: shift.dx / 2, dy: shift.dy / 2 };
        const chromaNearest = nearest && Number.isInteger(chromaShift.dx) && Number.isInteger(chromaShift.dy);
        const { data: plane, rowOffset, rows } = view.u;
        const uBase = view.u.offset;
        const vBase = view.v.offset;
        if (chromaNearest) {
          // Whole-pixel shift: a plain copy as for the luma; U and V share the place, the rows held and the mask.
          chromaCount -= takeWhole(chromaLeft, chromaShift.dx, chromaShift.dy, otherPlan?.chromaBits, { width: chromaWidth, height: chromaHeight, rowOffset, rows }, out, plane, {
            out: uOffset,
            source: uBase,
            out2: vOffset,
            source2: vBase,
          });
        } else {
          // U and V share the place, the weights and the mask.
          chromaCount -= takeBilinear(chromaLeft, chromaShift.dx, chromaShift.dy, other.mask?.chroma, otherPlan?.chromaBits, { width: chromaWidth, height: chromaHeight, rowOffset, rows }, out, plane, {
            out: uOffset,
            source: uBase,
            out2: vOffset,
            source2: vBase,
          });
        }
      }
    }
  }
  const fromNeighbours = plan.lumaCount - lumaCount;
  // What no neighbour showed, from the still scene's background seen in any of its frames (checked on the ring: a light change or a
  // moving object since leaves it unused).
  if (options.temporal && plate && (lumaCount > 0 || chromaCount > 0) && plateRingDifference(current.data, plate, plan) <= options.maxRingDifference) {
    lumaCount -= takeEach(lumaLeft, (x, y) => {
      const value = plateLuma(plate, x, y);
      if (value === undefined) return false;
      out[y * width + x] = value;
      return true;
    });
    chromaCount -= takeEach(chromaLeft, (x, y) => {
      const values = plateChroma(plate, x, y);
      if (!values) return false;
      out[uOffset + y * chromaWidth + x] = values[0];
      out[vOffset + y * chromaWidth + x] = values[1];
      return true;
    });
  }
  const fromScene = plan.lumaCount - lumaCount - fromNeighbours;
  let patches: ExemplarResult | undefined;
  if (lumaCount > 0) {
    const plane = out.subarray(0, uOffset);
    let rest: Int32Array = bitIndices(lumaLeft, width);
    // Best fill: patches of the picture around carry its structure and grain into the hole; the inpainter (with the grain of
    // the picture above added) takes what no patch reaches. `inpaint` mode asks for the inpainter alone.
    if (options.temporal) {
      patches = exemplarFill(plane, width, height, rest);
      rest = patches.rest;
    }
    if (rest.length > 0) {
      options.inpaint(plane, width, height, rest);
      addTexture(plane, width, height, rest, mask.luma, mask.bounds);
      smoothSeam(plane, width, height, rest, mask.luma);
    }
  }
  if (chromaCount > 0) {
    let rest: Int32Array = bitIndices(chromaLeft, chromaWidth);
    // The patches' colour with their light; the inpainter for the rest.
    if (patches) rest = followChroma(out, width, chromaWidth, uOffset, vOffset, rest, patches);
    if (rest.length > 0) {
      options.inpaint(out.subarray(uOffset, vOffset), chromaWidth, chromaHeight, rest);
      options.inpaint(out.subarray(vOffset, vOffset + chromaWidth * chromaHeight), chromaWidth, chromaHeight, rest);
    }
  }
  return { data: out, stats: { masked: plan.lumaCount, fromNeighbours, fromScene, inpainted: lumaCount } };
}
