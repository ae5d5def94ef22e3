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
  textToSpeechPer1000Characters: 10,
  /** `voice-cloning`: one cloned voice (analysis, preview, and the remote clone when an engine is configured). */
  voiceClone: 50,
  /** `speech-to-speech`: per minute of source audio (pro-rated per second, minimum 1 point). */
  speechToSpeechPerMinute: 20,
  /** `video-translation`: per started minute of video and per target language. */
  videoTranslationPerMinute: 30,
  /** `video-translation`: per line spoken again after an edit at the review gate (pro), per target language. */
  videoTranslationPerLine: 2,
  /**
   * `video-translation` with `output: 'subtitles'`: per started minute and target language, no voice
   * (the lines read, translated, erased and drawn; the original voices kept). Below a dub: no speech
   * is synthesised or mixed.
   */
  videoTranslationSubtitlesPerMinute: 10,
  /** `video-erasure`: per started minute of video (the preview and finding the text are free). */
  videoErasurePerMinute: 10,
  /** `subtitle-burn-in`: per started minute of video (the picture is re-encoded once). */
  subtitleBurnInPerMinute: 2,
  /** `subtitle-extraction`: per started minute of video. */
  subtitleExtractionPerMinute: 2,
  /**
   * `audio-separation`: per started minute of audio (a video's first audio track) with a local
   * engine (RNNoise costs us CPU only: 0.03× real time on two cores). Remote engines are the
   * premium tier (`tierMultiplier`, ×3 = 9 points): ElevenLabs bills 1,000 credits per minute.
   */
  audioSeparationPerMinute: 3,
  /**
   * `avatar`: per second of video (rounded up) with the local animators (illustrated avatars, the
   * talking photo); a remote neural animator is the premium tier (×3). The free preview costs nothing.
   */
  avatarPerSecond: 1,
  /** `dubbing`: per 1,000 characters of source text translated with a local engine (pro-rated, minimum 1 point); a remote translator is the premium tier (×3). */
  dubbingTranslationPer1000Characters: 2,
  /** `dubbing`: per 1,000 characters spoken (pro-rated, minimum 1 point per run), at the voice's tier, as text to speech. */
  dubbingSynthesisPer1000Characters: 10,
  /** Multiplier by the quality tier of the voice's engine (every speech tool). */
  tierMultiplier: { basic: 1, standard: 1, premium: 3 } as const satisfies Record<SpeechQualityTier, number>,
} as const;

/** `text-to-speech`: the points for a script's billable characters at the best tier of its voices. */
export function textToSpeechCost(billableCharacters: number, tier: SpeechQualityTier = 'basic'): number {
  if (billableCharacters <= 0) return 0;
  return Math.max(1, Math.ceil((billableCharacters / 1000) * TOOL_PRICES.textToSpeechPer1000Characters * TOOL_PRICES.tierMultiplier[tier]));
}

/** `speech-to-speech`: the points for a recording's length at the target voice's tier. */
export function speechToSpeechCost(durationSeconds: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0) return 0;
  return Math.max(1, Math.ceil((durationSeconds / 60) * TOOL_PRICES.speechToSpeechPerMinute * TOOL_PRICES.tierMultiplier[tier]));
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

/** `video-translation` with `output: 'subtitles'` (new subtitles drawn, no dub): per started minute and target language. */
export function videoTranslationSubtitlesCost(durationSeconds: number, targetLanguages: number): number {
  if (durationSeconds <= 0 || targetLanguages <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * targetLanguages * TOOL_PRICES.videoTranslationSubtitlesPerMinute;
}

/** `video-translation`: points to speak `lines` lines again (review gate edits) in a voice of `tier`. */
export function videoTranslationLinesCost(lines: number, tier: SpeechQualityTier = 'basic'): number {
  return lines * TOOL_PRICES.videoTranslationPerLine * TOOL_PRICES.tierMultiplier[tier];
}

/** `video-erasure`: per started minute of video. */
export function videoErasureCost(durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * TOOL_PRICES.videoErasurePerMinute;
}

/** `subtitle-burn-in`: the points for burning subtitles into a video of this length. */
export function subtitleBurnInCost(durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * TOOL_PRICES.subtitleBurnInPerMinute;
}

/** `subtitle-extraction`: per started minute of video. */
export function subtitleExtractionCost(durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * TOOL_PRICES.subtitleExtractionPerMinute;
}

/** `audio-separation`: per started minute, at the separator's tier (remote engines are premium). */
export function audioSeparationCost(durationSeconds: number, tier: SpeechQualityTier = 'standard'): number {
  if (durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds / 60) * TOOL_PRICES.audioSeparationPerMinute * TOOL_PRICES.tierMultiplier[tier];
}

/** `avatar`: the points for a video of this length, at the animator's tier. */
export function avatarCost(durationSeconds: number, tier: SpeechQualityTier = 'basic'): number {
  if (durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds) * TOOL_PRICES.avatarPerSecond * TOOL_PRICES.tierMultiplier[tier];
}

/**
 * `avatar`: how long a script takes to say, estimated before it is spoken (for the cost frozen at
 * acceptance; the exact length is settled afterwards): about 14 characters a second in alphabetic
 * scripts and 4.5 in Chinese at normal speed, with a quarter more for pauses and slow voices.
 */
export function estimatedSpeechSeconds(text: string, speed = 1): number {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const other = text.replace(/\p{Script=Han}/gu, '').replace(/\s+/g, ' ').trim().length;
  return ((han / 4.5 + other / 14) / Math.max(0.5, speed)) * 1.25 + 0.5;
}

/** `dubbing`: the points for translating `characters` characters of source text with an engine of `tier` (remote engines: premium). */
export function dubbingTranslationCost(characters: number, tier: SpeechQualityTier = 'basic'): number {
  if (characters <= 0) return 0;
  return Math.max(1, Math.ceil((characters / 1000) * TOOL_PRICES.dubbingTranslationPer1000Characters * TOOL_PRICES.tierMultiplier[tier]));
}

/** `dubbing`: the points for speaking segments, given the characters spoken per voice tier. */
export function dubbingSynthesisCost(charactersByTier: Partial<Record<SpeechQualityTier, number>>): number {
  const raw = Object.entries(charactersByTier).reduce((sum, [tier, characters]) => sum + ((characters ?? 0) / 1000) * TOOL_PRICES.dubbingSynthesisPer1000Characters * TOOL_PRICES.tierMultiplier[tier as SpeechQualityTier], 0);
  return raw <= 0 ? 0 : Math.max(1, Math.ceil(raw));
}
