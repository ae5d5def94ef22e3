import { useState } from "react";
import { CheckIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { MAX_TARGETS, type TargetChoice } from "../../lib/translation/translation-choices";
import { languageName } from "../voices/voice-labels";
import { NoEngineForPair } from "./no-engine-for-pair";

const CHIP =
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-3.5";

/**
 * Target languages as toggle chips, each saying how it translates ("offline", "remote engine",
 * "from your file") or why it cannot ("needs an engine", "no voice yet"). Chips that cannot be
 * chosen stay focusable: pressing one explains why, and for a pair nothing translates, what works
 * instead (`NoEngineForPair`). With a subtitle file that is already the translation, one language.
 */
export function TargetLanguageChips({
  choices,
  selected,
  onChange,
  sourceLanguage,
  offlineTargets,
  single = false,
  onUseTranslationFile,
  mode,
  id,
}: {
  choices: readonly TargetChoice[];
  selected: readonly string[];
  onChange: (languages: string[]) => void;
  sourceLanguage: string;
  /** The languages the source translates into offline, for the missing-pair explanation. */
  offlineTargets: readonly string[];
  /** One language at a time (a subtitle file given as the translation): choosing one replaces the other. */
  single?: boolean;
  /** "Use a subtitle file in this language as the translation" from the missing-pair explanation. */
  onUseTranslationFile: (language: string) => void;
  mode: "quick" | "pro";
  /** Id of the group's label. */
  id: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [explanation, setExplanation] = useState<string | null>(null);
  const [missingPair, setMissingPair] = useState<string | null>(null);
  const name = (language: string) => languageName(language, locale);

  function explain(text: string | null) {
    setMissingPair(null);
    setExplanation(text);
  }

  function toggle(choice: TargetChoice) {
    const on = selected.includes(choice.language);
    if (on) {
      explain(null);
      return onChange(selected.filter((language) => language !== choice.language));
    }
    if (choice.availability.kind === "unavailable") {
      setExplanation(null);
      return setMissingPair(choice.language);
    }
    if (!choice.hasVoice) return explain(t("videoTranslation.languages.noVoiceMessage", { language: name(choice.language) }));
    if (single) {
      explain(null);
      return onChange([choice.language]);
    }
    if (selected.length >= MAX_TARGETS) return explain(t("videoTranslation.languages.tooMany", { max: MAX_TARGETS }));
    explain(null);
    onChange([...selected, choice.language]);
  }

  return (
    <div className="grid gap-2">
      <ul className="flex flex-wrap gap-2" aria-labelledby={id} data-testid="target-languages">
        {choices.map((choice) => {
          const on = selected.includes(choice.language);
          const state =
            choice.availability.kind === "unavailable"
              ? t("videoTranslation.languages.needsRemote")
              : !choice.hasVoice
                ? t("videoTranslation.languages.noVoice")
                : choice.availability.kind === "file"
                  ? t("videoTranslation.languages.fromFile")
                  : choice.availability.kind === "offline"
                    ? t("videoTranslation.languages.offline")
                    : t("videoTranslation.languages.remote");
          return (
            <li key={choice.language}>
              <button
                type="button"
                aria-pressed={on}
                aria-disabled={!choice.usable && !on}
                aria-label={t("videoTranslation.languages.chip", { language: name(choice.language), state: on ? `${state}, ${t("videoTranslation.languages.selected")}` : state })}
                onClick={() => toggle(choice)}
                data-testid="target-language"
                data-language={choice.language}
                data-availability={choice.usable ? choice.availability.kind : "unavailable"}
                className={cn(
                  CHIP,
                  on
                    ? "border-primary bg-primary text-primary-foreground"
                    : choice.usable
                      ? "border-border bg-surface text-foreground hover:border-primary"
                      : "border-dashed border-border bg-surface-muted/60 text-muted-foreground",
                )}
              >
                {on ? <CheckIcon aria-hidden="true" /> : null}
                <span className="font-medium">{name(choice.language)}</span>
                {/* The name is "Spanish, offline": the visible text must read the same (label in name). */}
                <span className="sr-only">, </span>
                <span aria-hidden="true" className={cn("text-xs", on ? "text-primary-foreground/80" : "text-muted-foreground")}>
                  {state}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {explanation ? (
        <p role="alert" className="text-sm text-destructive" data-testid="target-language-problem">
          {explanation}
        </p>
      ) : null}
      {missingPair && choices.some((choice) => choice.language === missingPair && choice.availability.kind === "unavailable") ? (
        <NoEngineForPair
          sourceLanguage={sourceLanguage}
          targetLanguage={missingPair}
          offlineTargets={offlineTargets}
          mode={mode}
          onUseTranslationFile={() => {
            setMissingPair(null);
            onUseTranslationFile(missingPair);
          }}
        />
      ) : null}
    </div>
  );
}
