import type { BoundingBox, EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';
import type { WordTiming } from './speech-synthesizer.ts';

/**
 * What speaks: a portrait photo (talking photo; `face` picks one when the photo has several), a
 * video whose mouth is re-animated (lip sync), or one of the engine's built-in illustrated avatars.
 */
export type AnimationSource = { imageFile: string; face?: BoundingBox } | { videoFile: string } | { avatarId: string; expression?: string };

export interface AnimateOptions extends EngineCallOptions {
  source: AnimationSource;
  /** The speech (any format ffmpeg reads); the video lasts as long as it. */
  audioFile: string;
  /** Word timings of the audio, when known (a synthesiser's); without them mouth shapes come from the audio alone. */
  words?: WordTiming[];
  /** The spoken text's language (visemes from its letters or pinyin); default from the words. */
  language?: string;
  outputFile: string;
  /** Size of the picture; default the photo's (or the avatar's) own, even numbers. */
  width?: number;
  height?: number;
  frameRate?: number;
}

export interface AnimateResult extends EngineResult {
  video: { file: string; width: number; height: number; durationSeconds: number; frameRate: number };
}

/**
 * Frames as they are made, for a compositor (scenes, backgrounds, captions) that streams them into
 * an encoder: never the whole video in memory. RGBA, `width × height × 4` bytes each, straight
 * (not premultiplied) alpha; a photo's frames are opaque, an illustrated avatar's are transparent
 * around it.
 */
export interface AnimatedFrames {
  width: number;
  height: number;
  frameRate: number;
  frameCount: number;
  frames: AsyncIterable<Uint8Array>;
  warnings: AnimateResult['warnings'];
}

/** Image/video/avatar + audio + timings → video. */
export interface Animator {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  /** The animation as an MP4 (H.264, the audio as AAC) at `outputFile`. */
  doAnimate(options: AnimateOptions): Promise<AnimateResult>;
  /** The animation as frames (local engines); remote engines leave it out and their file is decoded instead. */
  doAnimateFrames?(options: Omit<AnimateOptions, 'outputFile'>): Promise<AnimatedFrames>;
}
