import type { AudioFileOutput, EngineCallOptions, EngineId, EngineResult, LanguageTag } from './engine-common.ts';

export interface SynthesisVoice {
  /** The id to pass as `voice` (engine-specific; espeak: `en-us`, `en-us+f3`). */
  id: string;
  name: string;
  /** Languages the voice speaks, most specific first. */
  languages: LanguageTag[];
  gender: 'female' | 'male' | 'neutral' | undefined;
  /** A variant applied on top of a base voice (espeak `+f3`), when the id names one. */
  variant: string | undefined;
  engineId: EngineId;
  /** What a voice library shows, where the engine describes its voices (remote catalogues do). */
  description?: string;
  /** e.g. `American`, `British`. */
  accent?: string;
  /** e.g. `young`, `middle-aged`, `old`. */
  age?: string;
  /** A word or two on how it sounds, e.g. `warm`, `expressive`. */
  style?: string;
  /** e.g. `narration`, `conversational`, `social media`. */
  useCases?: string[];
  /** A short sample to play: a URL on the vendor's servers. */
  previewUrl?: string;
}

export interface WordTiming {
  text: string;
  startSeconds: number;
  endSeconds: number;
  /** Offsets into the input text, UTF-16 code units (into the markup for SSML). */
  charStart: number;
  charEnd: number;
}

export interface SynthesizeOptions extends EngineCallOptions {
  text: string;
  /** `ssml`: `<speak>` markup (`<break>`, `<prosody>`, `<say-as>` as far as the engine supports them). */
  textFormat?: 'plain' | 'ssml';
  voice: string;
  /** Language of the text, when it differs from the voice's first language (warning when unsupported). */
  language?: LanguageTag;
  /** Speaking rate as a multiple of the voice's normal rate, 0.5–2. */
  speed?: number;
  /** Pitch shift in semitones, −12…12. */
  pitchSemitones?: number;
  /** Gain as a multiple, 0–2. */
  volume?: number;
  /** A speaking style or instruction (remote engines); local engines warn. */
  style?: string;
  /** Where the audio goes. */
  outputFile: string;
  outputFormat?: AudioFileOutput['format'];
  /** Ask for word timings (default true); engines that have none warn. */
  wordTimings?: boolean;
}

export interface SynthesizeResult extends EngineResult {
  audio: AudioFileOutput;
  words: WordTiming[];
  /** True when `words` were estimated rather than reported by the synthesizer itself. */
  wordTimingsApproximate: boolean;
  response: { engineId: EngineId; voice: string };
}

/** Text → audio + word timings. */
export interface SpeechSynthesizer {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  listVoices(options?: { signal?: AbortSignal }): Promise<SynthesisVoice[]>;
  doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult>;
}
