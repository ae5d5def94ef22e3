import type { SpeechQualityTier } from '@voxwork/contract';
import type { AudioSeparationEngines, AudioSeparatorEngine, SeparationStem } from '../engines/audio-separation-engines.port.ts';

/** A separator audio separation offers: it makes a voice and a background of some kind. */
export interface SeparatorChoice {
  id: string;
  name: string;
  location: 'local' | 'remote';
  description: string;
  /** Prices follow it: a remote engine is `premium`, a local one keeps its own tier. */
  tier: SpeechQualityTier;
  /** What the background is: music and effects (an isolator's), or what a denoiser removed. */
  background: 'accompaniment' | 'residual';
  /** The engine's stem written as the background. */
  backgroundStem: Exclude<SeparationStem, 'vocals'>;
}

/** The background stem an engine makes: an isolator's accompaniment, else a denoiser's residual (`noise`). */
export function backgroundStemOf(engine: Pick<AudioSeparatorEngine, 'stems'>): Exclude<SeparationStem, 'vocals'> | undefined {
  if (engine.stems.includes('accompaniment')) return 'accompaniment';
  if (engine.stems.includes('noise')) return 'noise';
  return undefined;
}

/**
 * The separators the tool offers, the default first: every selected engine that makes a voice and a
 * background — a speech isolator (voice + accompaniment) or a speech denoiser (voice + the residual
 * it removed).
 */
export function separatorChoices(engines: Pick<AudioSeparationEngines, 'separators'>): SeparatorChoice[] {
  return engines.separators().flatMap((engine) => {
    const backgroundStem = backgroundStemOf(engine);
    if (!engine.stems.includes('vocals') || !backgroundStem) return [];
    return [
      {
        id: engine.id,
        name: engine.name,
        location: engine.location,
        description: engine.description,
        tier: engine.location === 'remote' ? 'premium' : engine.qualityTier,
        background: backgroundStem === 'accompaniment' ? 'accompaniment' : 'residual',
        backgroundStem,
      },
    ];
  });
}
