import type { EngineCallOptions, EngineId, EngineResult } from './engine-common.ts';

/** What a voice sounds like, as far as an engine can describe it; engine-specific data stays opaque. */
export interface VoiceProfile {
  engineId: EngineId;
  medianPitchHz: number | undefined;
  pitchRangeSemitones: number | undefined;
  speakingRateSyllablesPerSecond: number | undefined;
  /** Formant/spectral-envelope or embedding data, readable only by engines of the same id. */
  data: Record<string, unknown>;
  /** A remote engine's voice id (instant voice cloning), when one was created. */
  remoteVoiceId: string | undefined;
}

export interface ProfileVoiceOptions extends EngineCallOptions {
  /** Reference recordings of one speaker. */
  audioFiles: string[];
  name?: string;
}

export interface ProfileVoiceResult extends EngineResult {
  profile: VoiceProfile;
  /** Seconds of speech found in the references. */
  speechSeconds: number;
}

/** Reference audio → voice profile. */
export interface VoiceProfiler {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doProfile(options: ProfileVoiceOptions): Promise<ProfileVoiceResult>;
  /**
   * Engines that create a voice on a vendor's side (instant voice cloning) delete it here, e.g. when
   * its owner deletes the profile; deleting a voice that is already gone succeeds. Local engines
   * keep nothing remote and leave this out.
   */
  deleteRemoteVoice?(remoteVoiceId: string, options?: { signal?: AbortSignal }): Promise<void>;
}
