import type { BoundingBox, EngineCallOptions, EngineId, EngineResult, LanguageTag, TimeSpan } from './engine-common.ts';

export interface DetectedTextBox extends TimeSpan {
  text: string;
  box: BoundingBox;
  confidence: number;
}

export interface DetectTextOptions extends EngineCallOptions {
  /** A video file, sampled at `framesPerSecond`, or still images with their times. */
  input: { videoFile: string; framesPerSecond?: number } | { frames: Array<{ imageFile: string; timeSeconds: number }> };
  languages?: LanguageTag[];
  /** Only this part of the picture (e.g. the subtitle band), in pixels. */
  region?: BoundingBox;
}

export interface DetectTextResult extends EngineResult {
  /** Identical text in consecutive frames is merged into one timed box. */
  boxes: DetectedTextBox[];
  frameWidth: number;
  frameHeight: number;
}

/** Frames → timed text boxes (OCR of burned-in subtitles). */
export interface TextDetector {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doDetect(options: DetectTextOptions): Promise<DetectTextResult>;
}
