import type { EngineCallOptions, EngineId, EngineResult, TimeSpan } from './engine-common.ts';

export interface SpeechSegment extends TimeSpan {
  /** Mean speech probability of the frames inside the segment, 0–1. */
  probability: number;
}

export interface DetectVoiceActivityOptions extends EngineCallOptions {
  /** Any file ffmpeg can decode. */
  audioFile: string;
  /** Speech probability above which a frame starts speech (default 0.5). */
  threshold?: number;
  /** Shorter speech is dropped (default 250 ms). */
  minSpeechMs?: number;
  /** Silence shorter than this does not end a segment (default 100 ms). */
  minSilenceMs?: number;
  /** Added to both ends of each segment (default 30 ms). */
  speechPadMs?: number;
}

export interface DetectVoiceActivityResult extends EngineResult {
  segments: SpeechSegment[];
  /** Seconds of speech / seconds of audio, 0–1. */
  speechRatio: number;
  durationSeconds: number;
}

/** Audio → speech segments + speech ratio. */
export interface VoiceActivityDetector {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doDetect(options: DetectVoiceActivityOptions): Promise<DetectVoiceActivityResult>;
}
