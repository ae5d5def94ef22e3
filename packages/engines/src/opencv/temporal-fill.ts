/**
 * Filling one frame's masked pixels (planar yuv420p), best first: from neighbouring frames where
 * the background shows through, moved by the camera's motion between the two (and that motion
 * checked, and refined to a quarter pixel, on a ring of untouched pixels around the masks); what no
 * neighbour shows is inpainted. Pixels outside the mask are never written.
 */
import type { FrameMask } from './erasure-masks.ts';
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

/** A frame of the window around the one being filled. */
export interface NeighbourFrame {
  /** Planar yuv420p: the whole picture, or (neighbours) only the rows `rowOffset` … `rowOffset + rows`. */
  data: Uint8Array;
  mask: FrameMask | undefined;
  /** Where the camera is: content at p in frame t is at p + position[s] − position[t] in frame s. */
  position: Shift;
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
/** A ring agreeing this well (mean absolute luma difference) is taken without refining the shift. */
const GOOD_RING_DIFFERENCE = 2.5;

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
  return Int32Array.from(indices);
}

/**
 * Bilinear sample of a plane at (x, y) of the whole picture (`width` × `height`); undefined outside
 * the picture or the rows the view holds, or when a pixel it reads is masked.
 */
function sample(view: PlaneView, width: number, height: number, x: number, y: number, masked: Uint8Array | undefined): number | undefined {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return undefined;
  const x0 = Math.min(width - 2, Math.floor(x));
  const y0 = Math.min(height - 2, Math.floor(y));
  const localRow = y0 - view.rowOffset;
  if (localRow < 0 || localRow + 1 >= view.rows) return undefined;
  const fx = x - x0;
  const fy = y - y0;
  const at = y0 * width + x0;
  if (masked && (masked[at] || masked[at + 1] || masked[at + width] || masked[at + width + 1])) return undefined;
  const local = view.offset + localRow * width + x0;
  const plane = view.data;
  const top = plane[local]! * (1 - fx) + plane[local + 1]! * fx;
  const bottom = plane[local + width]! * (1 - fx) + plane[local + width + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Mean absolute luma difference between `frame` on `ring` and `neighbour` moved by `shift`; Infinity when too little of the ring is seen. */
function ringDifference(frame: Uint8Array, neighbour: NeighbourFrame, ring: Int32Array, shift: Shift, layout: YuvLayout): number {
  const { width, height } = layout;
  let sum = 0;
  let count = 0;
  for (const index of ring) {
    const x = index % width;
    const y = (index - x) / width;
    const value = sample(planes(neighbour, layout).y, width, height, x + shift.dx, y + shift.dy, neighbour.mask?.luma);
    if (value === undefined) continue;
    sum += Math.abs(value - frame[index]!);
    count++;
  }
  return count < Math.min(30, ring.length / 2) ? Infinity : sum / count;
}

/** The shift to `neighbour`, refined on the ring to a quarter pixel, and how well it agrees there. */
function alignOnRing(frame: Uint8Array, neighbour: NeighbourFrame, ring: Int32Array, start: Shift, layout: YuvLayout): { shift: Shift; difference: number } {
  let best = { shift: start, difference: ringDifference(frame, neighbour, ring, start, layout) };
  // The measured motion is usually right to a fraction of a pixel: refine only when the ring says otherwise.
  if (best.difference <= GOOD_RING_DIFFERENCE) return best;
  for (const step of [0.5, 0.25]) {
    const centre = best.shift;
    for (const oy of [-step, 0, step]) {
      for (const ox of [-step, 0, step]) {
        if (ox === 0 && oy === 0) continue;
        const shift = { dx: centre.dx + ox, dy: centre.dy + oy };
        const difference = ringDifference(frame, neighbour, ring, shift, layout);
        if (difference < best.difference) best = { shift, difference };
      }
    }
  }
  return best;
}

/** Mean absolute luma difference between `frame` and `plate` on `ring`; Infinity when the plate holds too little of it. */
function plateRingDifference(frame: Uint8Array, plate: ScenePlate, ring: Int32Array, width: number): number {
  let sum = 0;
  let count = 0;
  for (const index of ring) {
    const x = index % width;
    const value = plateLuma(plate, x, (index - x) / width);
    if (value === undefined) continue;
    sum += Math.abs(value - frame[index]!);
    count++;
  }
  return count < Math.min(30, ring.length / 2) ? Infinity : sum / count;
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

/**
 * Frame `current` with its masked pixels filled (a new buffer; the input is left as it was), from
 * `neighbour(offset)` (the frame `offset` away, undefined outside the video or the window).
 */
export function fillFrame(
  current: NeighbourFrame,
  neighbour: (offset: number) => NeighbourFrame | undefined,
  layout: YuvLayout,
  options: FillOptions,
  plate?: ScenePlate,
): { data: Uint8Array; stats: FillStats } {
  const mask = current.mask;
  if (!mask) return { data: current.data, stats: { masked: 0, fromNeighbours: 0, fromScene: 0, inpainted: 0 } };
  const out = current.data.slice();
  const { width, height, chromaWidth, chromaHeight, uOffset, vOffset } = layout;
  const luma = setIndices(mask.luma, width, mask.bounds, 1);
  const chroma = setIndices(mask.chroma, chromaWidth, mask.bounds, 2);
  const lumaDone = new Uint8Array(luma.length);
  const chromaDone = new Uint8Array(chroma.length);
  let lumaLeft = luma.length;
  let chromaLeft = chroma.length;
  const ring = options.temporal ? ringIndices(mask, layout) : new Int32Array(0);
  if (options.temporal) {
    for (let distance = 1; distance <= options.windowFrames && (lumaLeft > 0 || chromaLeft > 0); distance++) {
      for (const offset of [distance, -distance]) {
        if (lumaLeft === 0 && chromaLeft === 0) break;
        const other = neighbour(offset);
        if (!other) continue;
        const guess = { dx: other.position.dx - current.position.dx, dy: other.position.dy - current.position.dy };
        const { shift, difference } = ring.length > 0 ? alignOnRing(current.data, other, ring, guess, layout) : { shift: guess, difference: 0 };
        if (!(difference <= options.maxRingDifference)) continue;
        const view = planes(other, layout);
        for (let item = 0; item < luma.length; item++) {
          if (lumaDone[item]) continue;
          const index = luma[item]!;
          const x = index % width;
          const value = sample(view.y, width, height, x + shift.dx, (index - x) / width + shift.dy, other.mask?.luma);
          if (value === undefined) continue;
          out[index] = Math.round(value);
          lumaDone[item] = 1;
          lumaLeft--;
        }
        const chromaShift = { dx: shift.dx / 2, dy: shift.dy / 2 };
        for (let item = 0; item < chroma.length; item++) {
          if (chromaDone[item]) continue;
          const index = chroma[item]!;
          const x = index % chromaWidth;
          const y = (index - x) / chromaWidth;
          const u = sample(view.u, chromaWidth, chromaHeight, x + chromaShift.dx, y + chromaShift.dy, other.mask?.chroma);
          if (u === undefined) continue;
          const v = sample(view.v, chromaWidth, chromaHeight, x + chromaShift.dx, y + chromaShift.dy, other.mask?.chroma)!;
          out[uOffset + index] = Math.round(u);
          out[vOffset + index] = Math.round(v);
          chromaDone[item] = 1;
          chromaLeft--;
        }
      }
    }
  }
  const fromNeighbours = luma.length - lumaLeft;
  // What no neighbour showed, from the still scene's background seen in any of its frames (checked on the ring: a light change or a
  // moving object since leaves it unused).
  if (options.temporal && plate && (lumaLeft > 0 || chromaLeft > 0) && plateRingDifference(current.data, plate, ring, width) <= options.maxRingDifference) {
    for (let item = 0; item < luma.length; item++) {
      if (lumaDone[item]) continue;
      const index = luma[item]!;
      const x = index % width;
      const value = plateLuma(plate, x, (index - x) / width);
      if (value === undefined) continue;
      out[index] = value;
      lumaDone[item] = 1;
      lumaLeft--;
    }
    for (let item = 0; item < chroma.length; item++) {
      if (chromaDone[item]) continue;
      const index = chroma[item]!;
      const x = index % chromaWidth;
      const values = plateChroma(plate, x, (index - x) / chromaWidth);
      if (!values) continue;
      out[uOffset + index] = values[0];
      out[vOffset + index] = values[1];
      chromaDone[item] = 1;
      chromaLeft--;
    }
  }
  const fromScene = luma.length - lumaLeft - fromNeighbours;
  if (lumaLeft > 0) {
    const rest = Int32Array.from(luma.filter((_, item) => !lumaDone[item]));
    const plane = out.subarray(0, uOffset);
    options.inpaint(plane, width, height, rest);
    addTexture(plane, width, height, rest, mask.luma, mask.bounds);
    smoothSeam(plane, width, height, rest, mask.luma);
  }
  if (chromaLeft > 0) {
    const rest = Int32Array.from(chroma.filter((_, item) => !chromaDone[item]));
    options.inpaint(out.subarray(uOffset, vOffset), chromaWidth, chromaHeight, rest);
    options.inpaint(out.subarray(vOffset, vOffset + chromaWidth * chromaHeight), chromaWidth, chromaHeight, rest);
  }
  return { data: out, stats: { masked: luma.length, fromNeighbours, fromScene, inpainted: lumaLeft } };
}
