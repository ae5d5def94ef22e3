import { describe, expect, it } from 'vitest';
import type { AudioSeparatorEngine } from '../engines/audio-separation-engines.port.ts';
import { separatorChoices } from './separator-choice.ts';

const engine = (over: Partial<AudioSeparatorEngine> & Pick<AudioSeparatorEngine, 'id' | 'stems'>): AudioSeparatorEngine => ({ name: over.id, location: 'local', description: '', qualityTier: 'standard', ...over });

describe('separatorChoices', () => {
  it('offers engines that make a voice and a background, an isolator’s accompaniment before a denoiser’s residual', () => {
    const choices = separatorChoices({
      separators: () => [
        engine({ id: 'rnnoise:rnnoise', stems: ['vocals', 'noise'] }),
        engine({ id: 'demucs:htdemucs', stems: ['vocals', 'accompaniment', 'noise'] }),
        engine({ id: 'denoise:only', stems: ['noise'] }),
        engine({ id: 'voice:only', stems: ['vocals'] }),
      ],
    });
    expect(choices.map((choice) => [choice.id, choice.background, choice.backgroundStem])).toEqual([
      ['rnnoise:rnnoise', 'residual', 'noise'],
      ['demucs:htdemucs', 'accompaniment', 'accompaniment'],
    ]);
  });

  it('prices a remote engine at premium and a local one at its own tier', () => {
    const choices = separatorChoices({
      separators: () => [
        engine({ id: 'elevenlabs:audio-isolation', location: 'remote', qualityTier: 'standard', stems: ['vocals', 'accompaniment'] }),
        engine({ id: 'rnnoise:rnnoise', qualityTier: 'basic', stems: ['vocals', 'noise'] }),
      ],
    });
    expect(choices.map((choice) => choice.tier)).toEqual(['premium', 'basic']);
  });
});
