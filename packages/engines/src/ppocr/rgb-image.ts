/** Pictures in memory as ffmpeg's `rgb24` gives them, and the few operations the OCR needs on them. */
import type { BoundingBox } from '../capabilities/engine-common.ts';

/** 8-bit RGB, row by row, no padding (`data.length === width * height * 3`). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A box in whole pixels, inside `width` × `height` (at least one pixel each way). */
export function pixelBox(box: BoundingBox, width: number, height: number): BoundingBox {
  const x = Math.min(width - 1, Math.max(0, Math.floor(box.x)));
  const y = Math.min(height - 1, Math.max(0, Math.floor(box.y)));
  const right = Math.min(width, Math.max(x + 1, Math.ceil(box.x + box.width)));
  const bottom = Math.min(height, Math.max(y + 1, Math.ceil(box.y + box.height)));
  return { x, y, width: right - x, height: bottom - y };
}

/** The part of `image` inside `box` (a copy). */
export function cropImage(image: RgbImage, box: BoundingBox): RgbImage {
  const { x, y, width, height } = pixelBox(box, image.width, image.height);
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 3;
    data.set(image.data.subarray(from, from + width * 3), row * width * 3);
  }
  return { data, width, height };
}

/** BT.601 luma of the pixel at byte offset `offset` (0–255). */
export const lumaAt = (data: Uint8Array, offset: number): number => (data[offset]! * 299 + data[offset + 1]! * 587 + data[offset + 2]! * 114) / 1000;

export interface TensorLayout {
  /** Size the region is resized to. */
  width: number;
  height: number;
  /** Width of the tensor row (≥ `width`): the rest is padding, left at 0 after normalisation. */
  paddedWidth?: number;
  /** Per channel, in the model's channel order (B, G, R, as OpenCV reads pictures). */
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

/**
 * `region` of `image` resized (bilinear, pixel centres aligned like OpenCV's INTER_LINEAR) and
 * normalised into a planar BGR float tensor `[3, height, paddedWidth]`, written at `offset` of `into`
 * (a batch tensor) or into a new array.
 */
export function toBgrPlanes(image: RgbImage, region: BoundingBox, layout: TensorLayout, into?: Float32Array, offset = 0): Float32Array {
  const paddedWidth = layout.paddedWidth ?? layout.width;
  const plane = paddedWidth * layout.height;
  const out = into ?? new Float32Array(3 * plane);
  const source = pixelBox(region, image.width, image.height);
  const scaleX = source.width / layout.width;
  const scaleY = source.height / layout.height;
  const scale = [1 / (255 * layout.std[0]), 1 / (255 * layout.std[1]), 1 / (255 * layout.std[2])] as const;
  const shift = [layout.mean[0] / layout.std[0], layout.mean[1] / layout.std[1], layout.mean[2] / layout.std[2]] as const;
  const x0s = new Int32Array(layout.width);
  const x1s = new Int32Array(layout.width);
  const fxs = new Float32Array(layout.width);
  for (let dx = 0; dx < layout.width; dx++) {
    const sx = Math.min(source.width - 1, Math.max(0, (dx + 0.5) * scaleX - 0.5));
    const left = Math.floor(sx);
    x0s[dx] = (source.x + left) * 3;
    x1s[dx] = (source.x + Math.min(source.width - 1, left + 1)) * 3;
    fxs[dx] = sx - left;
  }
  const { data, width } = image;
  // The three channels written out, and each column's and row's weights taken once (the same products, summed in the same order).
  const [scaleB, scaleG, scaleR] = scale;
  const [shiftB, shiftG, shiftR] = shift;
  const greenPlane = plane;
  const redPlane = 2 * plane;
  for (let dy = 0; dy < layout.height; dy++) {
    const sy = Math.min(source.height - 1, Math.max(0, (dy + 0.5) * scaleY - 0.5));
    const top = Math.floor(sy);
    const fy = sy - top;
    const oneMinusFy = 1 - fy;
    const row0 = (source.y + top) * width * 3;
    const row1 = (source.y + Math.min(source.height - 1, top + 1)) * width * 3;
    const rowOut = offset + dy * paddedWidth;
    for (let dx = 0; dx < layout.width; dx++) {
      const a = row0 + x0s[dx]!;
      const b = row0 + x1s[dx]!;
      const c = row1 + x0s[dx]!;
      const d = row1 + x1s[dx]!;
      const fx = fxs[dx]!;
      const wa = (1 - fx) * oneMinusFy;
      const wb = fx * oneMinusFy;
      const wc = (1 - fx) * fy;
      const wd = fx * fy;
      // RGB in, BGR planes out.
      const blue = data[a + 2]! * wa + data[b + 2]! * wb + data[c + 2]! * wc + data[d + 2]! * wd;
      const green = data[a + 1]! * wa + data[b + 1]! * wb + data[c + 1]! * wc + data[d + 1]! * wd;
      const red = data[a]! * wa + data[b]! * wb + data[c]! * wc + data[d]! * wd;
      out[rowOut + dx] = blue * scaleB - shiftB;
      out[rowOut + greenPlane + dx] = green * scaleG - shiftG;
      out[rowOut + redPlane + dx] = red * scaleR - shiftR;
    }
  }
  return out;
}

/** `image` turned a quarter counter-clockwise (vertical text read as a horizontal line). */
export function rotateCounterClockwise(image: RgbImage): RgbImage {
  const { width, height } = image;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      const to = ((width - 1 - x) * height + y) * 3;
      data[to] = image.data[from]!;
      data[to + 1] = image.data[from + 1]!;
      data[to + 2] = image.data[from + 2]!;
    }
  }
  return { data, width: height, height: width };
}
