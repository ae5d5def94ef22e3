/**
 * What the speech tools need from the engine layer, in product terms. apps/server implements it
 * over the engine registry (local engines by default, remote ones when configured); tests can run
 * it for real because the local engines are offline.
 */

export type VoiceGender = 'female' | 'male' | 'neutral';
export type VoiceAge = 'child' | 'young' | 'adult' | 'senior';

/** A voice of the library (one voice of one configured synthesizer), described for people. */
export interface LibraryVoice {
  /** `<engine id>/<voice id>`. */
  key: string;
  engineId: string;
  voiceId: string;
  name: string;
  language: string;
  languages: string[];
  accent: string | null;
  gender: VoiceGender | null;
  age: VoiceAge | null;
  style: string | null;
  useCases: string[];
  engineName: string;
  location: 'local' | 'remote';
  qualityTier: 'basic' | 'standard' | 'premium';
  description: string;
  /** A sentence in the voice's own language for its preview sample. */
  previewText: string;
}

/** Who speaks: a library voice, or a user's cloned voice (a profile over a base voice, and/or a remote clone). */
export type VoiceTarget =
  | { kind: 'library'; voiceKey: string; engineId: string; voiceId: string; language: string; qualityTier: LibraryVoice['qualityTier'] }
  | {
      kind: 'cloned';
      voiceKey: string;
      clonedVoiceId: string;
      language: string;
      profile: Record<string, unknown>;
      baseVoiceKey: string;
      remote: { engineId: string; voiceId: string } | null;
      qualityTier: LibraryVoice['qualityTier'];
    };

export interface SpokenWord {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SynthesisRequest {
  target: VoiceTarget;
  text: string;
  /** The text's language when it differs from the voice's. */
  language?: string | undefined;
  speed: number;
  pitchSemitones: number;
  volume: number;
  /** A 16-bit mono WAV at `sampleRate` is written here. */
  outputFile: string;
  /** The rate jobs assemble at; left out, the engine's own rate is kept (no resampling: the first-sentence preview). */
  sampleRate?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface SynthesisOutcome {
  durationSeconds: number;
  words: SpokenWord[];
  wordTimingsApproximate: boolean;
  warnings: string[];
}

/** Measurements of a recording offered for cloning (the service decides what is acceptable). */
export interface RecordingMeasurements {
  hasAudio: boolean;
  durationSeconds: number;
  speechSeconds: number;
  loudnessLufs: number | null;
  /** Share of samples at or near full scale. */
  clippingRatio: number;
  medianPitchHz: number | null;
}

export interface ClonedVoiceAnalysis {
  profile: Record<string, unknown>;
  speechSeconds: number;
  medianPitchHz: number | null;
  gender: VoiceGender | null;
  /** The library voice the profile is rendered with. */
  baseVoiceKey: string;
  /** A remote engine's clone, when a remote profiler is configured. */
  remote: { engineId: string; voiceId: string } | null;
}

export interface SpeechRuntime {
  /** Every voice of every configured synthesizer (cached by the implementation). */
  libraryVoices(): Promise<LibraryVoice[]>;
  synthesize(request: SynthesisRequest): Promise<SynthesisOutcome>;
  /** The language of a text, when it can tell. */
  identifyLanguage(text: string): Promise<{ language: string; confidence: number } | undefined>;
  /** Decodes any audio/video file to 16-bit mono WAV at `sampleRate` (loudness-normalised when asked). */
  decodeAudio(request: { input: string; output: string; sampleRate: number; normalize?: boolean; signal?: AbortSignal | undefined }): Promise<{ durationSeconds: number }>;
  measureRecording(file: string, signal?: AbortSignal): Promise<RecordingMeasurements>;
  analyseVoice(request: { files: string[]; name: string; language: string; signal?: AbortSignal | undefined }): Promise<ClonedVoiceAnalysis>;
  /** Removes a remote clone (when a voice is deleted); local profiles need nothing. */
  deleteRemoteVoice(remote: { engineId: string; voiceId: string }): Promise<void>;
  /** Speech in `input` (16-bit mono WAV) → the same speech in the target voice, same duration. */
  convert(request: { input: string; output: string; sampleRate: number; target: VoiceTarget; denoise: boolean; keepBackground: boolean; signal?: AbortSignal | undefined }): Promise<{ durationSeconds: number; warnings: string[] }>;
  /** Encodes a WAV to the delivery format. */
  encode(request: { input: string; output: string; format: 'mp3' | 'wav'; signal?: AbortSignal | undefined }): Promise<void>;
}
