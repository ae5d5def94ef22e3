import type { AudioFileOutput, EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';

export type AudioStem = 'vocals' | 'accompaniment' | 'noise';

export interface SeparateAudioOptions extends EngineCallOptions {
  audioFile: string;
  /** Stem → output file; stems the engine cannot produce are warned about and left out. */
  outputs: Partial<Record<AudioStem, string>>;
}

export interface SeparateAudioResult extends EngineResult {
  stems: Partial<Record<AudioStem, AudioFileOutput>>;
}

/** Audio → stems (voice, background, noise). */
export interface AudioSeparator {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doSeparate(options: SeparateAudioOptions): Promise<SeparateAudioResult>;
}
