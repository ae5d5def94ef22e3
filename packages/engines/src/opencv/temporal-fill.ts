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
  /** Luma indices of the masked pixels, and their x and y. */
  luma: Int32Array;
  lumaX: Int32Array;
  lumaY: Int32Array;
  chroma: Int32Array;
  chromaX: Int32Array;
  chromaY: Int32Array;
  /** Luma indices (and x, y) of a band around the masks' bounds, outside them, every `RING_STEP`-th pixel, not masked. */
  ring: Int32Array;
  ringX: Int32Array;
  ringY: Int32Array;
  /** Room for the items left to fill of one frame at a time (`fillFrame` runs to its end before it is called again). */
  lumaLeft: Int32Array;
  chromaLeft: Int32Array;
}

const plans = new WeakMap<FrameMask, MaskPlan>();

function planOf(mask: FrameMask, layout: YuvLayout): MaskPlan {
  let plan = plans.get(mask);
  if (!plan) {
    const luma = setIndices(mask.luma, layout.width, mask.bounds, 1);
    const chroma = setIndices(mask.chroma, layout.chromaWidth, mask.bounds, 2);
    const ring = ringIndices(mask, layout);
    const xy = (indices: Int32Array, stride: number) => [indices.map((index) => index % stride), indices.map((index) => Math.floor(index / stride))] as const;
    const [lumaX, lumaY] = xy(luma, layout.width);
    const [chromaX, chromaY] = xy(chroma, layout.chromaWidth);
    const [ringX, ringY] = xy(ring, layout.width);
    plan = { luma, lumaX, lumaY, chroma, chromaX, chromaY, ring, ringX, ringY, lumaLeft: new Int32Array(luma.length), chromaLeft: new Int32Array(chroma.length) };
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

/** Mean absolute luma difference between `frame` on the ring and `neighbour` moved by `shift`; Infinity when too little of the ring is seen. */
function ringDifference(frame: Uint8Array, neighbour: NeighbourFrame, plan: MaskPlan, shift: Shift, layout: YuvLayout, nearest = false, stride = 1): number {
  const { width, height } = layout;
  const view = planes(neighbour, layout).y;
  const masked = neighbour.mask?.luma;
  let sum = 0;
  let count = 0;
  const { data: plane, offset, rowOffset, rows } = view;
  const { ring, ringX, ringY } = plan;
  // `sample` written out (the same arithmetic): called per ring pixel, its fractional result was boxed when not inlined.
  for (let item = 0; item < ring.length; item += stride) {
    const x = ringX[item]! + shift.dx;
    const y = ringY[item]! + shift.dy;
    if (x < 0 || y < 0 || x > width - 1 || y > height - 1) continue;
    let value: number;
    if (nearest) {
      const nx = Math.round(x);
      const ny = Math.round(y);
      const localRow = ny - rowOffset;
      if (localRow < 0 || localRow >= rows || masked?.[ny * width + nx]) continue;
      value = plane[offset + localRow * width + nx]!;
    } else {
      const x0 = Math.min(width - 2, Math.floor(x));
      const y0 = Math.min(height - 2, Math.floor(y));
      const localRow = y0 - rowOffset;
      if (localRow < 0 || localRow + 1 >= rows) continue;
      const fx = x - x0;
      const fy = y - y0;
      const at = y0 * width + x0;
      if (masked && (masked[at] || masked[at + 1] || masked[at + width] || masked[at + width + 1])) continue;
      const local = offset + localRow * width + x0;
      const top = plane[local]! * (1 - fx) + plane[local + 1]! * fx;
      const bottom = plane[local + width]! * (1 - fx) + plane[local + width + 1]! * fx;
      value = top * (1 - fy) + bottom * fy;
    }
    sum += Math.abs(value - frame[ring[item]!]!);
    count++;
  }
  return count < Math.min(30, plan.ring.length / 2 / stride) ? Infinity : sum / count;
}

/** The shift to `neighbour`, refined on the ring to a quarter pixel, and how well it agrees there. */
function alignOnRing(frame: Uint8Array, neighbour: NeighbourFrame, plan: MaskPlan, start: Shift, layout: YuvLayout, threshold: number): { shift: Shift; difference: number } {
  const best = { shift: start, difference: ringDifference(frame, neighbour, plan, start, layout) };
  // The measured motion is usually right to a fraction of a pixel: refine only when the ring says otherwise,
  // and not at all when it is far off (a cut, something crossing: a quarter pixel will not save it).
  if (best.difference <= GOOD_RING_DIFFERENCE || best.difference > 3 * threshold) return best;
  // The sixteen trial shifts are ranked on every third ring pixel; the one kept is measured on them all.
  let probe = { shift: start, difference: ringDifference(frame, neighbour, plan, start, layout, false, REFINE_RING_STRIDE) };
  for (const step of [0.5, 0.25]) {
    const centre = probe.shift;
    for (const oy of [-step, 0, step]) {
      for (const ox of [-step, 0, step]) {
        if (ox === 0 && oy === 0) continue;
        const shift = { dx: centre.dx + ox, dy: centre.dy + oy };
        const difference = ringDifference(frame, neighbour, plan, shift, layout, false, REFINE_RING_STRIDE);
        if (difference < probe.difference) probe = { shift, difference };
      }
    }
  }
  if (probe.shift === start) return best;
  const difference = ringDifference(frame, neighbour, plan, probe.shift, layout);
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

/** Indices of the set pixels of `map` inside the luma bounds (chroma: halved). */
function setIndices(map: Uint8Array, stride: number, bounds: FrameMask['bounds'], scale: 1 | 2): Int32Array {
  const x0 = Math.floor(bounds.x0 / scale);
  const x1 = Math.ceil(bounds.x1 / scale);
  const y0 = Math.floor(bounds.y0 / scale);
  const y1 = Math.ceil(bounds.y1 / scale);
  const indices: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (map[y * stride + x]) indices.push(y * stride + x);
  return Int32Array.from(indices);
}

/** `list` set to 0, 1, … (a plain loop: `Int32Array.from` with a callback cost more than the copies it precedes). */
function counting(list: Int32Array): Int32Array {
  for (let item = 0; item < list.length; item++) list[item] = item;
  return list;
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
  const { luma, lumaX, lumaY, chroma, chromaX, chromaY } = plan;
  // Items (positions in the plan's lists) still to fill, kept compact: each neighbour looks only at what is left.
  const lumaLeft = counting(plan.lumaLeft);
  const chromaLeft = counting(plan.chromaLeft);
  let lumaCount = luma.length;
  let chromaCount = chroma.length;
  if (options.temporal) {
    const grain = ringGrain(current.data, plan, width);
    const threshold = Math.min(options.maxRingDifference, RING_FLOOR + RING_GRAIN_FACTOR * grain);
    for (let distance = 1; distance <= options.windowFrames && (lumaCount > 0 || chromaCount > 0); distance++) {
      for (const offset of [distance, -distance]) {
        if (lumaCount === 0 && chromaCount === 0) break;
        const other = neighbour(offset);
        if (!other) continue;
        const guess = { dx: other.position.dx - current.position.dx, dy: other.position.dy - current.position.dy };
        let aligned = plan.ring.length > 0 ? alignOnRing(current.data, other, plan, guess, layout, threshold) : { shift: guess, difference: 0 };
        // The rows around the masks may move otherwise than the whole frame (a still title card over a pan held the whole
        // frame's estimate near zero while the subtitle's rows panned): where the two motions disagree by more than a
        // measuring error, or the ring refused the whole frame's, the ring picks. Where they agree within a pixel and a half
        // and the ring takes the whole frame's, that one is kept: measured on more rows, it is the surer one.
        if (plan.ring.length > 0 && other.bandPosition && current.bandPosition) {
          const bandGuess = { dx: other.bandPosition.dx - current.bandPosition.dx, dy: other.bandPosition.dy - current.bandPosition.dy };
          const apart = Math.max(Math.abs(bandGuess.dx - guess.dx), Math.abs(bandGuess.dy - guess.dy));
          if (apart > BAND_DISAGREEMENT || (apart > 0.25 && !(aligned.difference <= threshold))) {
            const band = alignOnRing(current.data, other, plan, bandGuess, layout, threshold);
            if (band.difference < aligned.difference) aligned = band;
          }
        }
        if (!(aligned.difference <= threshold)) continue;
        let shift = aligned.shift;
        // The nearest whole pixel where it agrees about as well: the neighbour's grain kept, not softened.
        let nearest = Number.isInteger(shift.dx) && Number.isInteger(shift.dy);
        if (!nearest && plan.ring.length > 0) {
          const rounded = { dx: Math.round(shift.dx), dy: Math.round(shift.dy) };
          const roundedDifference = ringDifference(current.data, other, plan, rounded, layout, true);
          if (roundedDifference <= aligned.difference + NEAREST_GRAIN_TOLERANCE * grain) {
            shift = rounded;
            nearest = true;
          }
        }
        // The same masks at the same place (a still camera under one line): it shows none of them.
        if (nearest && shift.dx === 0 && shift.dy === 0 && other.mask === mask) continue;
        const view = planes(other, layout);
        let kept = 0;
        if (nearest) {
          // Whole-pixel shift: a plain copy where the neighbour's pixel is inside what it holds and not masked.
          const { data, offset: planeOffset, rowOffset, rows } = view.y;
          const masked = other.mask?.luma;
          const shiftX = shift.dx;
          const shiftY = shift.dy;
          for (let at = 0; at < lumaCount; at++) {
            const item = lumaLeft[at]!;
            const x = lumaX[item]! + shiftX;
            const y = lumaY[item]! + shiftY;
            const localRow = y - rowOffset;
            if (x < 0 || x >= width || y < 0 || y >= height || localRow < 0 || localRow >= rows || masked?.[y * width + x]) lumaLeft[kept++] = item;
            else out[luma[item]!] = data[planeOffset + localRow * width + x]!;
          }
        } else {
          // Bilinear: `sample`'s arithmetic written out (its fractional result was a new heap number per call whenever it
          // was not inlined).
          const { data: plane, offset: planeOffset, rowOffset, rows } = view.y;
          const masked = other.mask?.luma;
          const shiftX = shift.dx;
          const shiftY = shift.dy;
          for (let at = 0; at < lumaCount; at++) {
            const item = lumaLeft[at]!;
            const x = lumaX[item]! + shiftX;
            const y = lumaY[item]! + shiftY;
            const x0 = Math.min(width - 2, Math.floor(x));
            const y0 = Math.min(height - 2, Math.floor(y));
            const localRow = y0 - rowOffset;
            const corner = y0 * width + x0;
            if (
              x < 0 || y < 0 || x > width - 1 || y > height - 1 || localRow < 0 || localRow + 1 >= rows ||
              (masked && (masked[corner] || masked[corner + 1] || masked[corner + width] || masked[corner + width + 1]))
            ) {
              lumaLeft[kept++] = item;
              continue;
            }
            const fx = x - x0;
            const fy = y - y0;
            const local = planeOffset + localRow * width + x0;
            const top = plane[local]! * (1 - fx) + plane[local + 1]! * fx;
            const bottom = plane[local + width]! * (1 - fx) + plane[local + width + 1]! * fx;
            out[luma[item]!] = Math.round(top * (1 - fy) + bottom * fy);
          }
        }
        lumaCount = kept;
        const chromaShift = { dx: shift.dx / 2, dy: shift.dy / 2 };
        const chromaNearest = nearest && Number.isInteger(chromaShift.dx) && Number.isInteger(chromaShift.dy);
        kept = 0;
        if (chromaNearest) {
          // Whole-pixel shift: a plain copy as for the luma (`sample`'s nearest case written out); U and V share the place,
          // the rows held and the mask.
          const { data: plane, rowOffset, rows } = view.u;
          const uBase = view.u.offset;
          const vBase = view.v.offset;
          const masked = other.mask?.chroma;
          const shiftX = chromaShift.dx;
          const shiftY = chromaShift.dy;
          for (let at = 0; at < chromaCount; at++) {
            const item = chromaLeft[at]!;
            const x = chromaX[item]! + shiftX;
            const y = chromaY[item]! + shiftY;
            const localRow = y - rowOffset;
            if (x < 0 || x >= chromaWidth || y < 0 || y >= chromaHeight || localRow < 0 || localRow >= rows || masked?.[y * chromaWidth + x]) {
              chromaLeft[kept++] = item;
              continue;
            }
            const index = chroma[item]!;
            const local = localRow * chromaWidth + x;
            out[uOffset + index] = plane[uBase + local]!;
            out[vOffset + index] = plane[vBase + local]!;
          }
        } else {
          // Bilinear: `sample`'s arithmetic written out for both planes (its fractional result was a new heap number per call
          // whenever it was not inlined); U and V share the place, the weights and the mask.
          const { data: plane, rowOffset, rows } = view.u;
          const uBase = view.u.offset;
          const vBase = view.v.offset;
          const masked = other.mask?.chroma;
          for (let at = 0; at < chromaCount; at++) {
            const item = chromaLeft[at]!;
            const x = chromaX[item]! + chromaShift.dx;
            const y = chromaY[item]! + chromaShift.dy;
            const x0 = Math.min(chromaWidth - 2, Math.floor(x));
            const y0 = Math.min(chromaHeight - 2, Math.floor(y));
            const localRow = y0 - rowOffset;
            const corner = y0 * chromaWidth + x0;
            if (
              x < 0 || y < 0 || x > chromaWidth - 1 || y > chromaHeight - 1 || localRow < 0 || localRow + 1 >= rows ||
              (masked && (masked[corner] || masked[corner + 1] || masked[corner + chromaWidth] || masked[corner + chromaWidth + 1]))
            ) {
              chromaLeft[kept++] = item;
              continue;
            }
            const fx = x - x0;
            const fy = y - y0;
            const local = localRow * chromaWidth + x0;
            const index = chroma[item]!;
            const uTop = plane[uBase + local]! * (1 - fx) + plane[uBase + local + 1]! * fx;
            const uBottom = plane[uBase + local + chromaWidth]! * (1 - fx) + plane[uBase + local + chromaWidth + 1]! * fx;
            out[uOffset + index] = Math.round(uTop * (1 - fy) + uBottom * fy);
            const vTop = plane[vBase + local]! * (1 - fx) + plane[vBase + local + 1]! * fx;
            const vBottom = plane[vBase + local + chromaWidth]! * (1 - fx) + plane[vBase + local + chromaWidth + 1]! * fx;
            out[vOffset + index] = Math.round(vTop * (1 - fy) + vBottom * fy);
          }
        }
        chromaCount = kept;
      }
    }
  }
  const fromNeighbours = luma.length - lumaCount;
  // What no neighbour showed, from the still scene's background seen in any of its frames (checked on the ring: a light change or a
  // moving object since leaves it unused).
  if (options.temporal && plate && (lumaCount > 0 || chromaCount > 0) && plateRingDifference(current.data, plate, plan) <= options.maxRingDifference) {
    let kept = 0;
    for (let at = 0; at < lumaCount; at++) {
      const item = lumaLeft[at]!;
      const value = plateLuma(plate, lumaX[item]!, lumaY[item]!);
      if (value === undefined) lumaLeft[kept++] = item;
      else out[luma[item]!] = value;
    }
    lumaCount = kept;
    kept = 0;
    for (let at = 0; at < chromaCount; at++) {
      const item = chromaLeft[at]!;
      const values = plateChroma(plate, chromaX[item]!, chromaY[item]!);
      if (!values) {
        chromaLeft[kept++] = item;
        continue;
      }
      out[uOffset + chroma[item]!] = values[0];
      out[vOffset + chroma[item]!] = values[1];
    }
    chromaCount = kept;
  }
  const fromScene = luma.length - lumaCount - fromNeighbours;
  let patches: ExemplarResult | undefined;
  if (lumaCount > 0) {
    const plane = out.subarray(0, uOffset);
    let rest: Int32Array = Int32Array.from(lumaLeft.subarray(0, lumaCount), (item) => luma[item]!);
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
    let rest: Int32Array = Int32Array.from(chromaLeft.subarray(0, chromaCount), (item) => chroma[item]!);
    // The patches' colour with their light; the inpainter for the rest.
    if (patches) rest = followChroma(out, width, chromaWidth, uOffset, vOffset, rest, patches);
    if (rest.length > 0) {
      options.inpaint(out.subarray(uOffset, vOffset), chromaWidth, chromaHeight, rest);
      options.inpaint(out.subarray(vOffset, vOffset + chromaWidth * chromaHeight), chromaWidth, chromaHeight, rest);
    }
  }
  return { data: out, stats: { masked: luma.length, fromNeighbours, fromScene, inpainted: lumaCount } };
}
