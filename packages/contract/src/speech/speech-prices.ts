/**
 * The one price table of the speech tools (points). The web shows live estimates from it; the
 * server charges from it. Engines of the premium tier (remote neural voices) cost more because
 * they cost us money per character.
 */
export const SPEECH_PRICES = {
  /** Text to speech, per 1,000 billable characters (started thousands are pro-rated, minimum 1 point). */
  ttsPer1000Characters: 10,
  /** One cloned voice (analysis, preview, and the remote clone when an engine is configured). */
  voiceClone: 50,
  /** Speech to speech, per minute of source audio (pro-rated per second, minimum 1 point). */
  stsPerMinute: 20,
  /** Video translation, per started minute of video and per target language. */
  videoTranslationPerMinute: 30,
  /** Multiplier by engine quality tier. */
  tierMultiplier: { basic: 1, standard: 1, premium: 3 } as const,
} as const;

export type SpeechQualityTier = keyof typeof SPEECH_PRICES.tierMultiplier;

export function ttsCost(billableCharacters: number, tier: SpeechQualityTier = 'basic'): number {
  if (billableCharacters <= 0) return 0;
  return Math.max(1, Math.ceil((billableCharacters / 1000) * SPEECH_PRICES.ttsPer1000Characters * SPEECH_PRICES.tierMultiplier[tier]));
}

export function stsCost(durationSeconds: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0) return 0;
  return Math.max(1, Math.ceil((durationSeconds / 60) * SPEECH_PRICES.stsPerMinute * SPEECH_PRICES.tierMultiplier[tier]));
}

export function voiceCloneCost(): number {
  return SPEECH_PRICES.voiceClone;
}

/** Video translation: per started minute, per target language, at the best tier of the target voices. */
export function videoTranslationCost(durationSeconds: number, targetLanguages: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0 || targetLanguages <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * targetLanguages * SPEECH_PRICES.videoTranslationPerMinute * SPEECH_PRICES.tierMultiplier[tier];
}
