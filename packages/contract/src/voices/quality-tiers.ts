/** A voice's quality tier (`VoiceView.qualityTier`): the library's order and the prices' multiplier follow it. */
export type SpeechQualityTier = 'basic' | 'standard' | 'premium';

/**
 * The one order of the voices' quality tiers (worst to best), shared by the server and the browser:
 * the voice library lists the best voices first, language detection suggests the best voice, a
 * cloned voice's base voice is the best one that fits, and a script is priced at the best tier of
 * the voices it uses.
 */
const TIER_RANK: { readonly [T in SpeechQualityTier]: number } = { basic: 0, standard: 1, premium: 2 };

export const tierRank = (tier: SpeechQualityTier): number => TIER_RANK[tier];

/** The best of some tiers (`basic` when there are none). */
export function bestTier(tiers: Iterable<SpeechQualityTier>): SpeechQualityTier {
  let best: SpeechQualityTier = 'basic';
  for (const tier of tiers) if (TIER_RANK[tier] > TIER_RANK[best]) best = tier;
  return best;
}

/** Voices sorted best tier first; within a tier they keep their order (the sort is stable). */
export function bestVoicesFirst<T extends { qualityTier: SpeechQualityTier }>(voices: readonly T[]): T[] {
  return [...voices].sort((a, b) => TIER_RANK[b.qualityTier] - TIER_RANK[a.qualityTier]);
}
