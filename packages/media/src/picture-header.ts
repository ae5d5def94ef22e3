/**
 * Picture sizes read from file headers, without decoding a single pixel: a 30000×30000 PNG of
 * zero rows is 109 KB on disk and 900 MB decoded, so its size must be known before anything
 * (ffprobe included) decodes it. PNG (IHDR), JPEG (the first SOFn segment, past any EXIF/ICC
 * segments) and WebP (VP8, VP8L, VP8X).
 */

export interface PictureHeader {
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

/** Reads up to `length` bytes at `offset` (fewer at the end of the file). */
export type ReadBytes = (offset: number, length: number) => Promise<Uint8Array>;

/** JPEG segments walked before giving up (real files have a few dozen). */
const MAX_JPEG_SEGMENTS = 1024;

/** `length` bytes at `start` as Latin-1 text (a chunk or segment name). */
export const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
/** The big-endian unsigned 32-bit integer at `at`. */
export const u32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

/** The declared size of a PNG, JPEG or WebP; undefined when the header is not one of them or is cut short. */
export async function readPictureHeader(read: ReadBytes): Promise<PictureHeader | undefined> {
  const head = await read(0, 32);
  if (head.length >= 24 && u32be(head, 0) === 0x89504e47 && u32be(head, 4) === 0x0d0a1a0a) {
    if (ascii(head, 12, 4) !== 'IHDR') return undefined;
    return sized('png', u32be(head, 16), u32be(head, 20));
  }
  if (head.length >= 30 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return webp(head);
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpeg(read);
  return undefined;
}

function sized(format: PictureHeader['format'], width: number, height: number): PictureHeader | undefined {
  return width > 0 && height > 0 ? { format, width, height } : undefined;
}

function webp(head: Uint8Array): PictureHeader | undefined {
  const chunk = ascii(head, 12, 4);
  const data = 20;
  if (chunk === 'VP8X') return sized('webp', u24le(head, data + 4) + 1, u24le(head, data + 7) + 1);
  if (chunk === 'VP8L') {
    if (head[data] !== 0x2f) return undefined;
    const bits = (head[data + 1]! | (head[data + 2]! << 8) | (head[data + 3]! << 16) | (head[data + 4]! << 24)) >>> 0;
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    // A key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
    if (head[data + 3] !== 0x9d || head[data + 4] !== 0x01 || head[data + 5] !== 0x2a) return undefined;
    return sized('webp', u16le(head, data + 6) & 0x3fff, u16le(head, data + 8) & 0x3fff);
  }
  return undefined;
}

/** Walks the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
async function jpeg(read: ReadBytes): Promise<PictureHeader | undefined> {
  let offset = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    const bytes = await read(offset, 16);
    if (bytes.length < 2 || bytes[0] !== 0xff) return undefined;
    let at = 1;
    while (at < bytes.length && bytes[at] === 0xff) at++; // fill bytes
    if (at + 1 > bytes.length) return undefined;
    const marker = bytes[at]!;
    at++;
    // Markers without a length: TEM, RSTn, SOI. EOI or the scan before any frame header: nothing to read.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += at;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    if (at + 2 > bytes.length) return undefined;
    const length = u16be(bytes, at);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // length, precision, height, width
      const frame = at + 2 + 5 <= bytes.length ? bytes : await read(offset + at, 7);
      const base = frame === bytes ? at + 2 : 2;
      if (frame.length < base + 5) return undefined;
      return sized('jpeg', u16be(frame, base + 3), u16be(frame, base + 1));
    }
    offset += at + length;
  }
  return undefined;
}

/** A `ReadBytes` over bytes in memory (tests, small buffers). */
export function readFromBytes(bytes: Uint8Array): ReadBytes {
  return async (offset, length) => bytes.subarray(offset, offset + length);
}
