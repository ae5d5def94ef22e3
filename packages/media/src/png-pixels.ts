/**
 * The pixels of 8-bit RGB and RGBA PNGs (not interlaced), read in the process: the same bytes
 * ffmpeg's `-f rawvideo -pix_fmt rgb24` gives for them (an RGBA picture's alpha dropped, as ffmpeg
 * drops it), without spawning ffprobe and ffmpeg for each picture (decision 097). The PNGs ffmpeg
 * writes of video frames are RGB; a canvas's (tests, drawn stills) RGBA. Any other PNG, and
 * anything not a PNG, is `undefined`: the caller decodes it with ffmpeg as before.
 */
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { ascii, u32be } from './picture-header.ts';

export interface RgbPixels {
  /** Row by row, 3 bytes a pixel, no padding. */
  data: Uint8Array;
  width: number;
  height: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Larger pictures go to ffmpeg (and its own limits): this path is for video frames. */
const MAX_PIXELS = 8192 * 8192;


/** The RGB pixels of an 8-bit RGB or RGBA, non-interlaced PNG file; `undefined` for any other file (or a damaged one). */
export async function readRgbPng(file: string): Promise<RgbPixels | undefined> {
  return decodeRgbPng(await readFile(file));
}

/** `readRgbPng` on bytes in memory. */
export function decodeRgbPng(bytes: Uint8Array): RgbPixels | undefined {
  if (bytes.length < 33 || SIGNATURE.some((value, index) => bytes[index] !== value)) return undefined;
  if (ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  const [bitDepth, colourType, compression, filter, interlace] = [bytes[24], bytes[25], bytes[26], bytes[27], bytes[28]];
  if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
  /** Bytes a pixel: RGB or RGBA. */
  const channels = colourType === 6 ? 4 : 3;
  if (width < 1 || height < 1 || width * height > MAX_PIXELS) return undefined;
  const parts: Uint8Array[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (at + 12 + length > bytes.length) return undefined;
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!parts.length) return undefined;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(parts), { maxOutputLength: (stride + 1) * height + 1 });
  } catch {
    return undefined;
  }
  if (raw.length < (stride + 1) * height) return undefined;
  const data = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filterType = raw[row * (stride + 1)];
    const source = row * (stride + 1) + 1;
    const out = row * stride;
    const above = out - stride;
    switch (filterType) {
      case 0:
        data.set(raw.subarray(source, source + stride), out);
        break;
      case 1: // Sub
        for (let index = 0; index < stride; index++) data[out + index] = raw[source + index]! + (index >= channels ? data[out + index - channels]! : 0);
        break;
      case 2: // Up
        for (let index = 0; index < stride; index++) data[out + index] = raw[source + index]! + (row > 0 ? data[above + index]! : 0);
        break;
      case 3: // Average
        for (let index = 0; index < stride; index++) {
          const left = index >= channels ? data[out + index - channels]! : 0;
          const up = row > 0 ? data[above + index]! : 0;
          data[out + index] = raw[source + index]! + ((left + up) >> 1);
        }
        break;
      case 4: // Paeth
        for (let index = 0; index < stride; index++) {
          const left = index >= channels ? data[out + index - channels]! : 0;
          const up = row > 0 ? data[above + index]! : 0;
          const upLeft = row > 0 && index >= channels ? data[above + index - channels]! : 0;
          const estimate = left + up - upLeft;
          const toLeft = Math.abs(estimate - left);
          const toUp = Math.abs(estimate - up);
          const toUpLeft = Math.abs(estimate - upLeft);
          data[out + index] = raw[source + index]! + (toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft);
        }
        break;
      default:
        return undefined;
    }
  }
  return { data: channels === 3 ? data : dropAlpha(data), width, height };
}

/** RGBA bytes → RGB bytes, the alpha dropped (not blended): what ffmpeg's rgba → rgb24 conversion gives. */
function dropAlpha(rgba: Uint8Array): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    rgb[to] = rgba[from]!;
    rgb[to + 1] = rgba[from + 1]!;
    rgb[to + 2] = rgba[from + 2]!;
  }
  return rgb;
}
