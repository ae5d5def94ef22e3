/**
 * Test portraits for the talking photo: a face drawn with @napi-rs/canvas at known 68-point
 * landmark positions (iBUG layout), and a close crop of face-api's own MIT-licensed demo photo
 * (`@vladmandic/face-api/demo/sample1.jpg`) around its largest face.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface Landmark {
  x: number;
  y: number;
}

/** face-api's demo photos (group photos, 1920 px wide, MIT licence like the package). */
export const FACE_API_SAMPLE = (n: 1 | 2 | 3 | 4 | 5 | 6) => path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);

/** The 68 landmarks of a frontal face of width `faceWidth` centred at (cx, eyeY): jaw, brows, nose, eyes, lips (closed mouth). */
export function drawnFaceLandmarks(cx: number, eyeY: number, faceWidth: number): Landmark[] {
  const a = faceWidth / 2;
  const jawDepth = faceWidth * 0.82;
  const points: Landmark[] = [];
  for (let i = 0; i <= 16; i++) {
    const angle = Math.PI - (i * Math.PI) / 16;
    points.push({ x: cx + a * Math.cos(angle), y: eyeY + 0.05 * faceWidth + jawDepth * Math.sin(angle) });
  }
  const eyeDx = faceWidth * 0.2;
  const eyeW = faceWidth * 0.09;
  const browY = eyeY - faceWidth * 0.13;
  for (const side of [-1, 1]) {
    const brow: Landmark[] = [];
    for (let k = 0; k < 5; k++) {
      const t = k / 4;
      brow.push({ x: cx + side * eyeDx + (t - 0.5) * faceWidth * 0.26, y: browY - Math.sin(Math.PI * t) * faceWidth * 0.035 });
    }
    points.push(...brow);
  }
  const noseTop = eyeY;
  const noseTip = eyeY + faceWidth * 0.3;
  for (let k = 0; k < 4; k++) points.push({ x: cx, y: noseTop + ((noseTip - noseTop) * k) / 3 });
  for (let k = 0; k < 5; k++) points.push({ x: cx + (k - 2) * faceWidth * 0.045, y: noseTip + faceWidth * 0.04 - Math.abs(k - 2) * faceWidth * 0.01 });
  for (const side of [-1, 1]) {
    const ex = cx + side * eyeDx;
    const outer = { x: ex + side * eyeW, y: eyeY };
    const inner = { x: ex - side * eyeW, y: eyeY };
    const h = faceWidth * 0.035;
    const top = [{ x: ex - side * eyeW * 0.35, y: eyeY - h }, { x: ex + side * eyeW * 0.35, y: eyeY - h }];
    const bottom = [{ x: ex + side * eyeW * 0.35, y: eyeY + h * 0.8 }, { x: ex - side * eyeW * 0.35, y: eyeY + h * 0.8 }];
    // 36–41: outer corner, top (outer→inner), inner corner, bottom (inner→outer) for the left eye; 42–47 start at the inner corner.
    if (side < 0) points.push(outer, top[1]!, top[0]!, inner, bottom[1]!, bottom[0]!);
    else points.push(inner, top[0]!, top[1]!, outer, bottom[0]!, bottom[1]!);
  }
  // Lips: 48–59 outer (left corner, upper lip to the right corner, lower lip back), 60–67 inner.
  const mouthY = eyeY + faceWidth * 0.48;
  const mw = faceWidth * 0.2;
  const upper = faceWidth * 0.05;
  const lower = faceWidth * 0.06;
  points.push({ x: cx - mw, y: mouthY });
  for (const t of [-0.6, -0.25, 0, 0.25, 0.6]) points.push({ x: cx + t * mw, y: mouthY - upper * (1 - Math.abs(t) * 0.6) + (t === 0 ? upper * 0.25 : 0) });
  points.push({ x: cx + mw, y: mouthY });
  for (const t of [0.6, 0.25, 0, -0.25, -0.6]) points.push({ x: cx + t * mw, y: mouthY + lower * (1 - Math.abs(t) * 0.55) });
  points.push({ x: cx - mw * 0.85, y: mouthY });
  for (const t of [-0.4, 0, 0.4]) points.push({ x: cx + t * mw, y: mouthY - 0.5 });
  points.push({ x: cx + mw * 0.85, y: mouthY });
  for (const t of [0.4, 0, -0.4]) points.push({ x: cx + t * mw, y: mouthY + 0.5 });
  return points;
}

/** Draws a face at `drawnFaceLandmarks` positions over a textured background; writes a PNG and returns it with its landmarks. */
export async function makeDrawnFace(dir: string, name: string, size = 512): Promise<{ file: string; landmarks: Landmark[] }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  // A background with structure (stripes and dots), so that any movement outside the face shows.
  const gradient = context.createLinearGradient(0, 0, size, size);
  gradient.addColorStop(0, '#4a6b8a');
  gradient.addColorStop(1, '#9bb5c9');
  context.fillStyle = gradient;
  context.fillRect(0, 0, size, size);
  context.strokeStyle = 'rgba(255,255,255,0.25)';
  context.lineWidth = 3;
  for (let x = -size; x < size * 2; x += 24) {
    context.beginPath();
    context.moveTo(x, 0);
    context.lineTo(x + size * 0.5, size);
    context.stroke();
  }
  const cx = size / 2;
  const eyeY = size * 0.42;
  const faceWidth = size * 0.42;
  const lm = drawnFaceLandmarks(cx, eyeY, faceWidth);
  // Neck and shoulders, then the head.
  context.fillStyle = '#d9a384';
  context.fillRect(cx - faceWidth * 0.22, eyeY + faceWidth * 0.6, faceWidth * 0.44, size);
  context.fillStyle = '#2f3d59';
  context.beginPath();
  context.ellipse(cx, size * 1.02, faceWidth * 1.1, size * 0.2, 0, 0, 2 * Math.PI);
  context.fill();
  context.fillStyle = '#e8b898';
  context.beginPath();
  context.moveTo(lm[0]!.x, lm[0]!.y);
  for (let i = 1; i <= 16; i++) context.lineTo(lm[i]!.x, lm[i]!.y);
  context.ellipse(cx, lm[0]!.y, faceWidth / 2, faceWidth * 0.62, 0, 0, Math.PI, true);
  context.fill();
  // Shading on the cheeks, freckles: texture for the warp to carry.
  context.fillStyle = 'rgba(200,110,100,0.35)';
  for (const side of [-1, 1]) {
    context.beginPath();
    context.ellipse(cx + side * faceWidth * 0.25, eyeY + faceWidth * 0.3, faceWidth * 0.09, faceWidth * 0.06, 0, 0, 2 * Math.PI);
    context.fill();
  }
  context.fillStyle = 'rgba(150,90,60,0.5)';
  for (let k = 0; k < 40; k++) {
    const angle = k * 2.399;
    const r = faceWidth * 0.08 * Math.sqrt(k / 40) + faceWidth * 0.12;
    context.fillRect(cx + Math.cos(angle) * r * 1.4, eyeY + faceWidth * 0.22 + Math.sin(angle) * r * 0.5, 2, 2);
  }
  const polygon = (indices: number[], fill: string, stroke?: string) => {
    context.beginPath();
    indices.forEach((index, k) => (k ? context.lineTo(lm[index]!.x, lm[index]!.y) : context.moveTo(lm[index]!.x, lm[index]!.y)));
    context.closePath();
    context.fillStyle = fill;
    context.fill();
    if (stroke) {
      context.strokeStyle = stroke;
      context.lineWidth = 1.5;
      context.stroke();
    }
  };
  polygon([36, 37, 38, 39, 40, 41], '#f4f4f0', '#553322');
  polygon([42, 43, 44, 45, 46, 47], '#f4f4f0', '#553322');
  context.fillStyle = '#3d5a2a';
  for (const [a, b] of [[36, 39], [42, 45]] as const) {
    context.beginPath();
    context.arc((lm[a]!.x + lm[b]!.x) / 2, lm[a]!.y, faceWidth * 0.028, 0, 2 * Math.PI);
    context.fill();
  }
  context.strokeStyle = '#5a3a22';
  context.lineWidth = faceWidth * 0.025;
  for (const brow of [[17, 18, 19, 20, 21], [22, 23, 24, 25, 26]]) {
    context.beginPath();
    brow.forEach((index, k) => (k ? context.lineTo(lm[index]!.x, lm[index]!.y) : context.moveTo(lm[index]!.x, lm[index]!.y)));
    context.stroke();
  }
  context.strokeStyle = '#b07a5e';
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(lm[27]!.x - 4, lm[27]!.y + 10);
  context.lineTo(lm[30]!.x - 6, lm[30]!.y);
  [31, 32, 33, 34, 35].forEach((index) => context.lineTo(lm[index]!.x, lm[index]!.y));
  context.stroke();
  polygon([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59], '#c0606a');
  context.strokeStyle = '#6a2a30';
  context.lineWidth = 1.5;
  context.beginPath();
  [60, 61, 62, 63, 64].forEach((index, k) => (k ? context.lineTo(lm[index]!.x, lm[index]!.y) : context.moveTo(lm[index]!.x, lm[index]!.y)));
  context.stroke();
  const file = path.join(dir, name);
  await writeFile(file, canvas.toBuffer('image/png'));
  return { file, landmarks: lm };
}

/**
 * A close portrait cut from face-api's demo photo `sample`: a square 3× one of its faces (the largest,
 * or the one whose box holds `near`, in the demo photo's own pixels), face in the upper middle;
 * turned by `rotateDegrees` (clockwise, about the face) and its brightness scaled by `brightness`
 * (CSS filter, 1 = as it is) to make tilted or badly lit variants at test time.
 */
export async function makeSamplePortrait(
  dir: string,
  name: string,
  sample: 1 | 2 | 3 | 4 | 5 | 6 = 1,
  variant: { near?: { x: number; y: number }; rotateDegrees?: number; brightness?: number } = {},
): Promise<string> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const { decodePicture, facesInPicture } = await import('../avatar/face-landmarks.ts');
  const file = FACE_API_SAMPLE(sample);
  const picture = (await decodePicture(file, 960))!;
  const image = await loadImage(file);
  const scale = image.width / picture.width;
  const faces = await facesInPicture(picture);
  const near = variant.near;
  const face = (near ? faces.find((candidate) => near.x >= candidate.box.x * scale && near.x <= (candidate.box.x + candidate.box.width) * scale && near.y >= candidate.box.y * scale && near.y <= (candidate.box.y + candidate.box.height) * scale) : faces[0])!;
  if (!face) throw new Error(`no face of face-api's sample${sample} holds (${near?.x}, ${near?.y})`);
  const side = Math.round(face.box.width * scale * 3);
  const canvas = createCanvas(side, side);
  const context = canvas.getContext('2d');
  const x = (face.box.x + face.box.width / 2) * scale - side / 2;
  const y = (face.box.y + face.box.height / 2) * scale - side / 2.4;
  if (variant.brightness !== undefined) context.filter = `brightness(${variant.brightness})`;
  if (variant.rotateDegrees) {
    // About the face's centre, drawn from a larger cut so the corners stay filled.
    const pivot = { x: side / 2, y: side / 2.4 };
    context.translate(pivot.x, pivot.y);
    context.rotate((variant.rotateDegrees * Math.PI) / 180);
    context.translate(-pivot.x, -pivot.y);
    context.drawImage(image, x - side / 2, y - side / 2, side * 2, side * 2, -side / 2, -side / 2, side * 2, side * 2);
  } else {
    context.drawImage(image, x, y, side, side, 0, 0, side, side);
  }
  const out = path.join(dir, name);
  await writeFile(out, canvas.toBuffer('image/png'));
  return out;
}
