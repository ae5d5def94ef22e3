/**
 * OpenCV (`@techstark/opencv-js`, WebAssembly) loaded once per process on first use, and the one
 * thing erasure asks of it: inpainting (TELEA or Navier–Stokes) of a few pixels of one plane, on
 * the smallest crop around them.
 */
import { createRequire } from 'node:module';
import { indexBounds } from './erasure-masks.ts';

/** The part of OpenCV's API used here (its own typings describe the whole library). */
interface OpenCvMat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: new () => OpenCvMat;
  CV_8UC1: number;
  INPAINT_TELEA: number;
  INPAINT_NS: number;
  matFromArray(rows: number, cols: number, type: number, array: ArrayLike<number>): OpenCvMat;
  inpaint(source: OpenCvMat, mask: OpenCvMat, destination: OpenCvMat, radius: number, flags: number): void;
}

let loading: Promise<{ cv: OpenCv }> | undefined;

/** OpenCV, ready (≈ 0.4 s the first time). */
export async function loadOpenCv(): Promise<OpenCv> {
  // The module is a thenable resolving to itself, which a promise would follow forever: it is carried
  // wrapped, and loses its `then` once ready (nothing here uses it).
  loading ??= new Promise<{ cv: OpenCv }>((resolve, reject) => {
    try {
      // The package is a UMD script that sets itself up asynchronously; `require` keeps its CommonJS face.
      const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & { onRuntimeInitialized?: () => void; calledRun?: boolean };
      // Its runtime starts on a later tick; `onRuntimeInitialized` is not always called when set from outside, so look.
      const ready = () => {
        if (typeof cv.inpaint !== 'function' || !cv.calledRun) return void setTimeout(ready, 10);
        delete (cv as { then?: unknown }).then;
        resolve({ cv });
      };
      ready();
    } catch (error) {
      loading = undefined;
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return (await loading).cv;
}

export type InpaintAlgorithm = 'telea' | 'ns';

/**
 * Inpaints the pixels at `indices` of `plane` (`width` × `height`, one byte per pixel) in place,
 * looking at most `radius` pixels around; only those pixels are written.
 */
export function inpaintPixels(cv: OpenCv, plane: Uint8Array, width: number, height: number, indices: Int32Array, radius: number, algorithm: InpaintAlgorithm): void {
  if (indices.length === 0) return;
  let { x0, y0, x1, y1 } = indexBounds(indices, width, height);
  const margin = radius + 2;
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  x1 = Math.min(width - 1, x1 + margin);
  y1 = Math.min(height - 1, y1 + margin);
  const cropWidth = x1 - x0 + 1;
  const cropHeight = y1 - y0 + 1;
  const crop = new Uint8Array(cropWidth * cropHeight);
  for (let row = 0; row < cropHeight; row++) crop.set(plane.subarray((y0 + row) * width + x0, (y0 + row) * width + x0 + cropWidth), row * cropWidth);
  const holes = new Uint8Array(cropWidth * cropHeight);
  const local = new Int32Array(indices.length);
  for (let item = 0; item < indices.length; item++) {
    const index = indices[item]!;
    const x = index % width;
    const y = (index - x) / width;
    local[item] = (y - y0) * cropWidth + (x - x0);
    holes[local[item]!] = 255;
  }
  const source = cv.matFromArray(cropHeight, cropWidth, cv.CV_8UC1, crop);
  const mask = cv.matFromArray(cropHeight, cropWidth, cv.CV_8UC1, holes);
  const filled = new cv.Mat();
  try {
    cv.inpaint(source, mask, filled, radius, algorithm === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA);
    const result = filled.data;
    for (let item = 0; item < indices.length; item++) plane[indices[item]!] = result[local[item]!]!;
  } finally {
    source.delete();
    mask.delete();
    filled.delete();
  }
}
