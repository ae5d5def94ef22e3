import type { AudioFileOutput, EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';
import type { VoiceProfile } from './voice-profiler.ts';

export interface ConvertVoiceOptions extends EngineCallOptions {
  audioFile: string;
  /** A profile from a `VoiceProfiler`, or a voice id of the engine. */
  target: { profile: VoiceProfile } | { voice: string };
  outputFile: string;
  /** Keep the source's timing exactly (default true). */
  preserveTiming?: boolean;
}

export interface ConvertVoiceResult extends EngineResult {
  audio: AudioFileOutput;
}

/** Audio → the same speech in a target voice. */
export interface VoiceConverter {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doConvert(options: ConvertVoiceOptions): Promise<ConvertVoiceResult>;
}
