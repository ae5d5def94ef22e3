/**
 * What the speech tools need from the engine layer, in product terms. apps/server implements it
 * over the engine registry (local engines by default, remote ones when configured) and only wires
 * engines: which engine, voice, base voice or converter to use is decided in core
 * (`voices/voice-choice.ts`) and passed in by id; the voice library (names, personas, tiers) is
 * core's too (`voices/voice-library.ts`: the server gives the engines' own lists). Tests run it for real: the local engines are offline.
 */
import type { SpeechQualityTier, VoiceSound } from '@voxwork/contract';

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
  qualityTier: SpeechQualityTier;
  /** How it sounds (the web app describes the voice from it); missing: `neural` if remote, else `synthetic`. */
  sound?: VoiceSound;
  description: string;
  /** A sentence in the voice's own language for its preview sample. */
  previewText: string;
}

/** A selected speech synthesizer as the engine registry describes it. */
export interface SynthesizerDescription {
  id: string;
  /** For people: `eSpeak NG`, `Festival`. */
  name: string;
  location: 'local' | 'remote';
  description: string;
  /** The engine's own tier (the library gives each voice its own, `voices/voice-library.ts`). */
  qualityTier: SpeechQualityTier;
}

/** A voice as its engine lists it (remote catalogues describe theirs; local engines give an id, a name and languages). */
export interface EngineVoice {
  id: string;
  name: string;
  /** Most specific first. */
  languages: string[];
  gender: VoiceGender | undefined;
  accent?: string | undefined;
  /** The vendor's words (`young`, `middle aged`, `old`). */
  age?: string | undefined;
  style?: string | undefined;
  useCases?: string[] | undefined;
  description?: string | undefined;
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

/** The engine capabilities the speech tools use. */
export type SpeechCapability = 'speech-synthesizer' | 'voice-profiler' | 'voice-converter' | 'audio-separator' | 'language-identifier';

/** A configured engine (`vendor:model`) and where it runs. */
export interface SelectedEngine {
  id: string;
  location: 'local' | 'remote';
}

/** How a text is spoken. */
export interface SpeechSettings {
  /** The text's language when it differs from the voice's. */
  language?: string | undefined;
  speed: number;
  pitchSemitones: number;
  volume: number;
}

export interface SynthesisRequest extends SpeechSettings {
  engineId: string;
  voiceId: string;
  /** A cloned voice's profile: the voice `voiceId` is moved toward it (signal processing), not a neural clone. */
  profile?: Record<string, unknown> | undefined;
  text: string;
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

/** A voice profiler's reading of some recordings. */
export interface VoiceProfileReading {
  profile: Record<string, unknown>;
  speechSeconds: number;
  medianPitchHz: number | null;
  /** The profiler's own guess of the speaker's gender, when it makes one. */
  suggestedGender: 'female' | 'male' | null;
  /** Library voices the profiler suggests as a base (`vendor` = the part of an engine id before `:`). */
  suggestedBaseVoices: Array<{ vendor: string; voiceId: string }>;
  /** The vendor's voice id, when a remote profiler made a clone. */
  remoteVoiceId: string | null;
}

export interface SpeechEngines {
  /** The engines selected for a capability, the default first. */
  selected(capability: SpeechCapability): SelectedEngine[];
  /** Every voice of every selected synthesizer described for people, in engine order (`speechEnginesOver` builds it once from the engines' lists). */
  libraryVoices(): Promise<LibraryVoice[]>;
  synthesize(request: SynthesisRequest): Promise<SynthesisOutcome>;
  /** The language of a text, when a language identifier is selected and can tell. */
  identifyLanguage(text: string): Promise<{ language: string; confidence: number } | undefined>;
  measureRecording(file: string, signal?: AbortSignal): Promise<RecordingMeasurements>;
  profileVoice(request: { engineId: string; files: string[]; name?: string | undefined; signal?: AbortSignal | undefined }): Promise<VoiceProfileReading>;
  /** Removes a remote clone (when a voice is deleted); local profiles need nothing. */
  deleteRemoteVoice(remote: { engineId: string; voiceId: string }): Promise<void>;
  /**
   * Splits speech from the rest with the selected audio separator (the stems it made, as files);
   * undefined when no separator is selected.
   */
  separateSpeech(request: { input: string; speechOutput: string; backgroundOutput?: string | undefined; signal?: AbortSignal | undefined }): Promise<{ speech?: string | undefined; background?: string | undefined } | undefined>;
  /** Speech in `input` → the same speech in another voice (a remote voice id, or a profile), same timing. */
  convertVoice(request: { engineId: string; input: string; output: string; to: { voiceId: string } | { profile: Record<string, unknown> }; signal?: AbortSignal | undefined }): Promise<{ warnings: string[] }>;
}

/** What the server implements: the speech engines with the engines' own voice lists in place of the library (core's `speechEnginesOver` makes the library of them). */
export type SpeechEngineAdapter = Omit<SpeechEngines, 'libraryVoices'> & {
  /** Every selected synthesizer and the voices it lists, in engine order (an engine that fails to list is left out). */
  synthesizerVoices(): Promise<Array<{ synthesizer: SynthesizerDescription; voices: EngineVoice[] }>>;
};
