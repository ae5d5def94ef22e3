import { bestTier, ErrorCode, videoTranslationCost, videoTranslationSubtitlesCost, type CallData, type SpeechQualityTier, type UploadView } from "@voxwork/contract";
import type { videoTranslationOptionsCall } from "@voxwork/contract/client";

/**
 * What the video translator's form offers, computed from `/api/video-translation/options` by the
 * rules the server applies when it accepts a run (`packages/core/src/pipeline-stages/engine-choice.ts`):
 * a translator has a pair when its source and target match the languages' base tags (`*` = any),
 * the first one in the operator's order is used; a recogniser or subtitle reader knows a language
 * when it lists its base tag (or `*`). The server decides again on create; this only keeps the
 * form honest before anything is sent.
 */

export type VideoTranslationOptions = CallData<typeof videoTranslationOptionsCall>;
export type TextSourceChoice = "auto" | "speech" | "subtitles" | "subtitle-file";
export const TEXT_SOURCES: readonly TextSourceChoice[] = ["auto", "speech", "subtitles", "subtitle-file"];

/** Most target languages in one run (the contract's `MAX_TARGET_LANGUAGES`). */
export const MAX_TARGETS = 5;

/** Languages offered whatever is configured, so a missing pair shows as missing instead of not at all. */
export const COMMON_VIDEO_LANGUAGES = ["en", "zh", "es", "fr", "de", "ja", "ko", "pt", "ru", "it", "ar", "hi"] as const;

/** `en-US` → `en`; Mandarin's `cmn` counts as `zh` (voices name it so). */
export function baseLanguage(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? tag.toLowerCase();
  return base === "cmn" ? "zh" : base;
}

const matches = (offered: string, language: string) => offered === "*" || baseLanguage(offered) === baseLanguage(language);

/** `file`: the subtitle file given is already the translation, so no translator is needed for the pair. */
export type PairAvailability = { kind: "offline" | "remote"; translator: string } | { kind: "file" } | { kind: "unavailable" };

/** How `source → target` translates: the first translator with the pair, offline when it runs here. */
export function pairAvailability(translators: VideoTranslationOptions["translators"], source: string, target: string): PairAvailability {
  const translator = translators.find((offer) => offer.pairs.some((pair) => matches(pair.source, source) && matches(pair.target, target)));
  if (!translator) return { kind: "unavailable" };
  return { kind: translator.location === "local" ? "offline" : "remote", translator: translator.name };
}

const unique = (languages: Iterable<string>) => [...new Set([...languages].filter((language) => language !== "*").map(baseLanguage))];

/** Source languages: what the engines name as sources, then the common ones. */
export function sourceLanguages(options: VideoTranslationOptions): string[] {
  return unique([
    ...options.translators.flatMap((translator) => translator.pairs.map((pair) => pair.source)),
    ...options.recognizers.flatMap((engine) => engine.languages),
    ...options.textReaders.flatMap((engine) => engine.languages),
    ...COMMON_VIDEO_LANGUAGES,
  ]);
}

export interface TargetChoice {
  language: string;
  availability: PairAvailability;
  /** Some library voice speaks it (a dub needs a voice). */
  hasVoice: boolean;
  /** Both: a translator has the pair and a voice speaks it. */
  usable: boolean;
}

/**
 * Target languages for `source`: every language a translator reaches from it (offline first, then
 * remote), then the common languages it cannot reach (shown, not usable), never the source itself.
 */
export function targetChoices(options: VideoTranslationOptions, source: string, givenTranslation = false): TargetChoice[] {
  const reachable = options.translators.flatMap((translator) => translator.pairs.filter((pair) => matches(pair.source, source)).map((pair) => pair.target));
  const voices = new Set(options.voiceLanguages.map(baseLanguage));
  const choices = unique([...reachable, ...COMMON_VIDEO_LANGUAGES])
    .filter((language) => language !== baseLanguage(source))
    .map((language): TargetChoice => {
      // A subtitle file that is already the translation needs no translator: any language a voice speaks will do.
      const availability: PairAvailability = givenTranslation ? { kind: "file" } : pairAvailability(options.translators, source, language);
      const hasVoice = voices.has(language);
      return { language, availability, hasVoice, usable: availability.kind !== "unavailable" && hasVoice };
    });
  const rank = (choice: TargetChoice) => (!choice.usable ? 2 : choice.availability.kind === "offline" ? 0 : 1);
  return choices.map((choice, index) => ({ choice, index })).sort((a, b) => rank(a.choice) - rank(b.choice) || a.index - b.index).map(({ choice }) => choice);
}

/**
 * The languages `source` goes into offline (`es`, `ca`, …), for the missing-pair message: only
 * pairs from the source itself. (Falling back to every offline pair once showed a Chinese speaker
 * "sh → en", Apertium's Serbo-Croatian, as if it meant something for Chinese.)
 */
export function offlineTargetsFrom(options: VideoTranslationOptions, source: string): string[] {
  const targets = options.translators.filter((translator) => translator.location === "local").flatMap((translator) => translator.pairs.filter((pair) => pair.source !== "*" && matches(pair.source, source)).map((pair) => pair.target));
  return unique(targets);
}

export interface TextSourceState {
  available: boolean;
  /** The engine that would do it (speech: recogniser; subtitles: reader), for its location and name. */
  engine: VideoTranslationOptions["recognizers"][number] | undefined;
}

/** Which sources of text work for `source` (a subtitle file always does). */
export function textSourceStates(options: VideoTranslationOptions, source: string): Record<TextSourceChoice, TextSourceState> {
  const recognizer = options.recognizers.find((engine) => engine.languages.some((language) => matches(language, source)));
  const reader = options.textReaders.find((engine) => engine.languages.some((language) => matches(language, source)));
  return {
    auto: { available: Boolean(recognizer || reader), engine: reader ?? recognizer },
    speech: { available: Boolean(recognizer), engine: recognizer },
    subtitles: { available: Boolean(reader), engine: reader },
    "subtitle-file": { available: true, engine: undefined },
  };
}

/** The choice to keep or fall back to when the source language changes. */
export function usableTextSource(states: Record<TextSourceChoice, TextSourceState>, current: TextSourceChoice): TextSourceChoice {
  if (states[current].available) return current;
  return states.auto.available ? "auto" : "subtitle-file";
}

/** The estimate the page shows (the server's `videoTranslationCost`: started minutes × targets × price × best voice tier). */
export function estimatePoints(durationSeconds: number | null, targets: number, tiers: readonly SpeechQualityTier[], output: "dub" | "subtitles" | "both" = "dub"): number | null {
  if (durationSeconds == null || durationSeconds <= 0 || targets === 0) return null;
  // Subtitles only: no voice, one lower price per minute and language (the server's `videoTranslationRunCost`).
  if (output === "subtitles") return videoTranslationSubtitlesCost(durationSeconds, targets);
  return videoTranslationCost(durationSeconds, targets, bestTier(tiers.length ? [...tiers] : ["basic"]));
}

/** Runs left this month (`Infinity` when the plan has no limit). */
export function runsLeft(options: Pick<VideoTranslationOptions, "monthlyLimit" | "usedThisMonth">): number {
  return options.monthlyLimit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, options.monthlyLimit - options.usedThisMonth);
}

/** Longest subtitle file the create call takes (characters). */
export const SUBTITLE_FILE_MAX_CHARACTERS = 400_000;
export const SUBTITLE_FILE_EXTENSIONS = [".srt", ".vtt", ".ass", ".ssa"] as const;

export type SubtitleFileProblem = "type" | "empty" | "tooLarge";

/** Whether a chosen file can be sent as the subtitle file (the server parses it). */
export function subtitleFileProblem(name: string, text: string): SubtitleFileProblem | null {
  if (!SUBTITLE_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension))) return "type";
  if (!text.trim()) return "empty";
  if (text.length > SUBTITLE_FILE_MAX_CHARACTERS) return "tooLarge";
  return null;
}

/**
 * Why an uploaded file cannot be translated, as the server would refuse it on create (an error
 * catalogue code and its parameters), or null: not a video, no sound, longer than the plan allows.
 */
export function uploadProblem(upload: Pick<UploadView, "kind" | "hasAudio" | "durationSeconds">, maxVideoMinutes: number | null): { code: number; params: Record<string, number> } | null {
  if (upload.kind !== "video") return { code: ErrorCode.VIDEO_NOT_READABLE, params: {} };
  if (upload.hasAudio === false) return { code: ErrorCode.VIDEO_NO_AUDIO_TRACK, params: {} };
  const seconds = upload.durationSeconds ?? 0;
  if (maxVideoMinutes != null && seconds > maxVideoMinutes * 60) return { code: ErrorCode.VIDEO_TOO_LONG, params: { minutes: Math.round((seconds / 60) * 10) / 10, max: maxVideoMinutes } };
  return null;
}
