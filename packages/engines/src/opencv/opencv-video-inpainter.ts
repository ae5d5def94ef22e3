/**
 * `opencv:video-inpaint`: removes burned-in text, logos and drawn regions from a video offline.
 * Best first: the background from neighbouring frames where it shows through (the camera's motion
 * measured on the luma between frames and checked around each mask), OpenCV inpainting (TELEA or
 * Navier–Stokes, WebAssembly) for what no neighbour shows, and ffmpeg's `delogo` as the fast mode.
 * Frames stream through ffmpeg as raw planar yuv420p (decoded, changed inside the masks only,
 * encoded once; the audio copied); only a window of neighbouring frames is held in memory.
 * See docs/decisions/029-video-erasure.md.
 */
import { BURNED_SUBTITLES_CRF, delogoVideoArgs, encodeRawVideoArgs, FramePool, MediaProcessError, MP4_AUDIO_CODECS, pipeIntoMediaTool, probeMedia, rawFrameBytes, rawFrameImagesArgs, rawVideoFramesArgs, readRawVideoFrames, runFfmpeg } from '@voxwork/media';
import { copyFile, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import type { InpaintOptions, InpaintResult, InpaintStats, Inpainter } from '../capabilities/inpainter.ts';
import { inpaintOptionsSchema } from '../capabilities/option-schemas.ts';
import { EngineInputError, EngineUnavailableError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { frameDecodingError, probePicture, wholePercentProgress, type PictureFacts } from '../video-frames.ts';
import { OPENCV_INPAINTER_ENGINE_ID } from './opencv-engine-ids.ts';
import { frameMask, FrameMasks, frameRange, pixelBox, StillnessCollector, type FrameMask, type MaskShape } from './erasure-masks.ts';
import { bandPositionOf, FrameFillThread, positionOf } from './frame-fill-thread.ts';
import { FrameMotionThread } from './frame-motion-thread.ts';
import { estimatePyramidShift, halve, halveMask, pyramidOf, type Pyramid, type Shift } from './global-motion.ts';
import { inpaintPixels, loadOpenCv, type InpaintAlgorithm } from './opencv-runtime.ts';
import { CUT_RESIDUAL, ScenePlateBuilder, ScenePlateReader, type StoredPlate } from './scene-plates.ts';
import { copyRows, fillFrame, yuvLayout, type FillStats, type NeighbourFrame } from './temporal-fill.ts';


const providerSchema = z.object({
  /** Neighbouring frames looked at on each side for the background (default 40). */
  windowFrames: z.number().int().min(1).max(50).optional(),
  /** OpenCV's algorithm for what no neighbour shows (default `telea`). */
  algorithm: z.enum(['telea', 'ns']).optional(),
  /** Pixels around a hole OpenCV looks at (default 5). */
  inpaintRadius: z.number().int().min(1).max(20).optional(),
  /** x264 CRF of the output (default `ERASURE_VIDEO_CRF`, 9). */
  crf: z.number().int().min(0).max(40).optional(),
  /** Neighbouring frames hold only the rows the masks can reach, copied out of the frames as they are decoded (default true; false: whole frames, more memory). */
  cropNeighbours: z.boolean().optional(),
  /** Threads filling the frames of the erase pass (default 2: this one and a second, the same bytes; 1: this one alone). Two need cropped neighbours. */
  fillThreads: z.union([z.literal(1), z.literal(2)]).optional(),
  /** A neighbour disagreeing more than this around the masks is not used (default 10). */
  maxRingDifference: z.number().min(0).max(255).optional(),
});

/** ±40 frames (1.6 s at 25 fps) reach past most subtitle lines’ ends; neighbours hold only the rows the masks can reach. */
const DEFAULT_WINDOW_FRAMES = 40;
/** Largest camera motion between two frames looked for, in pixels of the picture. */
const MAX_SHIFT = 64;
/** Frames decoded ahead while one is filled. */
const READ_AHEAD_FRAMES = 2;
/** Masked frames the second fill thread is given at most at a time (one being filled, the next waiting). */
const FILL_THREAD_QUEUE = 2;
/** Frames decoded beyond the window with two fill threads: frames whose neighbours are all decoded, for the thread that is free. */
const FILL_AHEAD_FRAMES = 4;
/** Frames the first pass runs ahead of the whole picture's motion (searched on a second thread). */
const MOTION_LAG_FRAMES = 3;
/** Share of the progress the analysis pass stands for. */
const ANALYSIS_SHARE = 30;

/** The video as probed, with a frame rate to time masks by (25 when the probe's is missing or odd). */
type VideoFacts = PictureFacts & { frameRate: number };

/** Rows around the masks a neighbour must hold beyond the camera's vertical travel: the ring the motion is checked on, and a little more. */
const BAND_MARGIN_ROWS = 10;
/** Neighbours are cropped only when their rows are at most this share of the picture. */
const MAX_BAND_SHARE = 0.6;

/**
 * The luma rows (even bounds) of neighbouring frames the fill can read: the masks' rows widened by
 * the camera's largest vertical travel within the window; undefined when that is most of the picture.
 */
export function neighbourRows(shapes: readonly MaskShape[], positions: readonly Shift[], windowFrames: number, height: number): { rowOffset: number; rows: number } | undefined {
  if (shapes.length === 0) return undefined;
  const top = Math.min(...shapes.map((shape) => shape.box.y));
  const bottom = Math.max(...shapes.map((shape) => shape.box.y + shape.box.height));
  let reach = 0;
  for (let index = 0; index < positions.length; index++) {
    for (let other = index + 1; other <= Math.min(positions.length - 1, index + windowFrames); other++) reach = Math.max(reach, Math.abs(positions[other]!.dy - positions[index]!.dy));
  }
  const margin = Math.ceil(reach) + BAND_MARGIN_ROWS;
  const rowOffset = Math.max(0, Math.floor((top - margin) / 2) * 2);
  let end = Math.min(height, Math.ceil((bottom + margin) / 2) * 2);
  if ((end - rowOffset) % 2) end--;
  if (end - rowOffset > height * MAX_BAND_SHARE) return undefined;
  return { rowOffset, rows: end - rowOffset };
}

/** Margin (pixels of the picture) above and below the masks of the band whose own motion is measured. */
const MOTION_BAND_MARGIN = 48;
/** The band's own motion is measured only when it is at most this share of the picture (else it is the whole frame's). */
const MAX_MOTION_BAND_SHARE = 0.5;

/** Rows [top, bottom) of the half-size picture around every mask, or undefined when that is most of the picture. */
export function motionBandRows(shapes: readonly MaskShape[], height: number): { top: number; bottom: number } | undefined {
  if (shapes.length === 0) return undefined;
  const half = height >> 1;
  const top = Math.max(0, Math.floor((Math.min(...shapes.map((shape) => shape.box.y)) - MOTION_BAND_MARGIN) / 2));
  const bottom = Math.min(half, Math.ceil((Math.max(...shapes.map((shape) => shape.box.y + shape.box.height)) + MOTION_BAND_MARGIN) / 2));
  return bottom - top > half * MAX_MOTION_BAND_SHARE ? undefined : { top, bottom };
}

export function createOpencvInpainter(): Inpainter {
  return new OpencvVideoInpainter();
}

class OpencvVideoInpainter implements Inpainter {
  readonly specificationVersion = 'v1';
  readonly engineId = OPENCV_INPAINTER_ENGINE_ID;

  async doInpaint(options: InpaintOptions): Promise<InpaintResult> {
    const startedAt = performance.now();
    const { warnings, provider } = parseOptions(options, { engineId: this.engineId, request: inpaintOptionsSchema, vendor: 'opencv', schema: providerSchema });
    const steps: Record<string, number> = {};
    const progress = wholePercentProgress(options.onProgress);
    try {
      const video = await this.#probe(options.videoFile, options.signal);
      const shapes: MaskShape[] = [];
      for (const [index, mask] of options.masks.entries()) {
        const box = pixelBox(mask.box, video.width, video.height);
        const frames = frameRange(mask.startSeconds, mask.endSeconds, video.frameRate, Number.MAX_SAFE_INTEGER);
        if (!box || !frames) {
          warnings.push({ type: 'other', message: `mask ${index} is outside the picture or covers no frame: left out` });
          continue;
        }
        shapes.push({ box, firstFrame: frames.first, lastFrame: frames.last, kind: mask.kind ?? 'area' });
      }
      const fill = options.fill ?? 'best';
      let stats: InpaintStats | undefined;
      const keptFrames: string[] = [];
      if (fill === 'fast') {
        await this.#delogo(options, video, shapes);
      } else {
        const cv = await loadOpenCv().catch((cause: unknown) => {
          throw new EngineUnavailableError(`OpenCV could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
        });
        throwIfAborted(options.signal, this.engineId);
        const analysed = performance.now();
        const windowFrames = provider.windowFrames ?? DEFAULT_WINDOW_FRAMES;
        // Still scenes' backgrounds (best fill): plates on disk beside the output until the erase pass has used them.
        const plateDirectory = fill === 'best' && shapes.length > 0 ? await mkdtemp(path.join(path.dirname(options.outputFile), '.plates-')) : undefined;
        try {
          const plates = plateDirectory ? new ScenePlateBuilder(shapes, yuvLayout(video.width, video.height), { minFrames: windowFrames, directory: plateDirectory }) : undefined;
          const { positions, bandPositions } = fill === 'best' || shapes.some((shape) => shape.kind === 'text') ? await this.#analyse(options, video, shapes, progress, plates) : { positions: [], bandPositions: undefined };
          steps.analysisMs = performance.now() - analysed;
          const radius = provider.inpaintRadius ?? 5;
          const algorithm = provider.algorithm ?? 'telea';
          const filling = performance.now();
          stats = await this.#erase(options, video, shapes, positions, bandPositions, {
            windowFrames,
            temporal: fill === 'best',
            maxRingDifference: provider.maxRingDifference ?? 10,
            inpaint: (plane, width, height, indices) => inpaintPixels(cv, plane, width, height, indices, radius, algorithm),
            inpaintRadius: radius,
            algorithm,
            crf: provider.crf,
            cropNeighbours: provider.cropNeighbours ?? true,
            fillThreads: provider.fillThreads ?? 2,
            plates: (await plates?.finish()) ?? [],
            progress,
            warnings,
            keptFrames,
          });
          steps.fillAndEncodeMs = performance.now() - filling;
        } finally {
          if (plateDirectory) await rm(plateDirectory, { recursive: true, force: true });
        }
      }
      const written = await probeMedia(options.outputFile, { signal: options.signal, timeoutMs: 60_000 });
      progress(100);
      return {
        video: { file: options.outputFile, durationSeconds: written.durationSeconds ?? video.durationSeconds },
        ...(stats ? { stats } : {}),
        ...(options.keepFrames ? { keptFrames } : {}),
        warnings,
        timings: { totalMs: performance.now() - startedAt, stepsMs: steps },
        response: { engineId: this.engineId },
      };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'erasing');
    }
  }

  async #probe(file: string, signal: AbortSignal | undefined): Promise<VideoFacts> {
    const facts = await probePicture(file, this.engineId, signal);
    return { ...facts, frameRate: facts.frameRate && facts.frameRate > 0 && facts.frameRate <= 240 ? facts.frameRate : 25 };
  }

  /**
   * Frames of `args`, taken from `pool` (its frame size; the caller gives each back once done with
   * it); a decoding failure of a file that probed fine is bad input.
   */
  async *#frames(args: readonly string[], pool: FramePool, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
    try {
      for await (const data of readRawVideoFrames(args, pool.frameBytes, { signal, readAhead: READ_AHEAD_FRAMES, pool })) {
        throwIfAborted(signal, this.engineId);
        yield data;
      }
    } catch (error) {
      throw frameDecodingError(error, this.engineId);
    }
  }

  /**
   * The first pass, on the luma: the camera's position in every frame (motion between consecutive
   * frames, masks left out) and which pixels of each text mask are the text; with `plates`, each
   * still scene's background is collected too (the whole picture is decoded then, not only the luma).
   */
  async #analyse(options: InpaintOptions, video: VideoFacts, shapes: MaskShape[], progress: (percent: number) => void, plates: ScenePlateBuilder | undefined): Promise<{ positions: Shift[]; bandPositions: Shift[] | undefined }> {
    const { width, height } = video;
    // The masks' rows (half size) with a margin: where the fill reads, the picture may move otherwise than the whole frame
    // (a still title card over a pan, static bars beside a moving picture): its own motion is measured there too.
    const rows = motionBandRows(shapes, height);
    const bandPositions: Shift[] | undefined = rows ? [] : undefined;
    let previousBand: Pyramid | undefined;
    let bandMotion: Shift | undefined;
    // Each text mask's samples are held while its frames come, its pixels set at the first frame after (packed, a bit a pixel, until the erase pass).
    const stillness = new StillnessCollector(shapes);
    const positions: Shift[] = [];
    const expected = Math.max(1, Math.round(video.durationSeconds * video.frameRate));
    // The half-size luma of the previous frame (the band's pyramid of the next frame is compared with its view) and of the one
    // before (no longer used: its memory holds the next frame's).
    let previousHalf: Uint8Array | undefined;
    let spareHalf: Uint8Array | undefined;
    let spareBand: Pyramid | undefined;
    let index = 0;
    // Frames showing the same masks share one map (whole boxes: the text's own pixels are not known yet) and its halved
    // levels; `sent`: the motion thread has the map. Frames come in order, so a set with a mask that has ended is not shown
    // again: its map goes when a new one is made, here and on the motion thread (`forget`). Memory holds the sets of the
    // masks on screen, not one per line of the video.
    const boxMasks = new Map<string, { key: string; lastFrame: number; mask: FrameMask | undefined; exclude: Uint8Array; bandExcludeLevels: Array<Uint8Array | undefined>; sent: boolean }>();
    let forget: string[] = [];
    const boxMaskOf = (active: MaskShape[]) => {
      const key = active.map((shape) => shapes.indexOf(shape)).join(',');
      let entry = boxMasks.get(key);
      if (!entry) {
        for (const [other, held] of boxMasks) {
          if (held.lastFrame >= index) continue;
          boxMasks.delete(other);
          if (held.sent) forget.push(other);
        }
        const mask = frameMask(active.map((shape) => ({ ...shape, pixelBits: undefined })), width, height);
        const lastFrame = Math.min(...active.map((shape) => shape.lastFrame));
        entry = { key, lastFrame, mask, exclude: halveMask(mask?.luma ?? new Uint8Array(width * height), width, height), bandExcludeLevels: [], sent: false };
        boxMasks.set(key, entry);
      }
      return entry;
    };
    const format = plates ? 'yuv420p' : 'gray';
    // Nothing below keeps a frame past its turn (the pyramid, the stillness samples and the plates copy what they need).
    const pool = new FramePool(rawFrameBytes(width, height, format));
    // The whole picture's motion is searched on a second thread while this one decodes, measures the band's motion and
    // collects; what needs the motion (travel, cuts, plates) is done here in frame order as its answers come back.
    const motionThread = new FrameMotionThread();
    const waiting: Array<{ index: number; data: Uint8Array; mask: FrameMask | undefined }> = [];
    const settle = async () => {
      const frame = waiting.shift()!;
      const shift = await motionThread.next(frame.index);
      let travelled = 0;
      let cut = false;
      if (shift) {
        const last = positions.at(-1)!;
        positions.push({ dx: last.dx + 2 * shift.dx, dy: last.dy + 2 * shift.dy });
        travelled = 2 * Math.hypot(shift.dx, shift.dy);
        cut = shift.residual > CUT_RESIDUAL;
      } else positions.push({ dx: 0, dy: 0 });
      stillness.add(frame.index, frame.data, width, travelled);
      await plates?.add(frame.index, frame.data, positions.at(-1)!, cut, frame.mask);
      pool.give(frame.data);
      progress((Math.min(frame.index + 1, expected) / expected) * ANALYSIS_SHARE);
    };
    try {
      for await (const data of this.#frames(rawVideoFramesArgs({ input: options.videoFile, pixelFormat: format }), pool, options.signal)) {
        const active = shapes.filter((shape) => index >= shape.firstFrame && index <= shape.lastFrame);
        const entry = active.length > 0 ? boxMaskOf(active) : undefined;
        const half = halve({ data, width, height }, spareHalf);
        motionThread.send({ index, half: half.data, width: half.width, height: half.height, maxShift: MAX_SHIFT / 2, maskKey: entry?.key ?? null, exclude: entry && !entry.sent ? entry.exclude : undefined, ...(forget.length > 0 ? { forget } : {}) });
        forget = [];
        if (entry) entry.sent = true;
        if (rows && bandPositions) {
          const bandImage = { data: half.data.subarray(rows.top * half.width, rows.bottom * half.width), width: half.width, height: rows.bottom - rows.top };
          // Its first level is a view of the frame's half; the smaller ones reuse the band's pyramid before the previous, and its
          // exclusion levels are made once per set of masks like the frame's.
          const bandPyramid = pyramidOf(bandImage, entry?.exclude.subarray(rows.top * half.width, rows.bottom * half.width), entry?.bandExcludeLevels, spareBand);
          if (entry) for (const [level, { exclude }] of bandPyramid.levels.entries()) if (level > 0) entry.bandExcludeLevels[level] ??= exclude;
          if (previousBand) {
            const shift = estimatePyramidShift(previousBand, bandPyramid, { maxShift: MAX_SHIFT / 2, predicted: bandMotion });
            bandMotion = shift.residual > CUT_RESIDUAL ? undefined : shift;
            const last = bandPositions.at(-1)!;
            bandPositions.push({ dx: last.dx + 2 * shift.dx, dy: last.dy + 2 * shift.dy });
          } else bandPositions.push({ dx: 0, dy: 0 });
          spareBand = previousBand;
          previousBand = bandPyramid;
        }
        spareHalf = previousHalf;
        previousHalf = half.data;
        waiting.push({ index, data, mask: entry?.mask });
        index++;
        // A few frames ahead of the motion's answers: enough to keep both threads busy.
        while (waiting.length > MOTION_LAG_FRAMES) await settle();
      }
      while (waiting.length > 0) await settle();
    } finally {
      await motionThread.close();
    }
    stillness.finish();
    return { positions, bandPositions };
  }

  async #erase(
    options: InpaintOptions,
    video: VideoFacts,
    shapes: MaskShape[],
    positions: Shift[],
    bandPositions: Shift[] | undefined,
    settings: {
      windowFrames: number;
      temporal: boolean;
      maxRingDifference: number;
      inpaint: (plane: Uint8Array, width: number, height: number, indices: Int32Array) => void;
      /** What `inpaint` does, for the second fill thread. */
      inpaintRadius: number;
      algorithm: InpaintAlgorithm;
      crf: number | undefined;
      cropNeighbours: boolean;
      fillThreads: 1 | 2;
      /** Still scenes' backgrounds, in frame order. */
      plates: readonly StoredPlate[];
      progress: (percent: number) => void;
      warnings: EngineWarning[];
      /** The `keepFrames` images written so far. */
      keptFrames: string[];
    },
  ): Promise<InpaintStats> {
    const { width, height } = video;
    const layout = yuvLayout(width, height);
    const windowFrames = settings.temporal ? settings.windowFrames : 0;
    const stats: InpaintStats = { frames: 0, framesWithMasks: 0, pixelsMasked: 0, pixelsFromNeighbours: 0, pixelsFromScene: 0, pixelsInpainted: 0 };
    // The plate of the scene being erased, read from disk when the scene starts (one at a time in memory).
    const plates = new ScenePlateReader(settings.plates);
    const expected = Math.max(1, Math.round(video.durationSeconds * video.frameRate));
    const engineId = this.engineId;
    // Frames kept as images (the first frame at or after each time asked, as a seek there gives), copied as they are erased,
    // before anything is drawn over them, and written one after another beside the erasure (which does not wait for them).
    const keep = new Map<number, string[]>();
    for (const frame of options.keepFrames ?? []) {
      const index = Math.ceil(frame.timeSeconds * video.frameRate - 1e-6);
      keep.set(index, [...(keep.get(index) ?? []), frame.imageFile]);
    }
    // One ffmpeg per image format writes the kept frames (its image2 muxer numbers them in the order sent), started at the first
    // and fed a copy of each frame as it is erased, beside the erasure (which does not wait for it); once it has ended, each
    // numbered file takes the name asked. The same encoder and options as an ffmpeg per frame, so the same bytes (decision 097).
    const writers = new Map<string, { queue: FrameQueue; done: Promise<void>; names: string[][]; folder: Promise<string> }>();
    let keepFailure: { error: unknown } | undefined;
    const keepFrame = (index: number, data: Uint8Array) => {
      const imageFiles = keep.get(index);
      if (!imageFiles || keepFailure) return;
      for (const [extension, files] of Map.groupBy(imageFiles, (file) => path.extname(file).toLowerCase())) {
        let writer = writers.get(extension);
        if (!writer) {
          const queue = new FrameQueue();
          const folder = mkdtemp(path.join(path.dirname(files[0]!), '.kept-'));
          const done = folder.then(async (into) => {
            await pipeIntoMediaTool('ffmpeg', rawFrameImagesArgs({ width, height, pattern: path.join(into, `%06d${extension}`) }), queue, { signal: options.signal });
          });
          done.catch((error: unknown) => (keepFailure ??= { error }));
          writer = { queue, done, names: [], folder };
          writers.set(extension, writer);
        }
        writer.names.push(files);
        writer.queue.push(data.slice());
      }
    };
    /** Ends the writers and gives each numbered image its names; what was written is listed in `keptFrames`. */
    const keeping = async () => {
      for (const writer of writers.values()) writer.queue.end();
      await Promise.allSettled([...writers.values()].map((writer) => writer.done));
      for (const [extension, writer] of writers) {
        const into = await writer.folder.catch(() => undefined);
        if (!into) continue;
        try {
          if (keepFailure) continue;
          for (const [index, files] of writer.names.entries()) {
            const written = path.join(into, `${String(index + 1).padStart(6, '0')}${extension}`);
            for (const file of files.slice(1)) await copyFile(written, file);
            await rename(written, files[0]!);
            settings.keptFrames.push(...files);
          }
        } finally {
          await rm(into, { recursive: true, force: true });
        }
      }
    };
    // Frames showing the same masks share one map (a subtitle line's frames all do): the window holds few.
    const masks = new FrameMasks(shapes, width, height);
    const band = windowFrames > 0 && settings.cropNeighbours ? neighbourRows(shapes, positions, windowFrames, height) : undefined;
    const position = (index: number) => positionOf(positions, index);
    const bandPosition = (index: number) => bandPositionOf(bandPositions, index);
    // A second thread fills frames too (cropped neighbours only: it fills whole frames in place and reads the neighbours' rows,
    // both in shared memory; with whole-frame neighbours a fill writes a copy, which this does not do).
    const fillThread = band && settings.fillThreads === 2 ? new FrameFillThread({ width, height, windowFrames, maxRingDifference: settings.maxRingDifference, inpaintRadius: settings.inpaintRadius, algorithm: settings.algorithm, band }) : undefined;
    // It is sent each mask and plate with the first frame that needs it, and told which frames are no longer read: it holds only
    // what the frames around the ones being filled need, however long the video.
    const shapesByFirstFrame = [...shapes.keys()].sort((a, b) => shapes[a]!.firstFrame - shapes[b]!.firstFrame);
    let shapesSent = 0;
    let platesSent = 0;
    const sendNeighbour = (index: number, rows: Uint8Array, oldestUnwritten: number) => {
      if (!fillThread) return;
      const starting: Array<{ at: number; shape: MaskShape }> = [];
      while (shapesSent < shapesByFirstFrame.length && shapes[shapesByFirstFrame[shapesSent]!]!.firstFrame <= index) {
        const at = shapesByFirstFrame[shapesSent++]!;
        starting.push({ at, shape: shapes[at]! });
      }
      const plates: StoredPlate[] = [];
      while (platesSent < settings.plates.length && settings.plates[platesSent]!.firstFrame <= index) plates.push(settings.plates[platesSent++]!);
      fillThread.neighbour({ index, data: rows, position: position(index), bandPosition: bandPosition(index), shapes: starting, plates, readFrom: oldestUnwritten - windowFrames });
    };
    // Frames are given back to their pool once no one reads them: a neighbour when it leaves the window, a frame filled in
    // place once the encoder has it (it asks for the next only when the last is written: `pipeIntoMediaTool`).
    const framePool = new FramePool(rawFrameBytes(width, height, 'yuv420p'), 8, { shared: fillThread !== undefined });
    const decoded = this.#frames(rawVideoFramesArgs({ input: options.videoFile, pixelFormat: 'yuv420p' }), framePool, options.signal);
    // Neighbours need only the rows the masks can reach: copied out of each frame as it is decoded, `windowFrames` frames
    // before it is filled (the decoder runs that far ahead; one decoding serves both).
    const bandPool = band ? new FramePool(rawFrameBytes(width, band.rows, 'yuv420p'), 8, { shared: fillThread !== undefined }) : undefined;
    async function* erased(): AsyncGenerator<Uint8Array> {
      const window = new Map<number, NeighbourFrame>();
      let read = 0;
      let emitted = 0;
      /** Frame `index` filled on this thread (with cropped neighbours in place: the frame being filled is in no window, only its rows are). */
      const fillHere = async (index: number, current: NeighbourFrame): Promise<{ data: Uint8Array; stats: FillStats }> => {
        throwIfAborted(options.signal, engineId);
        return fillFrame(current, (offset) => (offset === 0 ? undefined : window.get(index + offset)), layout, settings, current.mask ? await plates.at(index) : undefined, band !== undefined);
      };
      /** Frame `index` filled (by either thread), counted, kept if asked, and its oldest neighbour let go. */
      const emit = (index: number, data: Uint8Array, masked: boolean, frameStats: FillStats): Uint8Array => {
        throwIfAborted(options.signal, engineId);
        stats.frames++;
        if (masked) stats.framesWithMasks++;
        stats.pixelsMasked += frameStats.masked;
        stats.pixelsFromNeighbours += frameStats.fromNeighbours;
        stats.pixelsFromScene! += frameStats.fromScene;
        stats.pixelsInpainted += frameStats.inpainted;
        keepFrame(index, data);
        // A neighbour leaving the window is free: a band is never emitted; a whole frame was emitted `windowFrames` frames ago
        // and written (a masked one as a filled copy). Without a window the frame leaving is this one: given back once written.
        // With two threads no frame left to fill reads it: both fill only frames after this one.
        const leaving = windowFrames > 0 ? window.get(index - windowFrames) : undefined;
        window.delete(index - windowFrames);
        if (leaving) (bandPool ?? framePool).give(leaving.data);
        masks.forgetUnused(window.values());
        settings.progress(ANALYSIS_SHARE + (Math.min(index + 1, expected) / expected) * (100 - ANALYSIS_SHARE - 1));
        return data;
      };
      if (band && bandPool) {
        // Whole frames decoded and not yet written (their rows are in the window already), oldest first. With the second thread
        // a masked frame whose neighbours are all decoded goes to it while it has room; this thread fills the others, and
        // while the oldest frame is still on the other thread it fills a later one rather than wait.
        interface Ahead {
          index: number;
          data: Uint8Array;
          current: NeighbourFrame;
          /** Filled (by this thread, or answered by the other). */
          stats?: FillStats;
          /** Sent to the other thread: its answer. */
          onThread?: Promise<FillStats>;
        }
        const ahead: Ahead[] = [];
        let decodedAll = false;
        const neighboursDecoded = (frame: Ahead) => decodedAll || frame.index + windowFrames < read;
        const waiting = (frame: Ahead) => frame.stats === undefined && frame.onThread === undefined && frame.current.mask !== undefined;
        const dispatch = () => {
          if (!fillThread) return;
          for (const frame of ahead) {
            if (fillThread.pending >= FILL_THREAD_QUEUE || !neighboursDecoded(frame)) break;
            if (!waiting(frame)) continue;
            const answer = fillThread.fill(frame.index, frame.data);
            // Settled here as soon as it comes (a failure is thrown where the frame is written).
            answer.then((stats) => (frame.stats = stats), () => undefined);
            frame.onThread = answer;
          }
        };
        const emitOldest = async function* () {
          const head = ahead[0]!;
          while (head.stats === undefined) {
            if (!head.onThread) {
              head.stats = (await fillHere(head.index, head.current)).stats;
              break;
            }
            const later = ahead.find((frame) => waiting(frame) && neighboursDecoded(frame));
            if (later) later.stats = (await fillHere(later.index, later.current)).stats;
            else head.stats = await head.onThread;
          }
          ahead.shift();
          yield emit(head.index, head.data, head.current.mask !== undefined, head.stats);
          framePool.give(head.data);
          dispatch();
        };
        for await (const data of decoded) {
          const index = read++;
          const rows = copyRows(data, layout, band.rowOffset, band.rows, bandPool.take());
          window.set(index, { data: rows, mask: masks.of(index), position: position(index), bandPosition: bandPosition(index), rowOffset: band.rowOffset, rows: band.rows });
          sendNeighbour(index, rows, ahead[0]?.index ?? index);
          ahead.push({ index, data, current: { data, mask: masks.of(index), position: position(index), bandPosition: bandPosition(index) } });
          dispatch();
          while (ahead.length > windowFrames + (fillThread ? FILL_AHEAD_FRAMES : 0)) yield* emitOldest();
        }
        decodedAll = true;
        dispatch();
        while (ahead.length > 0) yield* emitOldest();
        return;
      }
      const emitNext = async function* () {
        const frame = window.get(emitted)!;
        const index = emitted++;
        const { data, stats: frameStats } = await fillHere(index, frame);
        yield emit(index, data, frame.mask !== undefined, frameStats);
        if (windowFrames === 0) framePool.give(frame.data);
      };
      for await (const data of decoded) {
        window.set(read, { data, mask: masks.of(read), position: position(read), bandPosition: bandPosition(read) });
        read++;
        while (emitted <= read - 1 - windowFrames) yield* emitNext();
      }
      while (emitted < read) yield* emitNext();
    }
    const copyAudio = video.audioCodec === undefined || MP4_AUDIO_CODECS.includes(video.audioCodec);
    if (!copyAudio) settings.warnings.push({ type: 'other', message: `the audio (${video.audioCodec}) cannot go into an MP4 as it is: encoded to AAC` });
    try {
      await pipeIntoMediaTool(
        'ffmpeg',
        encodeRawVideoArgs({
          width,
          height,
          frameRate: video.frameRate,
          audioSource: options.videoFile,
          copyAudio,
          hasAudio: video.audioCodec !== undefined,
          output: options.outputFile,
          // Lines drawn over it: a finished video, at burned-in subtitles' quality (else an erased picture that may be encoded again).
          crf: settings.crf ?? (options.drawOver ? BURNED_SUBTITLES_CRF : undefined),
          subtitles: options.drawOver,
        }),
        erased(),
        { signal: options.signal },
      );
    } finally {
      await fillThread?.close();
      await keeping();
    }
    if (keepFailure) throw keepFailure.error;
    return stats;
  }

  async #delogo(options: InpaintOptions, video: VideoFacts, shapes: MaskShape[]): Promise<void> {
    const copyAudio = video.audioCodec === undefined || MP4_AUDIO_CODECS.includes(video.audioCodec);
    const regions = shapes.map((shape) => ({ ...shape.box, startSeconds: shape.firstFrame / video.frameRate, endSeconds: (shape.lastFrame + 0.5) / video.frameRate }));
    try {
      await runFfmpeg(
        delogoVideoArgs({ input: options.videoFile, output: options.outputFile, width: video.width, height: video.height, regions, copyAudio, hasAudio: video.audioCodec !== undefined, subtitles: options.drawOver, ...(options.drawOver ? { crf: BURNED_SUBTITLES_CRF } : {}) }),
        { signal: options.signal },
      );
    } catch (error) {
      if (error instanceof MediaProcessError && error.exitCode !== null && !error.isRetryable) throw new EngineInputError(`the video could not be erased: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
      throw error;
    }
  }
}

/** Frames handed to a tool's standard input as they come (`pipeIntoMediaTool` asks for each when it has written the last). */
class FrameQueue implements AsyncIterable<Uint8Array> {
  readonly #frames: Uint8Array[] = [];
  #ended = false;
  #wake: (() => void) | undefined;

  push(frame: Uint8Array): void {
    if (this.#ended) return;
    this.#frames.push(frame);
    this.#wake?.();
  }

  /** No more frames: the tool's input ends once those queued are written. */
  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      const frame = this.#frames.shift();
      if (frame) {
        yield frame;
        continue;
      }
      if (this.#ended) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}
