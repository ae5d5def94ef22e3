/** Shapes shared by every capability interface (version v1). */

/** `vendor:model`, e.g. `espeak:espeak-ng`, `silero:vad-v4`, `openai:gpt-4o-mini-tts`. */
export type EngineId = `${string}:${string}`;

/**
 * Something the engine could not honour exactly. Engines never throw for an option they do not
 * support: they ignore or approximate it and say so here (Vercel AI SDK's call warnings).
 */
export type EngineWarning =
  | { type: 'unsupported-option'; option: string; details?: string }
  | { type: 'approximated-option'; option: string; details: string }
  | { type: 'approximate-output'; output: string; details: string }
  | { type: 'other'; message: string };

/** Wall-clock figures of one call, where the engine can measure them. */
export interface EngineTimings {
  totalMs: number;
  /** Named parts of the work, e.g. `{ decodeMs, inferenceMs }`. */
  stepsMs?: Record<string, number>;
}

/** Options every `do*` call takes. */
export interface EngineCallOptions {
  /** Ends the work: child processes are killed, model loops stop; the call rejects with `EngineAbortedError`. */
  signal?: AbortSignal;
  /** Vendor-specific options keyed by vendor (`{ espeak: { wordGap: 2 } }`); other vendors' keys are ignored. */
  providerOptions?: Record<string, Record<string, unknown>>;
}

/** Every result carries the warnings of its call. */
export interface EngineResult {
  warnings: EngineWarning[];
  timings?: EngineTimings;
  response: { engineId: EngineId };
}

/** Audio written by an engine to a file the caller named. */
export interface AudioFileOutput {
  file: string;
  format: 'wav' | 'mp3' | 'ogg' | 'flac' | 'pcm';
  sampleRate: number;
  channels: number;
  durationSeconds: number;
}

/** A span of time in seconds from the start of a medium. */
export interface TimeSpan {
  startSeconds: number;
  endSeconds: number;
}

/** BCP-47 language tag, lower-case (`en-us`, `cmn`, `zh`, `yue`). */
export type LanguageTag = string;

export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
