import type { BoundingBox, EngineCallOptions, EngineId, EngineResult, TimeSpan } from './engine-common.ts';

export interface InpaintMask extends TimeSpan {
  box: BoundingBox;
}

export interface InpaintOptions extends EngineCallOptions {
  videoFile: string;
  /** Areas to remove, each over a time span (e.g. from a `TextDetector`). */
  masks: InpaintMask[];
  outputFile: string;
}

export interface InpaintResult extends EngineResult {
  video: { file: string; durationSeconds: number };
}

/** Video + masks → video with the masked areas filled. */
export interface Inpainter {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doInpaint(options: InpaintOptions): Promise<InpaintResult>;
}
