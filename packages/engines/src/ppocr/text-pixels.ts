/**
 * A cheap test of "is this line of text still on screen?" without OCR: the pixels of the glyphs
 * (near the text's colour) and of the dark outline around them, taken from a picture where the
 * line was read, are looked up in another picture of the same size. Burned-in subtitles are drawn
 * at the same place in every frame, so while the line stays, its glyph and outline pixels keep
 * their colours whatever moves behind them; when it changes or goes, most of them do not.
 */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import { lumaAt, pixelBox, type RgbImage } from './rgb-image.ts';

export interface TextPixels {
  width: number;
  height: number;
  /** Pixel indices (`y * width + x`) of the glyphs and of their outline. */
  glyph: Int32Array;
  outline: Int32Array;
  /** The text's colour (RGB). */
  colour: readonly [number, number, number];
}

/** How far (largest channel difference) a glyph pixel may be from the text colour: when taken, and when looked up. */
export const GLYPH_TOLERANCE = 48;
const MATCH_TOLERANCE = 72;

/**
 * The glyph and outline pixels of the text in `boxes` of `image`: the text colour is the mean of
 * the brightest tenth of the boxes' pixels (subtitles are light on a dark edge); glyph pixels are
 * near it; outline pixels are dark pixels within two pixels of a glyph. Undefined when the boxes
 * hold no distinctive text (glyph pixels under 2 % or over 60 % of the area, or text not light).
 * On a light background with an outline, only light pixels within a stroke's half width of it are glyphs.
 */
export function textPixelsOf(image: RgbImage, boxes: readonly BoundingBox[]): TextPixels | undefined {
  const { width, height, data } = image;
  const inside = new Uint8Array(width * height);
  let area = 0;
  // The boxes' bounds: only they are looked at (a box on a whole 960 px frame is a small part of it).
  let top = height;
  let bottom = 0;
  let left = width;
  let right = 0;
  for (const box of boxes) {
    const whole = pixelBox(box, width, height);
    top = Math.min(top, whole.y);
    bottom = Math.max(bottom, whole.y + whole.height);
    left = Math.min(left, whole.x);
    right = Math.max(right, whole.x + whole.width);
    for (let y = whole.y; y < whole.y + whole.height; y++) {
      for (let x = whole.x; x < whole.x + whole.width; x++) {
        if (!inside[y * width + x]) area++;
        inside[y * width + x] = 1;
      }
    }
  }
  if (area === 0) return undefined;
  const histogram = new Uint32Array(256);
  // Row by row inside the bounds: the same pixels in the same order as a scan of the whole picture.
  const eachInside = (visit: (index: number) => void) => {
    for (let y = top; y < bottom; y++) for (let index = y * width + left; index < y * width + right; index++) if (inside[index]) visit(index);
  };
  eachInside((index) => histogram[Math.round(lumaAt(data, index * 3))]!++);
  let threshold = 255;
  for (let count = 0; threshold > 0 && count + histogram[threshold]! <= area * 0.1; threshold--) count += histogram[threshold]!;
  const sum = [0, 0, 0];
  let bright = 0;
  eachInside((index) => {
    if (lumaAt(data, index * 3) < threshold) return;
    sum[0]! += data[index * 3]!;
    sum[1]! += data[index * 3 + 1]!;
    sum[2]! += data[index * 3 + 2]!;
    bright++;
  });
  const colour = [sum[0]! / bright, sum[1]! / bright, sum[2]! / bright] as const;
  const colourLuma = (colour[0] * 299 + colour[1] * 587 + colour[2] * 114) / 1000;
  if (colourLuma < 128) return undefined;

  const isGlyph = new Uint8Array(width * height);
  const glyph: number[] = [];
  eachInside((index) => {
    if (nearColour(data, index * 3, colour, GLYPH_TOLERANCE)) {
      isGlyph[index] = 1;
      glyph.push(index);
    }
  });
  if (glyph.length < area * 0.02) return undefined;
  const dark = colourLuma * 0.35;
  const outline: number[] = [];
  const taken = new Uint8Array(width * height);
  for (const index of glyph) {
    const x = index % width;
    const y = (index - x) / width;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const next = ny * width + nx;
        if (isGlyph[next] || taken[next] || lumaAt(data, next * 3) > dark) continue;
        taken[next] = 1;
        outline.push(next);
      }
    }
  }
  // On a light background (light pixels over 35 % of the boxes) the glyphs are the light pixels
  // within a stroke's half width of the outline: the others are the background (a white bar behind
  // a small English row outnumbered its glyphs, and the line seemed to show before it came, or had
  // no pixels to follow at all). Elsewhere the light pixels are the glyphs, as they were.
  const lightBackground = glyph.length > area * 0.35;
  const near = lightBackground && outline.length > 0 ? nearOutline(outline, width, height, Math.max(3, Math.ceil((bottom - top) * 0.08))) : undefined;
  const stroked = near ? glyph.filter((index) => near[index]) : [];
  const outlined = outline.length >= glyph.length * 0.3 || (stroked.length >= area * 0.02 && outline.length >= stroked.length * 0.3);
  // A style without an outline (shadow only, plain text) is matched on its glyphs alone.
  const kept = outlined && stroked.length >= glyph.length * 0.3 ? stroked : glyph;
  if (kept.length > area * 0.6) return undefined;
  return { width, height, glyph: Int32Array.from(kept), outline: outlined ? Int32Array.from(outline) : new Int32Array(0), colour };
}

/** Pixels within `reach` (a square) of an outline pixel. */
function nearOutline(outline: readonly number[], width: number, height: number, reach: number): Uint8Array {
  // Spread along rows, then along columns: two passes of a running window instead of a square each.
  const rows = new Uint8Array(width * height);
  for (const index of outline) {
    const x = index % width;
    const y = (index - x) / width;
    for (let nx = Math.max(0, x - reach); nx <= Math.min(width - 1, x + reach); nx++) rows[y * width + nx] = 1;
  }
  const near = new Uint8Array(width * height);
  for (let index = 0; index < rows.length; index++) {
    if (!rows[index]) continue;
    const x = index % width;
    const y = (index - x) / width;
    for (let ny = Math.max(0, y - reach); ny <= Math.min(height - 1, y + reach); ny++) near[ny * width + x] = 1;
  }
  return near;
}

export function nearColour(data: Uint8Array, offset: number, colour: readonly [number, number, number], tolerance: number): boolean {
  return Math.abs(data[offset]! - colour[0]) <= tolerance && Math.abs(data[offset + 1]! - colour[1]) <= tolerance && Math.abs(data[offset + 2]! - colour[2]) <= tolerance;
}

/**
 * How much of the text of `pixels` `image` still shows (0–1): the share of glyph pixels near the
 * text colour, or, with an outline, the smaller of that and the share of outline pixels still
 * dark (a light background where the text was fails the outline, a dark one the glyphs).
 */
export function textPresence(pixels: TextPixels, image: RgbImage): number {
  if (image.width !== pixels.width || image.height !== pixels.height) return 0;
  const { data } = image;
  let glyphs = 0;
  for (const index of pixels.glyph) if (nearColour(data, index * 3, pixels.colour, MATCH_TOLERANCE)) glyphs++;
  const glyphShare = glyphs / pixels.glyph.length;
  if (pixels.outline.length === 0) return glyphShare;
  const colourLuma = (pixels.colour[0] * 299 + pixels.colour[1] * 587 + pixels.colour[2] * 114) / 1000;
  let outlines = 0;
  for (const index of pixels.outline) if (lumaAt(data, index * 3) <= colourLuma * 0.5) outlines++;
  return Math.min(glyphShare, outlines / pixels.outline.length);
}

/** A pixel whose largest channel difference between two pictures is above this has changed (H.264's noise on a still picture stays well under it). */
const CHANGED_PIXEL = 32;

/**
 * Share of the pixels of `a` (every other one of every other row) that `b` changed: the largest
 * channel difference above `CHANGED_PIXEL`. Pictures of different sizes have changed whole (1).
 */
export function changedShare(a: RgbImage, b: RgbImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const { width, height } = a;
  const first = a.data;
  const second = b.data;
  let changed = 0;
  let seen = 0;
  for (let y = 0; y < height; y += 2) {
    for (let index = y * width * 3, end = index + width * 3; index < end; index += 6) {
      seen++;
      if (Math.abs(first[index]! - second[index]!) > CHANGED_PIXEL || Math.abs(first[index + 1]! - second[index + 1]!) > CHANGED_PIXEL || Math.abs(first[index + 2]! - second[index + 2]!) > CHANGED_PIXEL) changed++;
    }
  }
  return seen === 0 ? 0 : changed / seen;
}
