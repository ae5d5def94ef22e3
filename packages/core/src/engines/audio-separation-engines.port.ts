/**
 * What audio separation needs from the engine layer, in product terms: the separators set up here
 * and a recording split into a voice and a background. apps/server implements it over the engine
 * registry (`apps/server/src/engines/audio-separation-engines.ts`): every selected `audio-separator`
 * engine, speech denoisers included (video translation's `VideoEngines.separators()` leaves those
 * out: a denoiser's residual is no music bed for a dub, but it is an honest background stem here).
 */
import type { SpeechQualityTier } from '@voxwork/contract';

export interface AudioSeparationEngineOffer {
  id: string;
  /** For people: `RNNoise`, `ElevenLabs audio isolation`. */
  name: string;
  location: 'local' | 'remote';
  description: string;
  /** Prices follow it (remote engines are `premium`). */
  tier: SpeechQualityTier;
  /** What the background stem is: music and effects (an isolator's), or what a denoiser removed. */
  background: 'accompaniment' | 'residual';
}

export interface AudioSeparationEngines {
  /** The selected separators, the default first. */
  separators(): AudioSeparationEngineOffer[];
  /** Splits `audioFile` (WAV) into the voice and the background, each written as WAV. */
  separate(request: {
    engineId: string;
    audioFile: string;
    outputVoiceFile: string;
    outputBackgroundFile: string;
    signal?: AbortSignal | undefined;
  }): Promise<{ warnings: string[] }>;
}
