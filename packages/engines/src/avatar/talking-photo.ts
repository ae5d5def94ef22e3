/**
 * `voxwork:talking-photo`: a portrait photo speaks, offline, with no neural lip-sync weights.
 *
 * The face (face-api's 68 landmarks, or landmarks the caller gives) carries a triangle mesh: the
 * landmarks, cheek points between the jaw and the mouth corners, and a fixed ring of anchors around
 * the face, so only the face region moves. Each frame the jaw, chin, lower lip and mouth corners
 * move with the mouth pose of `mouthTrack` (opening from the speech's loudness, shape from the
 * words' visemes), the upper eyelids come down for blinks (3–5 s apart, ~150 ms), the triangles
 * whose corners moved are warped (piecewise affine, bilinear, pure TypeScript), the parted lips
 * are filled with the mouth's inside (a dark-red cavity, upper teeth, a shaded tongue), and the whole picture is moved by a
 * slow head motion (rotation about the neck, a little drift) and breathing (a tiny vertical scale),
 * recorded per frame as one affine transform. Frames stream into ffmpeg (H.264 + AAC); none is kept.
 */
import { readFile } from 'node:fs/promises';
import { PORTRAIT_LIMITS } from '@voxwork/contract';
import { pipeIntoMediaTool, probeMedia, FFMPEG_COMMON } from '@voxwork/media';
import { z } from 'zod';
import type { AnimatedFrames, AnimateOptions, AnimateResult, Animator } from '../capabilities/animator.ts';
import { clampOption, parseOptions } from '../capabilities/call-options.ts';
import type { BoundingBox, EngineWarning } from '../capabilities/engine-common.ts';
import { animateOptionsSchema } from '../capabilities/option-schemas.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { boxOverlap, facesInPicture } from './face-landmarks.ts';
import { applyAffine, transformImage, warpTriangle, type Affine, type Point, type RgbaImage } from './mesh-warp.ts';
import { mouthTrack, type MouthTrack } from './mouth-track.ts';

import { blinkTrack, buildFaceMesh, type FaceMesh, fillInnerMouth, headTransform, posedPoints } from './face-mesh.ts';
import { TALKING_PHOTO_ENGINE_ID } from './avatar-engine-ids.ts';

export { TALKING_PHOTO_ENGINE_ID };

const DEFAULT_FRAME_RATE = 25;
/** Sides of the picture made: up to 1080 px (512–1080 is the intended range; smaller is allowed for previews and tests). */
const MIN_SIDE = 128;
const MAX_SIDE = 1080;
const DEFAULT_MIN_LONG_SIDE = 512;
const DEFAULT_MAX_LONG_SIDE = 1080;
/** The photo is looked at for faces no larger than this on its long side. */
const DETECTION_SIDE = 960;

const point = z.object({ x: z.number(), y: z.number() });
const providerSchema = z.object({
  /** 68 landmarks (iBUG layout) in the photo's pixels: no detection (a face the detector misses, a drawing, a corrected face). */
  landmarks: z.array(point).length(68).optional(),
  /** Seed of the blinks and head motion (default 1): the same seed gives the same video. */
  seed: z.number().int().optional(),
  /** Head motion and breathing, 0 (a still frame) … 2 (twice the default), default 1. */
  headMotion: z.number().min(0).max(2).optional(),
  /** Blinks (default true). */
  blinks: z.boolean().optional(),
  /** How far the jaw opens, 0.3–2 × the default. */
  mouthScale: z.number().min(0.3).max(2).optional(),
  /** x264 CRF (default 18). */
  crf: z.number().int().min(0).max(40).optional(),
});
type ProviderOptions = z.infer<typeof providerSchema>;
export interface TalkingPhotoPlan {
  width: number;
  height: number;
  frameRate: number;
  frameCount: number;
  /** The photo as it sits in the picture (scaled to cover it, cropped around the face). */
  base: RgbaImage;
  mesh: FaceMesh;
  track: MouthTrack;
  blinks: number[];
  /** Frame → its head transform (photo pixel → output pixel). */
  headTransform(frame: number): Affine;
  /** Frame → its RGBA pixels (a new buffer each call). */
  renderFrame(frame: number): Uint8Array;
  warnings: EngineWarning[];
}

interface PlanInput {
  imageFile: string;
  face?: BoundingBox | undefined;
  audioFile: string;
  words?: AnimateOptions['words'];
  width?: number | undefined;
  height?: number | undefined;
  frameRate?: number | undefined;
  signal?: AbortSignal | undefined;
  provider: ProviderOptions;
  warnings: EngineWarning[];
  engineId: string;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** Everything but the pixels: the picture's size and crop, the face and its mesh, the mouth track. */
export async function planTalkingPhoto(input: PlanInput): Promise<TalkingPhotoPlan> {
  const { engineId, warnings, provider } = input;
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const bytes = await readFile(input.imageFile).catch((cause: unknown) => {
    throw new EngineInputError(`${input.imageFile} could not be read: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId, cause, reason: 'not-readable' });
  });
  // Decoded once (EXIF orientation applied by @napi-rs/canvas); drawn small for detection, cropped for the picture.
  const image = await loadImage(bytes).catch(() => undefined);
  const photo = image?.width && image.height ? { width: image.width, height: image.height } : undefined;
  throwIfAborted(input.signal, engineId);
  if (!photo) throw new EngineInputError(`${input.imageFile} is not a picture (JPEG, PNG or WebP)`, { engineId, reason: 'not-readable' });
  const audio = await probeMedia(input.audioFile, input.signal ? { signal: input.signal } : {}).catch(() => undefined);
  throwIfAborted(input.signal, engineId);
  if (!audio?.audio) throw new EngineInputError(`${input.audioFile} is not audio ffmpeg can read`, { engineId, reason: 'not-readable' });
  throwIfAborted(input.signal, engineId);

  // The face, in the photo's pixels.
  let landmarks: Point[];
  let faceBox: BoundingBox;
  if (provider.landmarks) {
    landmarks = provider.landmarks;
    const [xs, ys] = [landmarks.map((p) => p.x), landmarks.map((p) => p.y)];
    faceBox = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  else {
    const scale = Math.min(1, DETECTION_SIDE / Math.max(photo.width, photo.height));
    const small = createCanvas(Math.max(1, Math.round(photo.width * scale)), Math.max(1, Math.round(photo.height * scale)));
    const smallContext = small.getContext('2d');
    smallContext.imageSmoothingQuality = 'high';
    smallContext.drawImage(image!, 0, 0, small.width, small.height);
    const [sx, sy] = [photo.width / small.width, photo.height / small.height];
    const faces = (await facesInPicture({ width: small.width, height: small.height, rgba: smallContext.getImageData(0, 0, small.width, small.height).data })).map((face) => ({
      ...face,
      box: { x: face.box.x * sx, y: face.box.y * sy, width: face.box.width * sx, height: face.box.height * sy },
      landmarks: face.landmarks.map((p) => ({ x: p.x * sx, y: p.y * sy })),
    }));
    throwIfAborted(input.signal, engineId);
    if (faces.length === 0) throw new EngineInputError('No face was found in the photo: use a photo where one face looks towards the camera, well lit and at least ~80 pixels wide', { engineId, reason: 'no-face' });
    let chosen = faces[0]!;
    if (input.face) {
      const scored = faces.map((face) => ({ face, score: boxOverlap(face.box, input.face!) })).sort((a, b) => b.score - a.score)[0]!;
      if (scored.score < 0.1) throw new EngineInputError(`No face was found in the box asked for (${Math.round(input.face.x)}, ${Math.round(input.face.y)}, ${Math.round(input.face.width)}×${Math.round(input.face.height)}); the photo's faces are at ${faces.map((face) => `(${Math.round(face.box.x)}, ${Math.round(face.box.y)}, ${Math.round(face.box.width)}×${Math.round(face.box.height)})`).join(', ')}`, { engineId, reason: 'no-face' });
      chosen = scored.face;
    } else if (faces.length > 1) {
      warnings.push({ type: 'other', message: `The photo shows ${faces.length} faces; the largest (at ${Math.round(chosen.box.x)}, ${Math.round(chosen.box.y)}) speaks. Pick another with source.face.` });
    }
    landmarks = chosen.landmarks;
    faceBox = chosen.box;
  }
  // The portrait check's one block (the product's limits): a face far too small has too few pixels to move.
  const faceShare = Math.max(faceBox.width / photo.width, faceBox.height / photo.height);
  if (faceShare < PORTRAIT_LIMITS.faceShare.block || faceBox.width < PORTRAIT_LIMITS.faceBlockPixels) {
    throw new EngineInputError(`The face is too small in the photo to animate (${Math.round(faceShare * 100)} % of it, ${Math.round(faceBox.width)} px wide): crop the photo around the face`, { engineId, reason: 'face-too-small' });
  }

  // The picture's size: asked, or the photo's own with its long side brought into 512–1080.
  const aspect = photo.width / photo.height;
  let width: number;
  let height: number;
  if (input.width && input.height) [width, height] = [input.width, input.height];
  else if (input.width) [width, height] = [input.width, input.width / aspect];
  else if (input.height) [width, height] = [input.height * aspect, input.height];
  else {
    const long = Math.min(DEFAULT_MAX_LONG_SIDE, Math.max(DEFAULT_MIN_LONG_SIDE, Math.max(photo.width, photo.height)));
    [width, height] = aspect >= 1 ? [long, long / aspect] : [long * aspect, long];
  }
  const sized = (option: 'width' | 'height', value: number, asked: number | undefined) => {
    const used = even(clampOption(warnings, option, Math.round(value), [MIN_SIDE, MAX_SIDE], (inRange) => `${MIN_SIDE}–${MAX_SIDE} pixels; used ${even(inRange)}`));
    if (asked !== undefined && asked >= MIN_SIDE && asked <= MAX_SIDE && used !== asked) warnings.push({ type: 'approximated-option', option, details: `H.264 needs even sizes; used ${used}` });
    return used;
  };
  width = sized('width', width, input.width);
  height = sized('height', height, input.height);

  // Cover the picture with the photo, the crop centred on the face as far as the photo allows.
  const scale = Math.max(width / photo.width, height / photo.height);
  const faceCentre = { x: landmarks.reduce((s, p) => s + p.x, 0) / 68, y: landmarks.reduce((s, p) => s + p.y, 0) / 68 };
  const cropX = Math.min(photo.width - width / scale, Math.max(0, faceCentre.x - width / scale / 2));
  const cropY = Math.min(photo.height - height / scale, Math.max(0, faceCentre.y - height / scale / 2));
  if (scale > 2) warnings.push({ type: 'approximate-output', output: 'video', details: `the photo is enlarged ${scale.toFixed(1)}× to fill ${width}×${height}: the picture will be soft` });
  if (Math.abs(width / height - aspect) > 0.01) {
    warnings.push({ type: 'approximate-output', output: 'video', details: `the photo (${photo.width}×${photo.height}) is cropped to the picture's shape (${width}×${height}) around the face` });
  }
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image!, cropX, cropY, width / scale, height / scale, 0, 0, width, height);
  const base: RgbaImage = { width, height, data: context.getImageData(0, 0, width, height).data };
  const placed = landmarks.map((p) => ({ x: (p.x - cropX) * scale, y: (p.y - cropY) * scale }));
  const mouthScale = provider.mouthScale ?? 1;
  const mesh = buildFaceMesh(placed, width, height, mouthScale);
  if (mesh.geometry.unit < 24) warnings.push({ type: 'approximate-output', output: 'video', details: `the face is small in the picture (eyes ${Math.round(mesh.geometry.unit)} px apart): crop the photo around it for a closer talking head` });

  const frameRate = input.frameRate ?? DEFAULT_FRAME_RATE;
  const track = await mouthTrack({ audioFile: input.audioFile, frameRate, words: input.words, signal: input.signal }).catch((cause: unknown) => {
    if (input.signal?.aborted) throw cause;
    throw new EngineInputError(`${input.audioFile} could not be decoded as audio`, { engineId, cause, reason: 'not-readable' });
  });
  const frameCount = track.poses.length;
  const seed = provider.seed ?? 1;
  const blinks = provider.blinks === false ? new Array<number>(frameCount).fill(0) : blinkTrack(frameCount, frameRate, seed);
  const amount = provider.headMotion ?? 1;
  const pivot = mesh.geometry.landmarks[8]!;
  const transformOf = (frame: number) => headTransform(frame, frameRate, width, height, pivot, amount, seed);

  // The mesh's triangles that can move (a corner with a drop, spread or eyelid), and the rest of the ring's box, redrawn each frame.
  const eyelids = new Set([37, 38, 43, 44]);
  const moving = mesh.triangles.filter((triangle) => triangle.some((v) => mesh.drop[v] !== 0 || mesh.spread[v] !== 0 || eyelids.has(v)));
  const movingBox = boxOf(moving.flatMap((triangle) => triangle.map((v) => mesh.points[v]!)), width, height, 0.6 * mesh.geometry.unit * mouthScale);
  const work: RgbaImage = { width, height, data: new Uint8Array(base.data) };
  const restoreBox = (target: RgbaImage) => {
    for (let y = movingBox.top; y < movingBox.bottom; y++) {
      const from = (y * width + movingBox.left) * 4;
      const to = (y * width + movingBox.right) * 4;
      target.data.set(base.data.subarray(from, to), from);
    }
  };

  return {
    width,
    height,
    frameRate,
    frameCount,
    base,
    mesh,
    track,
    blinks,
    headTransform: transformOf,
    warnings,
    renderFrame(frame: number): Uint8Array {
      const pose = track.poses[Math.min(frame, frameCount - 1)]!;
      const posed = posedPoints(mesh, pose, blinks[frame] ?? 0, mouthScale);
      restoreBox(work);
      for (const [i, j, k] of moving) warpTriangle(base, [mesh.points[i]!, mesh.points[j]!, mesh.points[k]!], work, [posed[i]!, posed[j]!, posed[k]!]);
      fillInnerMouth(work, mesh, posed);
      const out: RgbaImage = { width, height, data: new Uint8Array(width * height * 4) };
      transformImage(work, transformOf(frame), out);
      return out.data as Uint8Array;
    },
  };
}

function boxOf(points: Point[], width: number, height: number, margin: number) {
  return {
    left: Math.max(0, Math.floor(Math.min(...points.map((p) => p.x)) - margin)),
    right: Math.min(width, Math.ceil(Math.max(...points.map((p) => p.x)) + margin)),
    top: Math.max(0, Math.floor(Math.min(...points.map((p) => p.y)) - margin)),
    bottom: Math.min(height, Math.ceil(Math.max(...points.map((p) => p.y)) + margin)),
  };
}

export { applyAffine };

export function createTalkingPhoto(): Animator {
  const engineId = TALKING_PHOTO_ENGINE_ID;

  async function plan(options: Omit<AnimateOptions, 'outputFile'>, warnings: EngineWarning[], provider: ProviderOptions): Promise<TalkingPhotoPlan> {
    const { source } = options;
    if (!('imageFile' in source)) {
      throw new EngineInputError(`${engineId} animates a photo (source.imageFile); ${'videoFile' in source ? 'lip sync of a video' : 'built-in avatars'} is another engine's work`, { engineId });
    }
    if (options.language && !options.words?.length) warnings.push({ type: 'unsupported-option', option: 'language', details: 'without word timings the mouth follows the audio alone, whatever the language' });
    return planTalkingPhoto({ imageFile: source.imageFile, face: source.face, audioFile: options.audioFile, words: options.words, width: options.width, height: options.height, frameRate: options.frameRate, signal: options.signal, provider, warnings, engineId });
  }

  async function* frames(planned: TalkingPhotoPlan, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
    for (let frame = 0; frame < planned.frameCount; frame++) {
      throwIfAborted(signal, engineId);
      yield planned.renderFrame(frame);
    }
  }

  return {
    specificationVersion: 'v1',
    engineId,
    async doAnimateFrames(options): Promise<AnimatedFrames> {
      const { warnings, provider } = parseOptions(options, { engineId, request: animateOptionsSchema.omit({ outputFile: true }), vendor: 'voxwork', schema: providerSchema, name: engineId });
      try {
        const planned = await plan(options, warnings, provider);
        return { width: planned.width, height: planned.height, frameRate: planned.frameRate, frameCount: planned.frameCount, frames: frames(planned, options.signal), warnings };
      } catch (error) {
        throw toEngineError(error, engineId, 'preparing the talking photo');
      }
    },
    async doAnimate(options: AnimateOptions): Promise<AnimateResult> {
      const started = performance.now();
      const { warnings, provider } = parseOptions(options, { engineId, request: animateOptionsSchema, vendor: 'voxwork', schema: providerSchema, name: engineId });
      try {
        const planned = await plan(options, warnings, provider);
        const planMs = performance.now() - started;
        const rate = Number.isInteger(planned.frameRate) ? String(planned.frameRate) : planned.frameRate.toFixed(6);
        await pipeIntoMediaTool(
          'ffmpeg',
          [
            ...FFMPEG_COMMON,
            '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${planned.width}x${planned.height}`, '-r', rate, '-i', 'pipe:0',
            '-i', options.audioFile,
            '-map', '0:v:0', '-map', '1:a:0',
            '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(provider.crf ?? 18), '-pix_fmt', 'yuv420p',
            '-c:a', 'aac', '-b:a', '160k',
            '-movflags', '+faststart',
            options.outputFile,
          ],
          frames(planned, options.signal),
          options.signal ? { signal: options.signal } : {},
        );
        const output = await probeMedia(options.outputFile, options.signal ? { signal: options.signal } : {});
        const totalMs = performance.now() - started;
        return {
          video: { file: options.outputFile, width: planned.width, height: planned.height, durationSeconds: output.durationSeconds ?? planned.frameCount / planned.frameRate, frameRate: planned.frameRate },
          warnings,
          timings: { totalMs, stepsMs: { planMs, renderAndEncodeMs: totalMs - planMs } },
          response: { engineId },
        };
      } catch (error) {
        throw toEngineError(error, engineId, 'animating the photo');
      }
    },
  };
}
