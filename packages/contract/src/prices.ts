import type { SpeechQualityTier } from './voices/quality-tiers.ts';

/**
 * The one price table of the product's tools (points). The web shows live estimates from it; the
 * server charges from it. Each key belongs to one tool, which names it in its catalogue entry's
 * `priceKeys` in `tools/tool-jobs.ts` (`PriceKey` in `tools/tool-catalogue.ts` is a key of this table, and a key no tool
 * names fails typecheck). Engines of the premium tier (remote neural voices) cost more because
 * they cost us money per character.
 */
export const TOOL_PRICES = {
  /** `text-to-speech`: per 1,000 billable characters (started thousands are pro-rated, minimum 1 point). */
  ttsPer1000Characters: 10,
  /** `voice-cloning`: one cloned voice (analysis, preview, and the remote clone when an engine is configured). */
  voiceClone: 50,
  /** `speech-to-speech`: per minute of source audio (pro-rated per second, minimum 1 point). */
  stsPerMinute: 20,
  /** `video-translation`: per started minute of video and per target language. */
  videoTranslationPerMinute: 30,
  /** Multiplier by the quality tier of the voice's engine (every speech tool). */
  tierMultiplier: { basic: 1, standard: 1, premium: 3 } as const satisfies Record<SpeechQualityTier, number>,
} as const;

/** `text-to-speech`: the points for a script's billable characters at the best tier of its voices. */
export function ttsCost(billableCharacters: number, tier: SpeechQualityTier = 'basic'): number {
  if (billableCharacters <= 0) return 0;
  return Math.max(1, Math.ceil((billableCharacters / 1000) * TOOL_PRICES.ttsPer1000Characters * TOOL_PRICES.tierMultiplier[tier]));
}

/** `speech-to-speech`: the points for a recording's length at the target voice's tier. */
export function stsCost(durationSeconds: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0) return 0;
  return Math.max(1, Math.ceil((durationSeconds / 60) * TOOL_PRICES.stsPerMinute * TOOL_PRICES.tierMultiplier[tier]));
}

/** `voice-cloning`: the points for one cloned voice. */
export function voiceCloneCost(): number {
  return TOOL_PRICES.voiceClone;
}

/** `video-translation`: per started minute, per target language, at the best tier of the target voices. */
export function videoTranslationCost(durationSeconds: number, targetLanguages: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0 || targetLanguages <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * targetLanguages * TOOL_PRICES.videoTranslationPerMinute * TOOL_PRICES.tierMultiplier[tier];
}
