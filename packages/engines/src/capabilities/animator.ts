import type { EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';
import type { WordTiming } from './speech-synthesizer.ts';

export interface AnimateOptions extends EngineCallOptions {
  /** A portrait image (talking photo) or a video whose mouth is re-animated (lip sync). */
  source: { imageFile: string } | { videoFile: string };
  audioFile: string;
  /** Word (or phoneme) timings of the audio, when known; engines that need none ignore them. */
  words?: WordTiming[];
  outputFile: string;
  width?: number;
  height?: number;
}

export interface AnimateResult extends EngineResult {
  video: { file: string; width: number; height: number; durationSeconds: number; frameRate: number };
}

/** Image/video + audio + timings → video. */
export interface Animator {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doAnimate(options: AnimateOptions): Promise<AnimateResult>;
}
