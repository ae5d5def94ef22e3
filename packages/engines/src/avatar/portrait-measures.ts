/**
 * What a talking photo needs from its face, measured from the detector's 68 landmarks (iBUG
 * layout) and the picture's pixels: how large the face is in the photo, how far the head is tilted
 * (roll: the eye line's angle) and turned (yaw: the nose tip off the middle of the jaw), how far
 * the lips are apart, and how the face is lit (mean and spread of its brightness). Pure numbers;
 * what counts as too much is the product's rule (`assessPortrait` in @voxwork/contract).
 */
import type { PortraitMeasures } from '@voxwork/contract';
import type { BoundingBox } from '../capabilities/engine-common.ts';

export type { PortraitMeasures };

export interface PortraitPoint {
  x: number;
  y: number;
}

const mean = (points: readonly PortraitPoint[], indices: readonly number[]): PortraitPoint => ({
  x: indices.reduce((sum, i) => sum + points[i]!.x, 0) / indices.length,
  y: indices.reduce((sum, i) => sum + points[i]!.y, 0) / indices.length,
});

/** The measures from landmarks alone (no lighting): `landmarks` and `box` in the same pixels as `width × height`. */
export function measureFaceGeometry(landmarks: readonly PortraitPoint[], box: BoundingBox, width: number, height: number): Omit<PortraitMeasures, 'brightness' | 'contrast'> {
  if (landmarks.length !== 68) throw new RangeError(`68 landmarks expected, got ${landmarks.length}`);
  const left = mean(landmarks, [36, 37, 38, 39, 40, 41]);
  const right = mean(landmarks, [42, 43, 44, 45, 46, 47]);
  const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y) || 1;
  const across = { x: (right.x - left.x) / eyeDistance, y: (right.y - left.y) / eyeDistance };
  const down = { x: -across.y, y: across.x };
  const along = (a: PortraitPoint, b: PortraitPoint) => (b.x - a.x) * across.x + (b.y - a.y) * across.y;
  const below = (a: PortraitPoint, b: PortraitPoint) => (b.x - a.x) * down.x + (b.y - a.y) * down.y;
  // Yaw: the nose tip's place between the jaw's two sides (0 and 16), in the face's own axes; a
  // frontal face has it in the middle, a profile at one side. The asymmetry grows like tan(yaw)
  // times twice the nose's depth over the face's width (~1.6 on face-api's demo photos, judged by eye).
  const toLeft = along(landmarks[0]!, landmarks[30]!);
  const toRight = along(landmarks[30]!, landmarks[16]!);
  const asymmetry = Math.max(-1, Math.min(1, (toLeft - toRight) / (Math.abs(toLeft) + Math.abs(toRight) || 1)));
  const faceHeight = Math.max(1, below(landmarks[27]!, landmarks[8]!));
  const gaps = ([[61, 67], [62, 66], [63, 65]] as const).map(([upper, lower]) => below(landmarks[upper]!, landmarks[lower]!));
  return {
    faceShare: Math.max(box.width / width, box.height / height),
    faceWidthPixels: box.width,
    rollDegrees: (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI,
    yawDegrees: (Math.atan(asymmetry / 1.6) * 180) / Math.PI,
    mouthOpen: Math.max(0, gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length / faceHeight),
  };
}

/** Mean and spread of the luma of the face's box (the jaw's and brows' landmarks) in an RGBA picture. */
export function measureFaceLighting(picture: { width: number; height: number; rgba: ArrayLike<number> }, landmarks: readonly PortraitPoint[]): Pick<PortraitMeasures, 'brightness' | 'contrast'> {
  const outline = landmarks.slice(0, 27);
  const x0 = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.x))));
  const x1 = Math.min(picture.width, Math.ceil(Math.max(...outline.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.y))));
  const y1 = Math.min(picture.height, Math.ceil(Math.max(...outline.map((p) => p.y))));
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const offset = (y * picture.width + x) * 4;
      const luma = 0.299 * picture.rgba[offset]! + 0.587 * picture.rgba[offset + 1]! + 0.114 * picture.rgba[offset + 2]!;
      sum += luma;
      squares += luma * luma;
      count++;
    }
  }
  if (!count) return { brightness: 0, contrast: 0 };
  const average = sum / count;
  return { brightness: average, contrast: Math.sqrt(Math.max(0, squares / count - average * average)) };
}

/** Every measure of one face: landmarks and box in the picture's pixels, `original` the photo's own size when the picture was scaled down. */
export function measurePortrait(picture: { width: number; height: number; rgba: ArrayLike<number>; original?: { width: number } | undefined }, face: { box: BoundingBox; landmarks: readonly PortraitPoint[] }): PortraitMeasures {
  const geometry = measureFaceGeometry(face.landmarks, face.box, picture.width, picture.height);
  const scale = picture.original ? picture.original.width / picture.width : 1;
  return { ...geometry, faceWidthPixels: geometry.faceWidthPixels * scale, ...measureFaceLighting(picture, face.landmarks) };
}

/**
 * The measures of faces found in a picture file (boxes and 68 landmarks in the file's own pixels,
 * as a face tracker gives them): the picture is decoded once, no larger than 960 px on its long side.
 */
export async function measurePortraitFile(imageFile: string, faces: ReadonlyArray<{ box: BoundingBox; landmarks: readonly PortraitPoint[] }>): Promise<PortraitMeasures[]> {
  const { decodePicture } = await import('./face-landmarks.ts');
  const picture = await decodePicture(imageFile, 960);
  if (!picture) throw new RangeError(`${imageFile} is not a picture`);
  const scale = picture.width / (picture.original?.width ?? picture.width);
  return faces.map((face) =>
    measurePortrait(picture, {
      box: { x: face.box.x * scale, y: face.box.y * scale, width: face.box.width * scale, height: face.box.height * scale },
      landmarks: face.landmarks.map((p) => ({ x: p.x * scale, y: p.y * scale })),
    }),
  );
}
