import type { BoundingBox, EngineCallOptions, EngineId, EngineResult, TimeSpan } from './engine-common.ts';

/**
 * What a mask covers: `area` (the default) is the whole rectangle (a logo, a drawn region); `text`
 * is burned-in text inside the rectangle: an engine may remove only the text's own pixels (those
 * that stay while the picture around them moves) and keep the rest of the rectangle.
 */
export type InpaintMaskKind = 'area' | 'text';

export interface InpaintMask extends TimeSpan {
  box: BoundingBox;
  kind?: InpaintMaskKind;
}

/**
 * How the masked pixels are filled: `best` (the default) takes the background from neighbouring
 * frames where it shows through and inpaints the rest; `inpaint` inpaints every frame on its own;
 * `fast` is the quickest the engine has (ffmpeg's `delogo`).
 */
export type InpaintFill = 'best' | 'inpaint' | 'fast';

export interface InpaintOptions extends EngineCallOptions {
  videoFile: string;
  /** Areas to remove, each over a time span (e.g. from a `TextDetector`). */
  masks: InpaintMask[];
  outputFile: string;
  fill?: InpaintFill;
  /**
   * An ASS script drawn over the erased picture in the same encode (a translation drawn where the
   * erased lines were): the output is then a finished video, encoded once at the quality of burned-in
   * subtitles, not an intermediate to be encoded again.
   */
  drawOver?: string;
  /**
   * Frames of the erased picture (as erased, before anything is drawn over it) written as images
   * while the video is erased: the first frame at or after each `timeSeconds` (the frame a seek there
   * gives). A check of the erasure reads
   * them instead of seeking through the output, which may have lines drawn over it.
   */
  keepFrames?: Array<{ timeSeconds: number; imageFile: string }>;
  /** Called now and then with how much of the work is done (0–100). */
  onProgress?: (percent: number) => void;
}

/** How the masked pixels were filled, where the engine counts them. */
export interface InpaintStats {
  frames: number;
  framesWithMasks: number;
  /** Luma pixels changed, over every frame. */
  pixelsMasked: number;
  /** Of those, taken from neighbouring frames. */
  pixelsFromNeighbours: number;
  /** Of those, taken from the background of a still scene seen in farther frames (engines that do so). */
  pixelsFromScene?: number;
  /** Of those, inpainted. */
  pixelsInpainted: number;
}

export interface InpaintResult extends EngineResult {
  video: { file: string; durationSeconds: number };
  stats?: InpaintStats;
  /** The `keepFrames` images written (an engine that cannot keep frames writes none; `fast` does not). */
  keptFrames?: string[];
}

/** Video + masks → video with the masked areas filled. */
export interface Inpainter {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doInpaint(options: InpaintOptions): Promise<InpaintResult>;
}
