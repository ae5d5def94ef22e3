import { useEffect, useRef, useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { voiceListCall } from "@voxwork/contract/client";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { Button } from "../ui/button";
import { SelectedVoice } from "../voices/selected-voice";
import { languageName, qualityKey } from "../voices/voice-labels";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";

/**
 * The voice the server gives a language when none is chosen: the library lists the best voices
 * first, so it is the first library voice (not a clone) speaking the language. Read once per
 * language; `null` while unknown or when none speaks it.
 */
export function useBestVoices(languages: readonly string[]): Record<string, VoiceView | null> {
  const api = useApiClient();
  const signedIn = isSignedIn(useCurrentUser());
  const [best, setBest] = useState<Record<string, VoiceView | null>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!signedIn) return;
    for (const language of languages) {
      if (asked.current.has(language)) continue;
      asked.current.add(language);
      api.call(voiceListCall, { tab: "all", language, pageSize: 10 }).then(
        (page) => setBest((current) => ({ ...current, [language]: page.list.find((voice) => !voice.cloned && voice.status === "ready") ?? null })),
        () => asked.current.delete(language),
      );
    }
  }, [api, signedIn, languages]);
  return best;
}

/**
 * A voice per target language: "best voice for the language" unless the user picks one from the
 * library or their cloned voices, in a picker filtered to that language.
 */
export function TargetVoices({
  languages,
  chosen,
  best,
  onChange,
  matched,
  onMatchChange,
}: {
  languages: readonly string[];
  chosen: Readonly<Record<string, VoiceView>>;
  best: Readonly<Record<string, VoiceView | null>>;
  onChange: (language: string, voice: VoiceView | null) => void;
  /** Languages dubbed in the original speaker's measured voice (the choice above is then its fallback). */
  matched: ReadonlySet<string>;
  onMatchChange: (language: string, match: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [picking, setPicking] = useState<string | null>(null);
  // The picker's language outlives its closing, so closing does not remount it (focus goes back to its opener).
  const [pickerLanguage, setPickerLanguage] = useState("");
  const pick = (language: string) => {
    setPickerLanguage(language);
    setPicking(language);
  };
  return (
    <>
      <ul className="grid gap-3" data-testid="target-voices">
        {languages.map((language) => {
          const name = languageName(language, locale);
          const voice = chosen[language];
          const fallback = best[language];
          return (
            <li key={language} className="grid gap-1.5" data-testid="target-voice" data-language={language}>
              <span className="text-sm font-medium">{t("videoTranslation.voices.forLanguage", { language: name })}</span>
              {voice ? (
                <div className="grid gap-1">
                  <SelectedVoice voice={voice} onChoose={() => pick(language)} testId="target-voice-selected" />
                  <Button type="button" variant="link" size="xs" className="justify-self-start px-0" onClick={() => onChange(language, null)}>
                    {t("videoTranslation.voices.useBest")}
                  </Button>
                </div>
              ) : (
                <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-surface p-3">
                  <div className="min-w-40 flex-1">
                    <p className="text-sm font-medium">{t("videoTranslation.voices.best", { language: name })}</p>
                    {fallback ? (
                      <p className="text-xs break-words text-muted-foreground">
                        {t("videoTranslation.voices.bestNamed", { name: fallback.name })} · {t(qualityKey(fallback))}
                      </p>
                    ) : null}
                  </div>
                  <Button type="button" variant="outline" size="sm" onClick={() => pick(language)} data-testid="target-voice-choose">
                    {t("videoTranslation.voices.choose")}
                  </Button>
                </div>
              )}
              <label className="grid gap-0.5 text-sm">
                <span className="flex items-center gap-2">
                  <input type="checkbox" checked={matched.has(language)} onChange={(event) => onMatchChange(language, event.target.checked)} className="size-4 accent-[var(--vx-primary)]" data-testid="target-voice-match" />
                  {t("videoTranslation.voices.matchOriginal")}
                </span>
                <span className="pl-6 text-xs text-muted-foreground">{t("videoTranslation.voices.matchOriginalHint")}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <VoicePickerDialog
        key={pickerLanguage}
        open={picking !== null}
        onOpenChange={(open) => !open && setPicking(null)}
        selectedKey={picking ? chosen[picking]?.key : undefined}
        onSelect={(voice) => picking && onChange(picking, voice)}
        initialSearch={{ tab: "all", query: "", filters: pickerLanguage ? { language: pickerLanguage } : {} }}
      />
    </>
  );
}
