/**
 * The talking photo's face mesh (see `talking-photo.ts`): the landmarks' triangle mesh with cheek
 * points and an anchor ring, the mouth and eyelids posed per frame, the inside of parted lips, and
 * the slow head motion as one affine transform per frame.
 */
import { delaunay, type Affine, type Point, type RgbaImage } from './mesh-warp.ts';
import type { MouthPose } from './mouth-track.ts';
import { seededRandom as random } from '../seeded-random.ts';

/** Landmark indices of the 68-point layout. */
const LEFT_EYE = [36, 37, 38, 39, 40, 41];
const RIGHT_EYE = [42, 43, 44, 45, 46, 47];

/** How much of the jaw drop each landmark takes (down the face's own vertical axis). */
const DROP: Record<number, number> = {
  3: 0.08, 4: 0.25, 5: 0.5, 6: 0.75, 7: 0.92, 8: 1, 9: 0.92, 10: 0.75, 11: 0.5, 12: 0.25, 13: 0.08,
  48: 0.35, 54: 0.35, 60: 0.38, 64: 0.38,
  55: 0.6, 56: 0.84, 57: 0.88, 58: 0.84, 59: 0.6,
  65: 0.84, 66: 0.88, 67: 0.84,
  49: -0.04, 50: -0.07, 51: -0.08, 52: -0.07, 53: -0.04,
  61: -0.08, 62: -0.1, 63: -0.08,
};
/** How much each landmark follows the corners' widening (+) or rounding (−), along the face's horizontal axis (sign: away from the mouth's centre). */
const SPREAD: Record<number, number> = { 48: 1, 54: 1, 60: 0.9, 64: 0.9, 49: 0.5, 53: 0.5, 59: 0.5, 55: 0.5, 61: 0.35, 63: 0.35, 65: 0.35, 67: 0.35, 50: 0.15, 52: 0.15, 58: 0.15, 56: 0.15 };

/** Eyelid closure per frame, 0 open … 1 shut: blinks 3–5 s apart (the first within 1–2.5 s), each ~150 ms. */
export function blinkTrack(frameCount: number, frameRate: number, seed: number): number[] {
  const next = random(seed * 7919 + 13);
  const closure = new Array<number>(frameCount).fill(0);
  const duration = 0.15 + next() * 0.05;
  for (let at = 1 + next() * 1.5; at < frameCount / frameRate; at += 3 + next() * 2) {
    for (let frame = Math.floor(at * frameRate); frame <= Math.ceil((at + duration) * frameRate) && frame < frameCount; frame++) {
      const phase = (frame / frameRate - at) / duration;
      if (phase > 0 && phase < 1) closure[frame] = Math.max(closure[frame]!, Math.sin(Math.PI * phase));
    }
  }
  return closure;
}

export interface FaceGeometry {
  /** The 68 landmarks in the picture's pixels. */
  landmarks: Point[];
  /** The face's axes: `across` from the left eye to the right, `down` perpendicular, and the eye distance in pixels. */
  across: Point;
  down: Point;
  unit: number;
}

function faceGeometry(landmarks: Point[]): FaceGeometry {
  const mean = (indices: number[]) => ({ x: indices.reduce((sum, i) => sum + landmarks[i]!.x, 0) / indices.length, y: indices.reduce((sum, i) => sum + landmarks[i]!.y, 0) / indices.length });
  const left = mean(LEFT_EYE);
  const right = mean(RIGHT_EYE);
  const unit = Math.hypot(right.x - left.x, right.y - left.y) || 1;
  const across = { x: (right.x - left.x) / unit, y: (right.y - left.y) / unit };
  return { landmarks, across, down: { x: -across.y, y: across.x }, unit };
}

export interface FaceMesh {
  /** Rest positions: the 68 landmarks, then the cheek and chin points, then the anchor ring. */
  points: Point[];
  triangles: Array<[number, number, number]>;
  /** The anchor ring: nothing outside it moves but by the head motion. */
  ring: Point[];
  geometry: FaceGeometry;
  /** Per point: how much of the jaw drop, of the spread, its side (−1 left, +1 right of the mouth's centre). */
  drop: Float64Array;
  spread: Float64Array;
  side: Float64Array;
  /** The mouth's gap: the polygon (point indices) that opens, its middle top and bottom points, and whether the photo shows its own mouth inside. */
  mouth: { polygon: number[]; upper: number; lower: number; ownInside: boolean };
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** The mesh of a face in a `width × height` picture. */
export function buildFaceMesh(landmarks: Point[], width: number, height: number, mouthScale = 1): FaceMesh {
  const geometry = faceGeometry(landmarks);
  const { across, down, unit } = geometry;
  const lm = landmarks.map((p) => ({ ...p }));
  // Closed lips: the inner lips meet; keep the lower ones a pixel below so the mesh can open between them.
  for (const [upper, lower] of [[61, 67], [62, 66], [63, 65]] as const) {
    const gap = (lm[lower]!.x - lm[upper]!.x) * down.x + (lm[lower]!.y - lm[upper]!.y) * down.y;
    if (gap < 1) lm[lower] = { x: lm[upper]!.x + down.x, y: lm[upper]!.y + down.y };
  }
  const extra: Array<{ point: Point; drop: number; spread: number }> = [
    { point: lerp(lm[3]!, lm[48]!, 0.45), drop: 0.22, spread: 0.25 },
    { point: lerp(lm[4]!, lm[48]!, 0.5), drop: 0.3, spread: 0.35 },
    { point: lerp(lm[5]!, lm[48]!, 0.5), drop: 0.45, spread: 0.3 },
    { point: lerp(lm[6]!, lm[59]!, 0.5), drop: 0.7, spread: 0.15 },
    { point: lerp(lm[13]!, lm[54]!, 0.45), drop: 0.22, spread: 0.25 },
    { point: lerp(lm[12]!, lm[54]!, 0.5), drop: 0.3, spread: 0.35 },
    { point: lerp(lm[11]!, lm[54]!, 0.5), drop: 0.45, spread: 0.3 },
    { point: lerp(lm[10]!, lm[55]!, 0.5), drop: 0.7, spread: 0.15 },
    { point: lerp(lm[57]!, lm[8]!, 0.5), drop: 0.92, spread: 0 },
    { point: lerp(lm[2]!, lm[31]!, 0.5), drop: 0.04, spread: 0.1 },
    { point: lerp(lm[14]!, lm[35]!, 0.5), drop: 0.04, spread: 0.1 },
  ];
  // A photo whose lips are apart (teeth or a dark mouth showing): its mouth splits at the middle, the
  // upper half staying with the upper lip (upper teeth) and the lower half going with the jaw, the
  // gap between them filled. Closed lips part between the inner lip points themselves.
  const PAIRS = [[61, 67], [62, 66], [63, 65]] as const;
  const restGap = (lm[66]!.x - lm[62]!.x) * down.x + (lm[66]!.y - lm[62]!.y) * down.y;
  const split = restGap > Math.max(3, 0.06 * unit);
  const upperChain: number[] = PAIRS.map(([upper]) => upper);
  const lowerChain: number[] = PAIRS.map(([, lower]) => lower);
  if (split) {
    PAIRS.forEach(([upper, lower], k) => {
      const mid = lerp(lm[upper]!, lm[lower]!, 0.5);
      upperChain[k] = 68 + extra.length;
      extra.push({ point: { x: mid.x - 0.4 * down.x, y: mid.y - 0.4 * down.y }, drop: DROP[upper] ?? 0, spread: SPREAD[upper] ?? 0 });
      lowerChain[k] = 68 + extra.length;
      extra.push({ point: { x: mid.x + 0.4 * down.x, y: mid.y + 0.4 * down.y }, drop: DROP[lower] ?? 0, spread: SPREAD[lower] ?? 0 });
    });
  }
  // The ring: an ellipse around the face in its own axes, with room below the chin for the jaw to drop.
  const centre = { x: lm.reduce((s, p) => s + p.x, 0) / 68, y: lm.reduce((s, p) => s + p.y, 0) / 68 };
  const project = (p: Point) => ({ u: (p.x - centre.x) * across.x + (p.y - centre.y) * across.y, v: (p.x - centre.x) * down.x + (p.y - centre.y) * down.y });
  const projected = lm.map(project);
  const minU = Math.min(...projected.map((p) => p.u));
  const maxU = Math.max(...projected.map((p) => p.u));
  const minV = Math.min(...projected.map((p) => p.v));
  const maxV = Math.max(...projected.map((p) => p.v)) + 0.5 * unit * mouthScale;
  const midU = (minU + maxU) / 2;
  const midV = (minV + maxV) / 2;
  const radiusU = ((maxU - minU) / 2) * 1.3 + 0.1 * unit;
  const radiusV = ((maxV - minV) / 2) * 1.22 + 0.1 * unit;
  const ring: Point[] = [];
  const RING = 28;
  for (let k = 0; k < RING; k++) {
    const angle = (2 * Math.PI * k) / RING;
    const u = midU + radiusU * Math.cos(angle);
    const v = midV + radiusV * Math.sin(angle);
    ring.push({ x: Math.min(width, Math.max(0, centre.x + u * across.x + v * down.x)), y: Math.min(height, Math.max(0, centre.y + u * across.y + v * down.y)) });
  }
  const points = [...lm, ...extra.map((entry) => entry.point), ...ring];
  // Distinct points for the triangulation: nudge any point within half a pixel of an earlier one.
  for (let i = 0; i < points.length; i++) {
    for (let j = 0; j < i; j++) {
      if (Math.abs(points[i]!.x - points[j]!.x) < 0.5 && Math.abs(points[i]!.y - points[j]!.y) < 0.5) points[i] = { x: points[i]!.x + 0.6 * down.x + 0.01, y: points[i]!.y + 0.6 * down.y };
    }
  }
  const drop = new Float64Array(points.length);
  const spread = new Float64Array(points.length);
  const side = new Float64Array(points.length);
  const mouthCentre = lerp(lm[48]!, lm[54]!, 0.5);
  points.forEach((p, index) => {
    if (index < 68) {
      drop[index] = DROP[index] ?? 0;
      spread[index] = SPREAD[index] ?? 0;
    } else if (index < 68 + extra.length) {
      drop[index] = extra[index - 68]!.drop;
      spread[index] = extra[index - 68]!.spread;
    }
    side[index] = Math.sign((p.x - mouthCentre.x) * across.x + (p.y - mouthCentre.y) * across.y);
  });
  return { points, triangles: delaunay(points), ring, geometry, drop, spread, side, mouth: { polygon: [60, ...upperChain, 64, ...[...lowerChain].reverse()], upper: upperChain[1]!, lower: lowerChain[1]!, ownInside: split } };
}

/** The mesh's points for one mouth pose and eyelid closure. */
export function posedPoints(mesh: FaceMesh, pose: Pick<MouthPose, 'open' | 'spread'>, blink: number, mouthScale = 1): Point[] {
  const { across, down, unit, landmarks } = mesh.geometry;
  const jaw = pose.open * 0.45 * unit * mouthScale;
  // Opening narrows the mouth a little; spread widens (e, i) or rounds (o, u) it.
  const widen = (pose.spread * 0.09 - pose.open * 0.03) * unit;
  const out = mesh.points.map((p, index) => {
    const dy = jaw * mesh.drop[index]!;
    const dx = widen * mesh.spread[index]! * mesh.side[index]!;
    return { x: p.x + dy * down.x + dx * across.x, y: p.y + dy * down.y + dx * across.y };
  });
  if (blink > 0) {
    for (const [upper, lower] of [[37, 41], [38, 40], [43, 47], [44, 46]] as const) out[upper] = lerp(mesh.points[upper]!, landmarks[lower]!, 0.9 * blink);
  }
  return out;
}

/** Distance from a point to segment ab. */
function segmentDistance(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - a.x - t * dx, py - a.y - t * dy);
}

/**
 * The mouth's inside where the lips part beyond their rest, scaled to the opening: a dark-red
 * cavity (deepest at the throat in the middle, warmer towards the lips), a strip of upper teeth
 * under the upper lip with gaps between the teeth, and a tongue at the bottom, lit along its middle
 * with a faint groove and darker at its sides; edges anti-aliased over a pixel. A photo that shows its
 * own mouth (a smile with teeth) keeps its teeth above and below and gets a thinner strip of teeth
 * in the part that opens: never a flat dark hole.
 */
export function fillInnerMouth(target: RgbaImage, mesh: FaceMesh, posed: Point[]): void {
  const { unit } = mesh.geometry;
  const rest = mesh.points;
  const polygon = mesh.mouth.polygon.map((index) => posed[index]!);
  const top = posed[mesh.mouth.upper]!;
  const bottom = posed[mesh.mouth.lower]!;
  const gap = Math.hypot(bottom.x - top.x, bottom.y - top.y);
  const restGap = Math.hypot(rest[mesh.mouth.lower]!.x - rest[mesh.mouth.upper]!.x, rest[mesh.mouth.lower]!.y - rest[mesh.mouth.upper]!.y);
  if (gap - restGap < 0.5) return;
  // The fill grows in over the first 0.06 eye distances of opening.
  const cover = Math.min(1, (gap - restGap) / (0.06 * unit));
  const left = posed[60]!;
  const right = posed[64]!;
  const halfWidth = Math.hypot(right.x - left.x, right.y - left.y) / 2 || 1;
  const centre = lerp(left, right, 0.5);
  const ax = (right.x - left.x) / (2 * halfWidth);
  const ay = (right.y - left.y) / (2 * halfWidth);
  const opened = gap - restGap;
  // Teeth show once the lips are 0.06 eye distances apart, fully from 0.16; their strip is ~0.1 eye distances deep (less of a smile's own).
  const teeth = Math.min(1, Math.max(0, (opened / unit - 0.06) / 0.1));
  const teethDepth = Math.min(mesh.mouth.ownInside ? 0.25 : 0.32, ((mesh.mouth.ownInside ? 0.08 : 0.11) * unit) / gap);
  const toothWidth = 0.075 * unit;
  // The tongue's top edge, as a share of the gap from the upper lip: it shows more as the mouth opens.
  const tongueTop = Math.max(0.58, 0.78 - 0.2 * Math.min(1, opened / (0.3 * unit)));
  const { width, height, data } = target;
  const x0 = Math.max(0, Math.floor(Math.min(...polygon.map((p) => p.x)) - 1));
  const x1 = Math.min(width, Math.ceil(Math.max(...polygon.map((p) => p.x)) + 1));
  const y0 = Math.max(0, Math.floor(Math.min(...polygon.map((p) => p.y)) - 1));
  const y1 = Math.min(height, Math.ceil(Math.max(...polygon.map((p) => p.y)) + 1));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let inside = false;
      let edge = Infinity;
      for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
        const a = polygon[i]!;
        const b = polygon[j]!;
        if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) inside = !inside;
        edge = Math.min(edge, segmentDistance(px, py, a, b));
      }
      const coverage = (inside ? Math.min(1, 0.5 + edge) : Math.max(0, 0.5 - edge)) * cover;
      if (coverage <= 0) continue;
      const along = (px - centre.x) * ax + (py - centre.y) * ay;
      const across = Math.abs(along) / halfWidth;
      const depth = Math.min(1, Math.max(0, ((px - top.x) * -ay + (py - top.y) * ax) / gap));
      // The cavity: the throat's shadow in the middle, warmer dark red towards the lips and corners.
      const fromThroat = Math.min(1, Math.hypot(across, (depth - 0.45) * 2));
      const warm = fromThroat * fromThroat;
      let r = 60 + 56 * warm;
      let g = 14 + 22 * warm;
      let b = 20 + 24 * warm;
      if (depth > tongueTop && across < 0.75) {
        // The tongue: a rounded top, lit along its middle (a faint groove down it), darker at its sides and further back.
        const side = across / 0.75;
        const rise = (depth - tongueTop) / (1 - tongueTop);
        const edgeShape = Math.min(1, Math.max(0, (rise - 0.35 * side * side) / 0.25));
        const light = (1 - 0.55 * side * side) * (0.75 + 0.25 * rise) * (across < 0.06 ? 0.9 : 1);
        const amount = 0.92 * edgeShape * (1 - side ** 6);
        r += (168 * light - r) * amount;
        g += (66 * light - g) * amount;
        b += (74 * light - b) * amount;
      }
      if (teeth > 0 && depth < teethDepth && across < 0.72) {
        const gapLine = Math.abs(((along / toothWidth) % 1) + 1) % 1 < 0.1 ? 0.8 : 1;
        // Brightest at the front teeth and near the lip, shaded towards the corners and the biting edge.
        const lit = gapLine * (1 - 0.25 * across) * (1 - 0.12 * (depth / teethDepth));
        const amount = teeth * 0.9 * (1 - (across / 0.72) ** 3) * (1 - (depth / teethDepth) ** 4);
        r += (232 * lit - r) * amount;
        g += (226 * lit - g) * amount;
        b += (212 * lit - b) * amount;
      }
      const offset = (y * width + x) * 4;
      data[offset] = data[offset]! + (r - data[offset]!) * coverage;
      data[offset + 1] = data[offset + 1]! + (g - data[offset + 1]!) * coverage;
      data[offset + 2] = data[offset + 2]! + (b - data[offset + 2]!) * coverage;
    }
  }
}

/** The head motion and breathing of frame `frame`: photo pixel → output pixel. */
export function headTransform(frame: number, frameRate: number, width: number, height: number, pivot: Point, amount: number, seed: number): Affine {
  const next = random(seed * 104729 + 7);
  const phases = [next(), next(), next(), next(), next()].map((value) => value * 2 * Math.PI);
  const t = frame / frameRate;
  const angle = amount * 0.012 * (0.6 * Math.sin((2 * Math.PI * t) / 6.1 + phases[0]!) + 0.4 * Math.sin((2 * Math.PI * t) / 3.7 + phases[1]!));
  const dx = amount * 0.005 * width * Math.sin((2 * Math.PI * t) / 7.3 + phases[2]!);
  const dy = amount * 0.003 * height * Math.sin((2 * Math.PI * t) / 5.3 + phases[3]!);
  const breathe = 1 + amount * 0.004 * Math.sin((2 * Math.PI * t) / 4.2 + phases[4]!);
  // A zoom about the centre (2.5 % at the default amount) keeps the moved photo over the whole frame.
  const zoom = 1 + 0.025 * amount;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // p → R·S·(p − pivot) + pivot + d, S a vertical scale (breathing, from the bottom edge of the neck's pivot), then the zoom about the centre.
  const a = cos;
  const b = -sin * breathe;
  const d = sin;
  const e = cos * breathe;
  const c = pivot.x + dx - a * pivot.x - b * pivot.y;
  const f = pivot.y + dy - d * pivot.x - e * pivot.y;
  const cx = width / 2;
  const cy = height / 2;
  return [zoom * a, zoom * b, zoom * (c - cx) + cx, zoom * d, zoom * e, zoom * (f - cy) + cy];
}

/** Whether a picture point lies inside the warp region (the anchor ring) of a plan, in the photo's (base) pixels. */
export function insideRing(ring: readonly Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

