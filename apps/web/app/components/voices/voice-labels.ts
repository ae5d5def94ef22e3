import type { VoiceView } from "@voxwork/contract";
import type { Locale, MessageKey } from "../../i18n/index";

/** A language tag's name in the page language (Intl), falling back to the tag itself. */
export function languageName(tag: string, locale: Locale): string {
  try {
    const names = new Intl.DisplayNames([locale === "zh" ? "zh-CN" : "en"], { type: "language", fallback: "code" });
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The honest quality badge of a voice: where it runs and how it sounds. */
export function qualityKey(voice: Pick<VoiceView, "location" | "qualityTier" | "status">): MessageKey {
  if (voice.status === "processing") return "voices.quality.processing";
  if (voice.status === "failed") return "voices.quality.failed";
  if (voice.location === "remote") return "voices.quality.remote";
  return voice.qualityTier === "basic" ? "voices.quality.localBasic" : voice.qualityTier === "standard" ? "voices.quality.localStandard" : "voices.quality.localPremium";
}

/** Languages offered where the user names one (dictionary, cloned voice), besides the page's own. */
export const COMMON_LANGUAGES = ["en", "zh", "ja", "ko", "fr", "de", "es", "it", "pt", "ru"] as const;
