/**
 * `faceapi:landmarks-68`: faces and their 68 landmarks (iBUG 300-W layout: jaw 0–16, brows 17–26,
 * nose 27–35, eyes 36–47, lips 48–67) in a still picture or a video, offline, by
 * `@vladmandic/face-api` (SSD MobileNet v1 detector + 68-point landmark net, tfjs WebAssembly
 * backend; the models ship inside the npm package). Pictures are decoded by @napi-rs/canvas and
 * looked at no larger than 960 px on their long side (0.4–0.6 s each on one core); videos are
 * sampled (2 frames per second unless asked) through ffmpeg, faces keep a track id from one sample
 * to the next by overlap.
 */
import { readFile } from 'node:fs/promises';
import { probeMedia, rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { BoundingBox, EngineWarning } from '../capabilities/engine-common.ts';
import type { FaceTracker, TrackedFace, TrackFacesOptions, TrackFacesResult } from '../capabilities/face-tracker.ts';
import { trackFacesOptionsSchema } from '../capabilities/option-schemas.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { detectFaces, type DetectedFace } from './face-api-runtime.ts';

import { FACE_LANDMARKS_ENGINE_ID } from './avatar-engine-ids.ts';

export { FACE_LANDMARKS_ENGINE_ID };

/** Long side of the picture the detector looks at. */
const DETECTION_SIDE = 960;
const DEFAULT_VIDEO_RATE = 2;

const providerSchema = z.object({
  /** `ssd` (default) finds faces down to ~40 px; `tiny` is ~3× faster and misses small ones. */
  detector: z.enum(['ssd', 'tiny']).optional(),
  /** Detections below this score are dropped (default 0.5). */
  minConfidence: z.number().min(0).max(1).optional(),
});

export interface DecodedPicture {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  /** The picture's own size (before `maxSide` scaled it down). */
  original?: { width: number; height: number };
}

/** A picture file decoded to RGBA (JPEG, PNG, WebP, GIF, BMP, AVIF as @napi-rs/canvas reads them); `undefined` when it is not one. */
export async function decodePicture(file: string, maxSide = Infinity): Promise<DecodedPicture | undefined> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const bytes = await readFile(file);
  let image;
  try {
    image = await loadImage(bytes);
  } catch {
    return undefined;
  }
  if (!image.width || !image.height) return undefined;
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return { width, height, rgba: context.getImageData(0, 0, width, height).data, original: { width: image.width, height: image.height } };
}

/** Detected faces in a picture's own pixels, largest first, boxes and landmarks kept inside it. */
export async function facesInPicture(picture: DecodedPicture, options: { detector?: 'ssd' | 'tiny'; minConfidence?: number } = {}): Promise<DetectedFace[]> {
  const faces = await detectFaces(picture.rgba, picture.width, picture.height, options);
  return faces.map((face) => clampFace(face, picture.width, picture.height, 1));
}

function clampFace(face: DetectedFace, width: number, height: number, scale: number): DetectedFace {
  const x = Math.max(0, face.box.x * scale);
  const y = Math.max(0, face.box.y * scale);
  return {
    box: { x, y, width: Math.min(width, (face.box.x + face.box.width) * scale) - x, height: Math.min(height, (face.box.y + face.box.height) * scale) - y },
    landmarks: face.landmarks.map((point) => ({ x: Math.min(width, Math.max(0, point.x * scale)), y: Math.min(height, Math.max(0, point.y * scale)) })),
    confidence: face.confidence,
  };
}

const overlap = (a: BoundingBox, b: BoundingBox) => {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared || 1);
};

/** Intersection over union of two boxes (0–1). */
export const boxOverlap = overlap;

export function createFaceLandmarks(): FaceTracker {
  const engineId = FACE_LANDMARKS_ENGINE_ID;
  return {
    specificationVersion: 'v1',
    engineId,
    async doTrack(options: TrackFacesOptions): Promise<TrackFacesResult> {
      const started = performance.now();
      const { warnings, provider } = parseOptions(options, { engineId, request: trackFacesOptionsSchema, vendor: 'faceapi', schema: providerSchema });
      const detectOptions = { ...(provider.detector ? { detector: provider.detector } : {}), ...(provider.minConfidence !== undefined ? { minConfidence: provider.minConfidence } : {}) };
      const maxFaces = options.maxFaces ?? Infinity;
      try {
        if ('imageFile' in options.input) {
          const file = options.input.imageFile;
          const picture = await decodeOrThrow(file, engineId);
          throwIfAborted(options.signal, engineId);
          const original = picture.original ?? picture;
          const scale = original.width / picture.width;
          const faces = (await detectFaces(picture.rgba, picture.width, picture.height, detectOptions)).slice(0, maxFaces).map((face) => clampFace(face, original.width, original.height, scale));
          throwIfAborted(options.signal, engineId);
          return result(faces.map((face, trackId) => ({ trackId, timeSeconds: 0, ...face })), warnings, engineId, started);
        }
        return result(await trackVideo(options.input.videoFile, options.input.framesPerSecond ?? DEFAULT_VIDEO_RATE, maxFaces, detectOptions, options.signal, engineId), warnings, engineId, started);
      } catch (error) {
        throw toEngineError(error, engineId, 'finding faces');
      }
    },
  };
}

async function decodeOrThrow(file: string, engineId: string): Promise<DecodedPicture> {
  const picture = await decodePicture(file, DETECTION_SIDE).catch((cause: unknown) => {
    throw new EngineInputError(`${file} could not be read: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId, cause });
  });
  if (!picture) throw new EngineInputError(`${file} is not a picture (JPEG, PNG or WebP)`, { engineId, reason: 'not-readable' });
  return picture;
}

async function trackVideo(file: string, rate: number, maxFaces: number, detectOptions: { detector?: 'ssd' | 'tiny'; minConfidence?: number }, signal: AbortSignal | undefined, engineId: string): Promise<TrackedFace[]> {
  const info = await probeMedia(file, signal ? { signal } : {}).catch(() => undefined);
  throwIfAborted(signal, engineId);
  const width = info?.video?.width;
  const height = info?.video?.height;
  if (!width || !height) throw new EngineInputError(`${file} is not a video`, { engineId, reason: 'not-readable' });
  const scale = Math.min(1, DETECTION_SIDE / Math.max(width, height));
  const w = Math.max(2, Math.round((width * scale) / 2) * 2);
  const h = Math.max(2, Math.round((height * scale) / 2) * 2);
  const out: TrackedFace[] = [];
  let previous: Array<{ trackId: number; box: BoundingBox }> = [];
  let nextId = 0;
  let index = 0;
  const rgba = new Uint8ClampedArray(w * h * 4);
  for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: file, framesPerSecond: rate, scale: { width: w, height: h } }), rawFrameBytes(w, h), signal ? { signal } : {})) {
    throwIfAborted(signal, engineId);
    for (let source = 0, target = 0; source < frame.length; source += 3, target += 4) {
      rgba[target] = frame[source]!;
      rgba[target + 1] = frame[source + 1]!;
      rgba[target + 2] = frame[source + 2]!;
      rgba[target + 3] = 255;
    }
    const faces = (await detectFaces(rgba, w, h, detectOptions)).slice(0, maxFaces).map((face) => clampFace(face, width, height, width / w));
    const taken = new Set<number>();
    const current: Array<{ trackId: number; box: BoundingBox }> = [];
    for (const face of faces) {
      const match = previous.filter((track) => !taken.has(track.trackId)).map((track) => ({ track, score: overlap(track.box, face.box) })).sort((a, b) => b.score - a.score)[0];
      const trackId = match && match.score > 0.2 ? match.track.trackId : nextId++;
      taken.add(trackId);
      current.push({ trackId, box: face.box });
      out.push({ trackId, timeSeconds: index / rate, ...face });
    }
    previous = current;
    index++;
  }
  if (index === 0) throw new EngineInputError(`${file} has no picture to look at`, { engineId, reason: 'no-picture' });
  const duration = info?.durationSeconds ?? Infinity;
  return out.map((face) => ({ ...face, timeSeconds: Math.min(face.timeSeconds, duration) }));
}

function result(faces: TrackedFace[], warnings: EngineWarning[], engineId: string, started: number): TrackFacesResult {
  return { faces, landmarkLayout: '68-point', warnings, timings: { totalMs: performance.now() - started }, response: { engineId: engineId as `${string}:${string}` } };
}
