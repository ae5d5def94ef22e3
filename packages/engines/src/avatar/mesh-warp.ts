/**
 * Pure TypeScript raster work of the talking photo on RGBA buffers: Delaunay triangulation of the
 * face mesh (once per photo), piecewise-affine warping of the triangles whose corners moved,
 * polygon fill (the inner mouth), and the whole-frame affine transform of the head motion — all
 * with bilinear sampling on 32-bit pixel words (little-endian RGBA), no canvas (compared with Skia
 * in docs/decisions/034-avatar-rendering.md).
 */

export interface Point {
  x: number;
  y: number;
}

/** A 2×3 affine matrix `[a, b, c, d, e, f]`: x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = [number, number, number, number, number, number];

export function invertAffine([a, b, c, d, e, f]: Affine): Affine {
  const det = a * e - b * d;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

export const applyAffine = ([a, b, c, d, e, f]: Affine, point: Point): Point => ({ x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f });

/** Delaunay triangles (index triples) of `points` (Bowyer–Watson); points must be distinct. */
export function delaunay(points: readonly Point[]): Array<[number, number, number]> {
  const minX = Math.min(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxX = Math.max(...points.map((p) => p.x));
  const maxY = Math.max(...points.map((p) => p.y));
  const span = Math.max(maxX - minX, maxY - minY) * 20 + 10;
  const all: Point[] = [...points, { x: minX - span, y: minY - span }, { x: minX + 2 * span, y: minY - span }, { x: minX - span, y: minY + 2 * span }];
  const n = points.length;
  interface Tri {
    v: [number, number, number];
    cx: number;
    cy: number;
    r2: number;
  }
  const make = (i: number, j: number, k: number): Tri => {
    const a = all[i]!;
    const b = all[j]!;
    const c = all[k]!;
    const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
    const a2 = a.x * a.x + a.y * a.y;
    const b2 = b.x * b.x + b.y * b.y;
    const c2 = c.x * c.x + c.y * c.y;
    const cx = (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d;
    const cy = (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d;
    return { v: [i, j, k], cx, cy, r2: (a.x - cx) ** 2 + (a.y - cy) ** 2 };
  };
  let triangles: Tri[] = [make(n, n + 1, n + 2)];
  for (let index = 0; index < n; index++) {
    const p = all[index]!;
    const bad: Tri[] = [];
    const good: Tri[] = [];
    for (const triangle of triangles) ((p.x - triangle.cx) ** 2 + (p.y - triangle.cy) ** 2 < triangle.r2 ? bad : good).push(triangle);
    const edges = new Map<string, [number, number]>();
    for (const triangle of bad) {
      for (let e = 0; e < 3; e++) {
        const i = triangle.v[e]!;
        const j = triangle.v[(e + 1) % 3]!;
        const key = i < j ? `${i},${j}` : `${j},${i}`;
        if (edges.has(key)) edges.delete(key);
        else edges.set(key, [i, j]);
      }
    }
    for (const [i, j] of edges.values()) good.push(make(i, j, index));
    triangles = good;
  }
  return triangles.filter((triangle) => triangle.v.every((v) => v < n)).map((triangle) => triangle.v);
}

/** The affine map taking triangle `from` onto triangle `to` (undefined when `from` is degenerate). */
export function triangleAffine(from: readonly [Point, Point, Point], to: readonly [Point, Point, Point]): Affine | undefined {
  const [p0, p1, p2] = from;
  const [q0, q1, q2] = to;
  const det = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y);
  if (Math.abs(det) < 1e-9) return undefined;
  const solve = (v0: number, v1: number, v2: number): [number, number, number] => {
    const a = ((v1 - v0) * (p2.y - p0.y) - (v2 - v0) * (p1.y - p0.y)) / det;
    const b = ((p1.x - p0.x) * (v2 - v0) - (p2.x - p0.x) * (v1 - v0)) / det;
    return [a, b, v0 - a * p0.x - b * p0.y];
  };
  const [a, b, c] = solve(q0.x, q1.x, q2.x);
  const [d, e, f] = solve(q0.y, q1.y, q2.y);
  return [a, b, c, d, e, f];
}

/** The pixel columns whose centres lie in the polygon on row `y` (centre y + 0.5), as [from, to) pairs, even–odd rule. */
function polygonSpans(polygon: readonly Point[], y: number, width: number): number[] {
  const yc = y + 0.5;
  const crossings: number[] = [];
  for (let index = 0; index < polygon.length; index++) {
    const p = polygon[index]!;
    const q = polygon[(index + 1) % polygon.length]!;
    if ((p.y <= yc && q.y > yc) || (q.y <= yc && p.y > yc)) crossings.push(p.x + ((yc - p.y) / (q.y - p.y)) * (q.x - p.x));
  }
  crossings.sort((a, b) => a - b);
  const spans: number[] = [];
  for (let index = 0; index + 1 < crossings.length; index += 2) {
    const from = Math.max(0, Math.ceil(crossings[index]! - 0.5));
    const to = Math.min(width, Math.ceil(crossings[index + 1]! - 0.5));
    if (to > from) spans.push(from, to);
  }
  return spans;
}

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The pixels as 32-bit words (RGBA little-endian: R in the low byte), sharing the buffer when it is aligned. */
const wordCache = new WeakMap<ArrayBufferLike, Uint32Array>();
function words(data: Uint8Array | Uint8ClampedArray): Uint32Array {
  if (data.byteOffset % 4 === 0 && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength) {
    let view = wordCache.get(data.buffer);
    if (!view) wordCache.set(data.buffer, (view = new Uint32Array(data.buffer, 0, data.byteLength >> 2)));
    return view;
  }
  if (data.byteOffset % 4 === 0) return new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  return new Uint32Array(new Uint8Array(data).buffer);
}

/**
 * Bilinear sample of `source` (as words) at (x, y) (pixel centres at +0.5; outside, the nearest
 * edge pixel), as one RGBA word, each channel rounded.
 */
function sample(pixels: Uint32Array, width: number, height: number, x: number, y: number): number {
  let fx = x - 0.5;
  let fy = y - 0.5;
  if (fx < 0) fx = 0;
  else if (fx > width - 1) fx = width - 1;
  if (fy < 0) fy = 0;
  else if (fy > height - 1) fy = height - 1;
  const x0 = fx | 0;
  const y0 = fy | 0;
  const tx = fx - x0;
  const ty = fy - y0;
  const dx = x0 + 1 < width ? 1 : 0;
  const dy = y0 + 1 < height ? width : 0;
  const i00 = y0 * width + x0;
  const p00 = pixels[i00]!;
  const p01 = pixels[i00 + dx]!;
  const p10 = pixels[i00 + dy]!;
  const p11 = pixels[i00 + dy + dx]!;
  const w00 = (1 - tx) * (1 - ty);
  const w01 = tx * (1 - ty);
  const w10 = (1 - tx) * ty;
  const w11 = tx * ty;
  const r = (p00 & 255) * w00 + (p01 & 255) * w01 + (p10 & 255) * w10 + (p11 & 255) * w11 + 0.5;
  const g = ((p00 >>> 8) & 255) * w00 + ((p01 >>> 8) & 255) * w01 + ((p10 >>> 8) & 255) * w10 + ((p11 >>> 8) & 255) * w11 + 0.5;
  const b = ((p00 >>> 16) & 255) * w00 + ((p01 >>> 16) & 255) * w01 + ((p10 >>> 16) & 255) * w10 + ((p11 >>> 16) & 255) * w11 + 0.5;
  const a = (p00 >>> 24) * w00 + (p01 >>> 24) * w01 + (p10 >>> 24) * w10 + (p11 >>> 24) * w11 + 0.5;
  return (r | 0) | ((g | 0) << 8) | ((b | 0) << 16) | ((a | 0) << 24);
}

/**
 * Draws triangle `to` of `target` from triangle `from` of `source` (piecewise-affine warp: every
 * pixel whose centre is inside `to` samples the matching point of `from`).
 */
export function warpTriangle(source: RgbaImage, from: readonly [Point, Point, Point], target: RgbaImage, to: readonly [Point, Point, Point]): void {
  const map = triangleAffine(to, from);
  if (!map) return;
  const [a, b, c, d, e, f] = map;
  const top = Math.max(0, Math.floor(Math.min(to[0].y, to[1].y, to[2].y)));
  const bottom = Math.min(target.height, Math.ceil(Math.max(to[0].y, to[1].y, to[2].y)));
  const pixels = words(source.data);
  const out = words(target.data);
  for (let y = top; y < bottom; y++) {
    const spans = polygonSpans(to, y, target.width);
    const yc = y + 0.5;
    for (let s = 0; s < spans.length; s += 2) {
      for (let x = spans[s]!; x < spans[s + 1]!; x++) {
        const xc = x + 0.5;
        out[y * target.width + x] = sample(pixels, source.width, source.height, a * xc + b * yc + c, d * xc + e * yc + f);
      }
    }
  }
}

/** `target` = `source` seen through `forward` (source pixel → target pixel), bilinear; outside the source, its edge pixels. */
export function transformImage(source: RgbaImage, forward: Affine, target: RgbaImage): void {
  const [a, b, c, d, e, f] = invertAffine(forward);
  const { width, height, data } = target;
  const identity = Math.abs(a - 1) < 1e-12 && Math.abs(b) < 1e-12 && Math.abs(c) < 1e-12 && Math.abs(d) < 1e-12 && Math.abs(e - 1) < 1e-12 && Math.abs(f) < 1e-12;
  if (identity && source.width === width && source.height === height) {
    data.set(source.data);
    return;
  }
  const pixels = words(source.data);
  const out = words(data);
  for (let y = 0; y < height; y++) {
    const yc = y + 0.5;
    let sx = a * 0.5 + b * yc + c;
    let sy = d * 0.5 + e * yc + f;
    let offset = y * width;
    for (let x = 0; x < width; x++) {
      out[offset++] = sample(pixels, source.width, source.height, sx, sy);
      sx += a;
      sy += d;
    }
  }
}
