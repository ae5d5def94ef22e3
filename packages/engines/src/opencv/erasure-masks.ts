/**
 * The pixels an erasure changes, frame by frame. An `area` mask is its whole rectangle. A `text`
 * mask is the text's own pixels inside its rectangle: burned-in text stays put while the picture
 * behind it moves, so the pixels whose luma hardly varies over the mask's time span are the text
 * (glyphs, outline), grown by a few pixels for the soft edges and the codec's ringing. A
 * semi-transparent box behind the text is not still (the picture shows through it, darkened), but
 * its four straight edges are: across each, the box's side is the darker one in most frames while
 * the picture's own edges cross it either way; such a box's whole rectangle joins the mask. When the
 * picture behind does not move enough to tell, the whole rectangle is the mask.
 */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import type { InpaintMaskKind } from '../capabilities/inpainter.ts';

/** A rectangle in whole pixels, inside the picture. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One mask as it is applied: its rectangle, its frames, and (text) which of its pixels. */
export interface MaskShape {
  box: PixelBox;
  /** Frames [first, last] it covers. */
  firstFrame: number;
  lastFrame: number;
  kind: InpaintMaskKind;
  /**
   * Box-sized map, a bit a pixel (pixel i: bit `i & 7` of byte `i >> 3`; 1 = changed), `packPixels` of the first pass's map:
   * every line's map is held from the first pass to the erase pass; undefined = the whole box.
   */
  pixelBits?: Uint8Array | undefined;
}

/** A sample this close (8-bit luma) to a pixel's median counts as the same value. */
export const STILL_LUMA_TOLERANCE = 10;
/** A pixel whose samples agree with its median this often is still (the text may be absent on padded ends of the span). */
export const STILL_AGREEMENT = 0.55;
/** Frames sampled over a mask's span (evenly): memory is this many copies of its box. */
export const STILLNESS_SAMPLES = 48;
/** The picture behind a text mask must move at least this far (pixels, summed over its span) to tell text from background. */
export const MIN_BACKGROUND_TRAVEL = 4;
/** Across a box's edge its side is darker than the picture beside it by more than this (8-bit luma), in a sample that shows the edge. */
export const BOX_EDGE_STEP = 12;
/** Each of a box's edges runs along at least this share of its side (the picture may be too dark to show it in places). */
export const BOX_EDGE_LENGTH = 0.7;
/** A box spans at least this share of its mask's width and height (it holds the whole line; a glyph's outline alone does not count). */
export const BOX_SHARE = 0.5;
/** The picture seen inside a box is at most this share as bright as around it (a row of outlined glyphs has straight edges too, but the picture inside them is not darkened). */
export const BOX_DARKENING = 0.8;
/** Width (pixels) of the bands along a box's edges, inside and outside and a pixel away from them, whose brightness is compared. */
export const BOX_BAND = 2;

/** `box` in whole pixels, clipped to the picture; undefined when nothing of it is inside. */
export function pixelBox(box: BoundingBox, width: number, height: number): PixelBox | undefined {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  if (x1 - x0 < 1 || y1 - y0 < 1) return undefined;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Frames [first, last] whose start time lies in [startSeconds, endSeconds]; undefined when none. */
export function frameRange(startSeconds: number, endSeconds: number, frameRate: number, frameCount: number): { first: number; last: number } | undefined {
  const first = Math.max(0, Math.ceil(startSeconds * frameRate - 1e-6));
  const last = Math.min(frameCount - 1, Math.floor(endSeconds * frameRate + 1e-6));
  return last >= first ? { first, last } : undefined;
}

/**
 * A text mask's box sampled over its span (at most `STILLNESS_SAMPLES` frames, evenly): a pixel is
 * text when most samples agree with its median (the text is on screen for most of the span, the
 * moving background is not the same twice). Robust to the span's padded ends, where the text may
 * not be shown yet.
 */
export class StillnessAccumulator {
  readonly shape: MaskShape;
  readonly #stride: number;
  readonly #samples: Uint8Array[] = [];
  /** Background travel over the span (pixels). */
  travel = 0;

  constructor(shape: MaskShape) {
    this.shape = shape;
    this.#stride = Math.max(1, Math.ceil((shape.lastFrame - shape.firstFrame + 1) / STILLNESS_SAMPLES));
  }

  /** Adds frame `index`'s luma (full picture, `stride` wide) and the background's motion since the previous frame. */
  add(index: number, luma: Uint8Array, stride: number, motion: number): void {
    if (index < this.shape.firstFrame || index > this.shape.lastFrame) return;
    if (index > this.shape.firstFrame) this.travel += motion;
    if ((index - this.shape.firstFrame) % this.#stride !== 0) return;
    const { x, y, width, height } = this.shape.box;
    const crop = new Uint8Array(width * height);
    for (let row = 0; row < height; row++) crop.set(luma.subarray((y + row) * stride + x, (y + row) * stride + x + width), row * width);
    this.#samples.push(crop);
  }

  /** Box crops held. */
  get sampleCount(): number {
    return this.#samples.length;
  }

  /** The mask's pixels: still ones grown by `grow`, or undefined (the whole box). */
  pixels(grow: number): Uint8Array | undefined {
    const count = this.#samples.length;
    if (count < 3 || this.travel < MIN_BACKGROUND_TRAVEL) return undefined;
    const { width, height } = this.shape.box;
    const still = new Uint8Array(width * height);
    const values = new Uint8Array(count);
    const needed = Math.ceil(count * STILL_AGREEMENT);
    for (let index = 0; index < still.length; index++) {
      for (let sample = 0; sample < count; sample++) values[sample] = this.#samples[sample]![index]!;
      values.sort();
      const median = values[count >> 1]!;
      let agree = 0;
      for (let sample = 0; sample < count; sample++) if (Math.abs(values[sample]! - median) <= STILL_LUMA_TOLERANCE) agree++;
      if (agree >= needed) still[index] = 1;
    }
    const backing = boxRectangle(this.#samples, still, width, height, needed);
    if (backing) for (let row = backing.y0; row <= backing.y1; row++) still.fill(1, row * width + backing.x0, row * width + backing.x1 + 1);
    // However much of the box is still (dense text, or smooth background that agrees with itself),
    // the map is never more than the box: it is kept.
    return dilate(still, width, height, grow);
  }
}

/**
 * The text masks' pixels, collected as the first pass's frames come in order: a mask's samples are
 * held only while its frames come; at the first frame after its last, its `pixelBits` are set (its still
 * pixels grown by 5 % of its height, at least 2) and its samples let go. Memory is the samples of the
 * masks on screen at once, however many lines the video has (issue 32: held to the pass's end, the
 * 207 lines of a 600-s clip kept ~400 MB of samples).
 */
export class StillnessCollector {
  /** Text masks not yet started, by first frame (the last first, to pop). */
  readonly #coming: MaskShape[];
  readonly #active: StillnessAccumulator[] = [];

  constructor(shapes: readonly MaskShape[]) {
    this.#coming = shapes.filter((shape) => shape.kind === 'text').sort((a, b) => b.firstFrame - a.firstFrame);
  }

  /** Frame `index`'s luma (frames in increasing order; full picture, `stride` wide) and the background's motion since the frame before. */
  add(index: number, luma: Uint8Array, stride: number, motion: number): void {
    this.#finishBefore(index);
    while (this.#coming.length > 0 && this.#coming.at(-1)!.firstFrame <= index) this.#active.push(new StillnessAccumulator(this.#coming.pop()!));
    for (const accumulator of this.#active) accumulator.add(index, luma, stride, motion);
  }

  /** No more frames: the masks still open get their pixels (those never reached: none, the whole box). */
  finish(): void {
    this.#finishBefore(Number.POSITIVE_INFINITY);
    for (const shape of this.#coming.splice(0)) shape.pixelBits = packPixels(new StillnessAccumulator(shape).pixels(growOf(shape)));
  }

  /** Box crops held now (tests: bounded by the masks on screen at once). */
  get sampleCount(): number {
    return this.#active.reduce((sum, accumulator) => sum + accumulator.sampleCount, 0);
  }

  #finishBefore(index: number): void {
    for (let at = this.#active.length - 1; at >= 0; at--) {
      const accumulator = this.#active[at]!;
      if (accumulator.shape.lastFrame >= index) continue;
      accumulator.shape.pixelBits = packPixels(accumulator.pixels(growOf(accumulator.shape)));
      this.#active.splice(at, 1);
    }
  }
}

/** `map` (one byte a pixel, 0 or 1) a bit a pixel, as `MaskShape.pixelBits` holds it. */
export function packPixels(map: Uint8Array | undefined): Uint8Array | undefined {
  if (!map) return undefined;
  const bits = new Uint8Array((map.length + 7) >> 3);
  for (let index = 0; index < map.length; index++) if (map[index]) bits[index >> 3]! |= 1 << (index & 7);
  return bits;
}

/** Pixels a text mask's still pixels are grown by: the glyphs' soft edges and the codec's ringing. */
const growOf = (shape: MaskShape) => Math.max(2, Math.round(shape.box.height * 0.05));

/** Index of the largest of `values[from..to)`, the first of equals (the last with `last`), or -1 when that range is empty or all zero. */
function largestAt(values: Uint32Array, from: number, to: number, last = false): number {
  let best = -1;
  for (let step = 0; step < to - from; step++) {
    const index = last ? to - 1 - step : from + step;
    if (values[index]! > 0 && (best < 0 || values[index]! > values[best]!)) best = index;
  }
  return best;
}

/**
 * The rectangle [x0, x1] × [y0, y1] (inclusive, in the samples' box) of a semi-transparent box behind
 * the text, or undefined. A pixel lies on one of the box's edges when, in at least `needed` samples,
 * it is darker by `BOX_EDGE_STEP` than its neighbour outside that edge. The best-supported top row,
 * bottom row below it, and left and right columns between them (the outermost of equals) must each
 * be such an edge along `BOX_EDGE_LENGTH` of the rectangle's side, and the rectangle must span
 * `BOX_SHARE` of the box each way.
 * Along its inner side, the pixels that are not `still` (the picture, not an outline) must be darker
 * than those along its outer side by `BOX_DARKENING`, on average over the samples.
 */
function boxRectangle(samples: readonly Uint8Array[], still: Uint8Array, width: number, height: number, needed: number): { x0: number; y0: number; x1: number; y1: number } | undefined {
  // Per pixel and side (0 top, 1 bottom, 2 left, 3 right): samples in which it is darker than its neighbour beyond that side.
  const darker = [new Uint16Array(width * height), new Uint16Array(width * height), new Uint16Array(width * height), new Uint16Array(width * height)] as const;
  for (const luma of samples) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = y * width + x;
        const value = luma[index]! + BOX_EDGE_STEP;
        if (y > 0 && value < luma[index - width]!) darker[0][index]!++;
        if (y < height - 1 && value < luma[index + width]!) darker[1][index]!++;
        if (x > 0 && value < luma[index - 1]!) darker[2][index]!++;
        if (x < width - 1 && value < luma[index + 1]!) darker[3][index]!++;
      }
    }
  }
  const edge = (side: 0 | 1 | 2 | 3, x: number, y: number) => (darker[side][y * width + x]! >= needed ? 1 : 0);
  // Edge pixels of `side` along row `y` over columns [x0, x1], or along column `x` over rows [y0, y1].
  const alongRow = (side: 0 | 1 | 2 | 3, y: number, x0: number, x1: number) => {
    let count = 0;
    for (let x = x0; x <= x1; x++) count += edge(side, x, y);
    return count;
  };
  const alongColumn = (side: 0 | 1 | 2 | 3, x: number, y0: number, y1: number) => {
    let count = 0;
    for (let y = y0; y <= y1; y++) count += edge(side, x, y);
    return count;
  };
  const rows = (side: 0 | 1) => Uint32Array.from({ length: height }, (_, y) => alongRow(side, y, 0, width - 1));
  const y0 = largestAt(rows(0), 1, height);
  if (y0 < 0) return undefined;
  const y1 = largestAt(rows(1), y0 + 1, height - 1, true);
  if (y1 < 0) return undefined;
  const columns = (side: 2 | 3) => Uint32Array.from({ length: width }, (_, x) => alongColumn(side, x, y0, y1));
  const x0 = largestAt(columns(2), 1, width);
  if (x0 < 0) return undefined;
  const x1 = largestAt(columns(3), x0 + 1, width - 1, true);
  if (x1 < 0) return undefined;
  const across = x1 - x0 + 1;
  const down = y1 - y0 + 1;
  if (across < width * BOX_SHARE || down < height * BOX_SHARE) return undefined;
  const held =
    alongRow(0, y0, x0, x1) >= across * BOX_EDGE_LENGTH &&
    alongRow(1, y1, x0, x1) >= across * BOX_EDGE_LENGTH &&
    alongColumn(2, x0, y0, y1) >= down * BOX_EDGE_LENGTH &&
    alongColumn(3, x1, y0, y1) >= down * BOX_EDGE_LENGTH;
  if (!held) return undefined;
  // Luma sums and pixel counts over the samples: of the moving picture in a band along the rectangle's
  // inner side (the box's padding, before any glyph), and of everything in a band along its outer side;
  // the pixels next to the edge are left out on both sides (the codec blurs the edge over them).
  const inside = [0, 0];
  const around = [0, 0];
  for (let y = Math.max(0, y0 - BOX_BAND - 1); y <= Math.min(height - 1, y1 + BOX_BAND + 1); y++) {
    for (let x = Math.max(0, x0 - BOX_BAND - 1); x <= Math.min(width - 1, x1 + BOX_BAND + 1); x++) {
      const index = y * width + x;
      const depth = Math.min(x - x0, x1 - x, y - y0, y1 - y);
      if (depth >= 0 ? depth < 1 || depth > BOX_BAND || still[index] : depth > -2) continue;
      const sums = depth >= 0 ? inside : around;
      for (const luma of samples) sums[0]! += luma[index]!;
      sums[1]! += samples.length;
    }
  }
  if (inside[1] === 0 || around[1] === 0) return undefined;
  return inside[0]! / inside[1]! <= (BOX_DARKENING * around[0]!) / around[1]! ? { x0, y0, x1, y1 } : undefined;
}

/** `map` (1 = set) grown by `radius` pixels in every direction (a square), separably. */
export function dilate(map: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return map;
  const across = new Uint8Array(map.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let lastSet = -Infinity;
    // Left to right: distance to the last set pixel; then right to left.
    for (let x = 0; x < width; x++) {
      if (map[row + x]) lastSet = x;
      if (x - lastSet <= radius) across[row + x] = 1;
    }
    let nextSet = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (map[row + x]) nextSet = x;
      if (nextSet - x <= radius) across[row + x] = 1;
    }
  }
  const grown = new Uint8Array(map.length);
  for (let x = 0; x < width; x++) {
    let lastSet = -Infinity;
    for (let y = 0; y < height; y++) {
      if (across[y * width + x]) lastSet = y;
      if (y - lastSet <= radius) grown[y * width + x] = 1;
    }
    let nextSet = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (across[y * width + x]) nextSet = y;
      if (nextSet - y <= radius) grown[y * width + x] = 1;
    }
  }
  return grown;
}

/** The changed pixels of one frame: luma and 4:2:0 chroma maps, and the luma bounds of the changes. */
export interface FrameMask {
  luma: Uint8Array;
  chroma: Uint8Array;
  /** Bounds of the set luma pixels: [x0, x1) × [y0, y1). */
  bounds: { x0: number; y0: number; x1: number; y1: number };
  lumaCount: number;
}

/** The union of `shapes` for a `width` × `height` frame (chroma set where any of its luma pixels is); undefined when nothing is set. */
export function frameMask(shapes: readonly MaskShape[], width: number, height: number): FrameMask | undefined {
  if (shapes.length === 0) return undefined;
  const luma = new Uint8Array(width * height);
  const bounds = { x0: width, y0: height, x1: 0, y1: 0 };
  for (const shape of shapes) {
    const { x, y, width: boxWidth, height: boxHeight } = shape.box;
    for (let row = 0; row < boxHeight; row++) {
      const to = (y + row) * width + x;
      const bits = shape.pixelBits;
      if (bits) {
        const from = row * boxWidth;
        for (let column = 0; column < boxWidth; column++) if ((bits[(from + column) >> 3]! >> ((from + column) & 7)) & 1) luma[to + column] = 1;
      } else luma.fill(1, to, to + boxWidth);
    }
    bounds.x0 = Math.min(bounds.x0, x);
    bounds.y0 = Math.min(bounds.y0, y);
    bounds.x1 = Math.max(bounds.x1, x + boxWidth);
    bounds.y1 = Math.max(bounds.y1, y + boxHeight);
  }
  let lumaCount = 0;
  for (let y = bounds.y0; y < bounds.y1; y++) for (let x = bounds.x0; x < bounds.x1; x++) lumaCount += luma[y * width + x]!;
  if (lumaCount === 0) return undefined;
  const chromaWidth = (width + 1) >> 1;
  const chromaHeight = (height + 1) >> 1;
  const chroma = new Uint8Array(chromaWidth * chromaHeight);
  for (let y = bounds.y0; y < bounds.y1; y++) {
    for (let x = bounds.x0; x < bounds.x1; x++) if (luma[y * width + x]) chroma[(y >> 1) * chromaWidth + (x >> 1)] = 1;
  }
  return { luma, chroma, bounds, lumaCount };
}

/** Bounds [x0, x1] × [y0, y1] (inclusive) of the pixels at `indices` of a picture `width` wide. */
export function indexBounds(indices: Int32Array, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  const bounds = { x0: width, y0: height, x1: 0, y1: 0 };
  for (const index of indices) {
    const x = index % width;
    const y = (index - x) / width;
    if (x < bounds.x0) bounds.x0 = x;
    if (x > bounds.x1) bounds.x1 = x;
    if (y < bounds.y0) bounds.y0 = y;
    if (y > bounds.y1) bounds.y1 = y;
  }
  return bounds;
}

/**
 * Each frame's mask in the erase pass: frames showing the same masks share one map (a subtitle line's frames all do), so a
 * window of neighbours holds few, and two frames of the window show the same masks exactly when their maps are one object
 * (the fill relies on it). Both fill threads keep one of these over the same shapes, so they agree.
 */
export class FrameMasks {
  readonly #shapes: ReadonlyArray<MaskShape | undefined>;
  readonly #width: number;
  readonly #height: number;
  readonly #masks = new Map<string, FrameMask | undefined>();

  /** `shapes` is read at each call: the second fill thread's holds (at their places) only the shapes of frames it may still read. */
  constructor(shapes: ReadonlyArray<MaskShape | undefined>, width: number, height: number) {
    this.#shapes = shapes;
    this.#width = width;
    this.#height = height;
  }

  of(index: number): FrameMask | undefined {
    const active: number[] = [];
    for (let at = 0; at < this.#shapes.length; at++) {
      const shape = this.#shapes[at];
      if (shape && index >= shape.firstFrame && index <= shape.lastFrame) active.push(at);
    }
    const key = active.join(',');
    if (!this.#masks.has(key)) this.#masks.set(key, frameMask(active.map((at) => this.#shapes[at]!), this.#width, this.#height));
    return this.#masks.get(key);
  }

  /** Forgets the maps no frame of `window` shows (once more than a few are held); a map in use is kept, so its frames stay one object. */
  forgetUnused(window: Iterable<{ mask: FrameMask | undefined }>): void {
    if (this.#masks.size <= 8) return;
    const used = new Set<FrameMask | undefined>();
    for (const frame of window) used.add(frame.mask);
    for (const [key, mask] of this.#masks) if (!used.has(mask)) this.#masks.delete(key);
  }
}
