import type { BoundingBox, EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';

export interface TrackedFace {
  /** Stable across frames for the same face. */
  trackId: number;
  timeSeconds: number;
  box: BoundingBox;
  /** Landmark points in pixels (68-point layout unless `landmarkLayout` says otherwise). */
  landmarks: Array<{ x: number; y: number }>;
  confidence: number;
}

export interface TrackFacesOptions extends EngineCallOptions {
  input: { videoFile: string; framesPerSecond?: number } | { imageFile: string };
  maxFaces?: number;
}

export interface TrackFacesResult extends EngineResult {
  faces: TrackedFace[];
  landmarkLayout: '68-point' | 'mesh-468';
}

/** Frames → faces with landmarks. */
export interface FaceTracker {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doTrack(options: TrackFacesOptions): Promise<TrackFacesResult>;
}
