/**
 * What audio separation needs from the engine layer: the separators set up here and a recording
 * split into a voice and a background stem. apps/server implements it over the engine registry
 * (`apps/server/src/engines/audio-separation-engines.ts`): every selected `audio-separator` engine
 * as it is, speech denoisers included (video translation's `VideoEngines.separators()` leaves those
 * out: a denoiser's residual is no music bed for a dub, but it is an honest background stem here).
 * Which engines the tool offers, their tier and which stem is the background are decided in core
 * (`audio-separation/separator-choice.ts`).
 */
import type { SpeechQualityTier } from '@voxwork/contract';

/** A stem a separator can write: the voice, music and effects (an isolator's), or what a denoiser removed. */
export type SeparationStem = 'vocals' | 'accompaniment' | 'noise';

/** A selected `audio-separator` engine as the registry describes it (which of them the tool offers is core's: `audio-separation/separator-choice.ts`). */
export interface AudioSeparatorEngine {
  id: string;
  /** For people: `RNNoise`, `ElevenLabs audio isolation`. */
  name: string;
  location: 'local' | 'remote';
  description: string;
  /** The engine's own quality tier. */
  qualityTier: SpeechQualityTier;
  /** The stems it can write. */
  stems: readonly SeparationStem[];
}

export interface AudioSeparationEngines {
  /** The selected separators, the default first. */
  separators(): AudioSeparatorEngine[];
  /** Splits `audioFile` (WAV) into the voice and the background stem asked for, each written as WAV. */
  separate(request: {
    engineId: string;
    audioFile: string;
    outputVoiceFile: string;
    /** Which of the engine's stems is the background. */
    backgroundStem: Exclude<SeparationStem, 'vocals'>;
    outputBackgroundFile: string;
    signal?: AbortSignal | undefined;
  }): Promise<{ warnings: string[] }>;
}
