/**
 * The background of a still scene, for what no neighbouring frame shows. Where the camera does not
 * move, the picture behind a subtitle line is visible in other frames of the scene (between lines,
 * or behind a shorter line) however far they are from the frame being filled: a line held for four
 * seconds has nothing within the neighbour window (±1.6 s) in its middle frames.
 *
 * The first pass hands every frame to a `ScenePlateBuilder`. A scene is a run of frames without a
 * cut whose camera stays within `STILL_TRAVEL` pixels of where it was at the run's start. For the
 * rows the masks can reach, each pixel keeps its last `SAMPLES` values seen with no mask over it
 * (every other frame); at the scene's end their median is the plate, cropped to the masks that
 * fall in the scene and written to a scratch file, so memory holds one scene's samples whatever
 * the video's length. The erase pass loads the plate of the scene it is in and fills from it what
 * the neighbours did not, when the plate agrees with the frame on a ring around the masks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameMask, MaskShape } from './erasure-masks.ts';
import type { Shift } from './global-motion.ts';
import type { YuvLayout } from './temporal-fill.ts';

/** Camera travel (pixels) from a scene's first frame within which the scene is still. */
export const STILL_TRAVEL = 1.5;
/** Mean absolute luma difference between consecutive frames (at the best shift, half size) above which there is a cut. */
export const CUT_RESIDUAL = 18;
/** Unmasked values kept per pixel (their median is the plate). */
const SAMPLES = 5;
/** A pixel is sampled on every `SAMPLE_STRIDE`-th frame of its scene. */
const SAMPLE_STRIDE = 2;
/** Pixels kept around the masks for the ring the plate is checked on. */
const PLATE_MARGIN = 10;

/** A luma rectangle [x0, x1) × [y0, y1), even bounds. */
export interface PlateRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The median background of one still scene over `region`, planar yuv420p, with which pixels it saw. */
export interface ScenePlate {
  firstFrame: number;
  lastFrame: number;
  region: PlateRegion;
  /** Y (region width × height), then U and V (half each way). */
  data: Uint8Array;
  /** Luma pixels seen without a mask (1). */
  seen: Uint8Array;
  /** Chroma pixels seen without a mask (1). */
  seenChroma: Uint8Array;
}

/** A plate on disk until its scene comes. */
export interface StoredPlate {
  firstFrame: number;
  lastFrame: number;
  region: PlateRegion;
  file: string;
}

const even = (value: number) => value - (value & 1);

/** The rows every mask can reach (with the plate margin), full width; undefined without masks. */
function bandOf(shapes: readonly MaskShape[], layout: YuvLayout): PlateRegion | undefined {
  if (shapes.length === 0) return undefined;
  const top = Math.min(...shapes.map((shape) => shape.box.y)) - PLATE_MARGIN;
  const bottom = Math.max(...shapes.map((shape) => shape.box.y + shape.box.height)) + PLATE_MARGIN;
  return { x0: 0, x1: even(layout.width), y0: Math.max(0, even(top)), y1: Math.min(even(layout.height), even(bottom + 1)) };
}

interface SceneSamples {
  firstFrame: number;
  lastFrame: number;
  position: Shift;
  luma: Uint8Array;
  lumaFilled: Uint8Array;
  chromaU: Uint8Array;
  chromaV: Uint8Array;
  chromaFilled: Uint8Array;
}

function median(values: Uint8Array, count: number, scratch: Uint8Array): number {
  for (let index = 0; index < count; index++) scratch[index] = values[index]!;
  const list = scratch.subarray(0, count).sort();
  return list[count >> 1]!;
}

/** Collects the still scenes' samples frame by frame and writes each scene's plate when it ends. */
export class ScenePlateBuilder {
  readonly plates: StoredPlate[] = [];
  readonly #shapes: readonly MaskShape[];
  readonly #layout: YuvLayout;
  readonly #band: PlateRegion | undefined;
  readonly #minFrames: number;
  readonly #directory: string;
  #scene: SceneSamples | undefined;
  #spare: SceneSamples | undefined;

  /** Scenes shorter than `minFrames` get no plate (the neighbour window covers them). Plates are written under `directory`. */
  constructor(shapes: readonly MaskShape[], layout: YuvLayout, options: { minFrames: number; directory: string }) {
    this.#shapes = shapes;
    this.#layout = layout;
    this.#band = bandOf(shapes, layout);
    this.#minFrames = options.minFrames;
    this.#directory = options.directory;
  }

  /** Frame `index` (whole picture, planar yuv420p), where the camera is, whether a cut came before it, and the masks over it (whole boxes). */
  async add(index: number, frame: Uint8Array, position: Shift, cut: boolean, mask: FrameMask | undefined): Promise<void> {
    const band = this.#band;
    if (!band) return;
    const scene = this.#scene;
    if (!scene || cut || Math.hypot(position.dx - scene.position.dx, position.dy - scene.position.dy) > STILL_TRAVEL) {
      await this.#close();
      this.#scene = this.#open(index, position);
    }
    const current = this.#scene!;
    current.lastFrame = index;
    // Every other frame from the scene's second: a panning camera starts a scene on every frame, and samples none.
    if ((index - current.firstFrame) % SAMPLE_STRIDE !== 1) return;
    const { width, chromaWidth, uOffset, vOffset } = this.#layout;
    const bandWidth = band.x1 - band.x0;
    const bandPixels = bandWidth * (band.y1 - band.y0);
    for (let y = band.y0; y < band.y1; y++) {
      for (let x = band.x0; x < band.x1; x++) {
        const at = y * width + x;
        if (mask?.luma[at]) continue;
        const local = (y - band.y0) * bandWidth + (x - band.x0);
        const filled = current.lumaFilled[local]!;
        current.luma[(filled % SAMPLES) * bandPixels + local] = frame[at]!;
        current.lumaFilled[local] = filled === 255 ? SAMPLES : filled + 1;
      }
    }
    const chromaBandWidth = bandWidth >> 1;
    const chromaPixels = chromaBandWidth * ((band.y1 - band.y0) >> 1);
    for (let y = band.y0 >> 1; y < band.y1 >> 1; y++) {
      for (let x = band.x0 >> 1; x < band.x1 >> 1; x++) {
        const at = y * chromaWidth + x;
        if (mask?.chroma[at]) continue;
        const local = (y - (band.y0 >> 1)) * chromaBandWidth + (x - (band.x0 >> 1));
        const filled = current.chromaFilled[local]!;
        const slot = (filled % SAMPLES) * chromaPixels + local;
        current.chromaU[slot] = frame[uOffset + at]!;
        current.chromaV[slot] = frame[vOffset + at]!;
        current.chromaFilled[local] = filled === 255 ? SAMPLES : filled + 1;
      }
    }
  }

  /** Ends the last scene; the plates are then all written. */
  async finish(): Promise<StoredPlate[]> {
    await this.#close();
    return this.plates;
  }

  #open(index: number, position: Shift): SceneSamples {
    // The buffers of the scene before are reused (only the counts need clearing): a panning camera opens a scene per frame.
    const spare = this.#spare;
    this.#spare = undefined;
    if (spare) {
      spare.lumaFilled.fill(0);
      spare.chromaFilled.fill(0);
      return { ...spare, firstFrame: index, lastFrame: index, position };
    }
    const band = this.#band!;
    const pixels = (band.x1 - band.x0) * (band.y1 - band.y0);
    const chroma = pixels >> 2;
    return {
      firstFrame: index,
      lastFrame: index,
      position,
      luma: new Uint8Array(pixels * SAMPLES),
      lumaFilled: new Uint8Array(pixels),
      chromaU: new Uint8Array(chroma * SAMPLES),
      chromaV: new Uint8Array(chroma * SAMPLES),
      chromaFilled: new Uint8Array(chroma),
    };
  }

  async #close(): Promise<void> {
    const scene = this.#scene;
    this.#scene = undefined;
    if (!scene) return;
    this.#spare = scene;
    if (scene.lastFrame - scene.firstFrame + 1 < this.#minFrames) return;
    const inScene = this.#shapes.filter((shape) => shape.firstFrame <= scene.lastFrame && shape.lastFrame >= scene.firstFrame);
    if (inScene.length === 0) return;
    const band = this.#band!;
    const region: PlateRegion = {
      x0: Math.max(band.x0, even(Math.min(...inScene.map((shape) => shape.box.x)) - PLATE_MARGIN)),
      x1: Math.min(band.x1, even(Math.max(...inScene.map((shape) => shape.box.x + shape.box.width)) + PLATE_MARGIN + 1)),
      y0: Math.max(band.y0, even(Math.min(...inScene.map((shape) => shape.box.y)) - PLATE_MARGIN)),
      y1: Math.min(band.y1, even(Math.max(...inScene.map((shape) => shape.box.y + shape.box.height)) + PLATE_MARGIN + 1)),
    };
    const plate = medianPlate(scene, band, region);
    const file = path.join(this.#directory, `plate-${scene.firstFrame}.yuv`);
    await writeFile(file, Buffer.concat([plate.data, plate.seen, plate.seenChroma]));
    this.plates.push({ firstFrame: scene.firstFrame, lastFrame: scene.lastFrame, region, file });
  }
}

function medianPlate(scene: SceneSamples, band: PlateRegion, region: PlateRegion): ScenePlate {
  const bandWidth = band.x1 - band.x0;
  const bandPixels = bandWidth * (band.y1 - band.y0);
  const width = region.x1 - region.x0;
  const height = region.y1 - region.y0;
  const data = new Uint8Array(width * height * 1.5);
  const seen = new Uint8Array(width * height);
  const seenChroma = new Uint8Array((width >> 1) * (height >> 1));
  const values = new Uint8Array(SAMPLES);
  const scratch = new Uint8Array(SAMPLES);
  for (let y = region.y0; y < region.y1; y++) {
    for (let x = region.x0; x < region.x1; x++) {
      const local = (y - band.y0) * bandWidth + (x - band.x0);
      const count = Math.min(SAMPLES, scene.lumaFilled[local]!);
      if (count === 0) continue;
      for (let sample = 0; sample < count; sample++) values[sample] = scene.luma[sample * bandPixels + local]!;
      const at = (y - region.y0) * width + (x - region.x0);
      data[at] = median(values, count, scratch);
      seen[at] = 1;
    }
  }
  const chromaBandWidth = bandWidth >> 1;
  const chromaPixels = chromaBandWidth * ((band.y1 - band.y0) >> 1);
  const chromaWidth = width >> 1;
  const uOffset = width * height;
  const vOffset = uOffset + chromaWidth * (height >> 1);
  for (let y = region.y0 >> 1; y < region.y1 >> 1; y++) {
    for (let x = region.x0 >> 1; x < region.x1 >> 1; x++) {
      const local = (y - (band.y0 >> 1)) * chromaBandWidth + (x - (band.x0 >> 1));
      const count = Math.min(SAMPLES, scene.chromaFilled[local]!);
      if (count === 0) continue;
      const at = (y - (region.y0 >> 1)) * chromaWidth + (x - (region.x0 >> 1));
      for (let sample = 0; sample < count; sample++) values[sample] = scene.chromaU[sample * chromaPixels + local]!;
      data[uOffset + at] = median(values, count, scratch);
      for (let sample = 0; sample < count; sample++) values[sample] = scene.chromaV[sample * chromaPixels + local]!;
      data[vOffset + at] = median(values, count, scratch);
      seenChroma[at] = 1;
    }
  }
  return { firstFrame: scene.firstFrame, lastFrame: scene.lastFrame, region, data, seen, seenChroma };
}

/** A plate written by the builder, read back when its scene comes. */
export async function loadPlate(stored: StoredPlate): Promise<ScenePlate> {
  const bytes = new Uint8Array(await readFile(stored.file));
  const width = stored.region.x1 - stored.region.x0;
  const height = stored.region.y1 - stored.region.y0;
  const dataLength = width * height * 1.5;
  return {
    firstFrame: stored.firstFrame,
    lastFrame: stored.lastFrame,
    region: stored.region,
    data: bytes.subarray(0, dataLength),
    seen: bytes.subarray(dataLength, dataLength + width * height),
    seenChroma: bytes.subarray(dataLength + width * height),
  };
}

/** The plate's luma at picture pixel (x, y), or undefined when the plate does not hold it or never saw it. */
export function plateLuma(plate: ScenePlate, x: number, y: number): number | undefined {
  const { x0, y0, x1, y1 } = plate.region;
  if (x < x0 || x >= x1 || y < y0 || y >= y1) return undefined;
  const at = (y - y0) * (x1 - x0) + (x - x0);
  return plate.seen[at] ? plate.data[at] : undefined;
}

/** The plate's U and V at picture chroma pixel (x, y), or undefined. */
export function plateChroma(plate: ScenePlate, x: number, y: number): [number, number] | undefined {
  const { x0, y0, x1, y1 } = plate.region;
  if (x < x0 >> 1 || x >= x1 >> 1 || y < y0 >> 1 || y >= y1 >> 1) return undefined;
  const width = x1 - x0;
  const height = y1 - y0;
  const chromaWidth = width >> 1;
  const at = (y - (y0 >> 1)) * chromaWidth + (x - (x0 >> 1));
  if (!plate.seenChroma[at]) return undefined;
  const uOffset = width * height;
  return [plate.data[uOffset + at]!, plate.data[uOffset + chromaWidth * (height >> 1) + at]!];
}

/**
 * The plate of the scene a frame is in, for frames asked in increasing order: read from disk when its scene starts (one in
 * memory). Plates are given in frame order, at once or (the second fill thread) each before its scene's first frame is asked
 * for; those of scenes passed are let go.
 */
export class ScenePlateReader {
  readonly #plates: StoredPlate[] = [];
  #plate: ScenePlate | undefined;

  constructor(plates: readonly StoredPlate[] = []) {
    for (const stored of plates) this.#plates.push(stored);
  }

  add(stored: StoredPlate): void {
    this.#plates.push(stored);
  }

  async at(index: number): Promise<ScenePlate | undefined> {
    while (this.#plates.length > 0 && this.#plates[0]!.lastFrame < index) this.#plates.shift();
    const stored = this.#plates[0];
    if (!stored || stored.firstFrame > index) return undefined;
    if (this.#plate?.firstFrame !== stored.firstFrame) this.#plate = await loadPlate(stored);
    return this.#plate;
  }
}
