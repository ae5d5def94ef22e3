import { describe, expect, it } from 'vitest';
import { bestTier, bestVoicesFirst, tierRank } from './quality-tiers.ts';

describe('quality tiers', () => {
  it('ranks basic < standard < premium and picks the best of several', () => {
    expect([tierRank('basic'), tierRank('standard'), tierRank('premium')]).toEqual([0, 1, 2]);
    expect(bestTier([])).toBe('basic');
    expect(bestTier(['basic', 'standard', 'basic'])).toBe('standard');
    expect(bestTier(['standard', 'premium', 'basic'])).toBe('premium');
  });

  it('lists voices best first and keeps their order within a tier', () => {
    const voices = [
      { key: 'espeak/a', qualityTier: 'basic' as const },
      { key: 'festival/slt', qualityTier: 'standard' as const },
      { key: 'espeak/b', qualityTier: 'basic' as const },
      { key: 'remote/x', qualityTier: 'premium' as const },
      { key: 'festival/ca', qualityTier: 'standard' as const },
    ];
    expect(bestVoicesFirst(voices).map((voice) => voice.key)).toEqual(['remote/x', 'festival/slt', 'festival/ca', 'espeak/a', 'espeak/b']);
    expect(voices[0]!.key).toBe('espeak/a');
  });
});
