/**
 * The speakers at a pro video translation's review: the voice each speaks with in a target
 * language (or the language's one voice), and merging one speaker into another.
 */
import { useState } from "react";
import type { VideoTranslationReview } from "@voxwork/contract";
import { useT } from "../../i18n";
import { Button } from "../ui/button";
import { SelectedVoice } from "../voices/selected-voice";
import { useVoice } from "../voices/use-voice";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import type { ReviewTarget } from "./review-types";

/** `s2` → 2: speakers are numbered for people. */
export const speakerNumber = (speakerId: string) => Number(speakerId.replace(/^s/, "")) || 1;

const MATCH_ORIGINAL = "match-original";

/** Merge one speaker into another (the estimate split one voice in two): pick both, then merge. */
export function SpeakerMerge({ speakers, disabled, onMerge }: { speakers: VideoTranslationReview["speakers"]; disabled: boolean; onMerge: (from: string, into: string) => void }) {
  const t = useT();
  const [from, setFrom] = useState(speakers.at(-1)?.speakerId ?? "");
  const [into, setInto] = useState(speakers[0]?.speakerId ?? "");
  const name = (speakerId: string) => t("videoTranslation.review.speaker", { number: speakerNumber(speakerId) });
  const select = (value: string, onChange: (value: string) => void, label: string, testId: string) => (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} className="h-8 rounded-md border border-input bg-background px-2 text-sm" data-testid={testId}>
      {speakers.map((speaker) => (
        <option key={speaker.speakerId} value={speaker.speakerId}>
          {name(speaker.speakerId)}
        </option>
      ))}
    </select>
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="review-speaker-merge">
      <span>{t("videoTranslation.review.mergeLabel")}</span>
      {select(from, setFrom, t("videoTranslation.review.mergeFrom"), "merge-from")}
      <span>{t("videoTranslation.review.mergeInto")}</span>
      {select(into, setInto, t("videoTranslation.review.mergeIntoLabel"), "merge-into")}
      <Button type="button" variant="outline" size="sm" disabled={disabled || from === into} onClick={() => onMerge(from, into)} data-testid="merge-apply">
        {t("videoTranslation.review.merge")}
      </Button>
    </div>
  );
}

/**
 * The voice of one speaker of a target language (or of the whole language when one speaker
 * speaks): the voice that spoke, a way to choose another from the library, and "match the
 * original speaker". A further speaker nobody chose a voice for says it was chosen to suit them.
 */
export function ReviewVoice({
  target,
  speaker,
  summary,
  label,
  disabled,
  onChange,
}: {
  target: ReviewTarget;
  speaker: ReviewTarget["speakers"][number] | undefined;
  summary: VideoTranslationReview["speakers"][number] | undefined;
  label: string;
  disabled: boolean;
  onChange: (voiceKey: string) => void;
}) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const asked = speaker?.voiceKey ?? target.voiceKey;
  const matched = asked === MATCH_ORIGINAL;
  const shownKey = matched || asked === "auto" ? (speaker?.spokenVoiceKey ?? target.libraryVoiceKey) : asked;
  const { voice, state } = useVoice(shownKey);
  const facts = summary
    ? [
        summary.suggestedGender ? t(summary.suggestedGender === "female" ? "videoTranslation.review.speakerFemale" : "videoTranslation.review.speakerMale") : null,
        summary.medianPitchHz !== null ? t("videoTranslation.review.speakerPitch", { hz: Math.round(summary.medianPitchHz) }) : null,
        summary.totalSeconds > 0 ? t("videoTranslation.review.speakerSeconds", { seconds: Math.round(summary.totalSeconds) }) : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : "";
  return (
    <div className="grid gap-2" data-testid="review-voice" data-language={target.language} data-speaker={speaker?.speakerId ?? ""}>
      <span className="text-sm font-medium">
        {label}
        {facts ? <span className="font-normal text-muted-foreground"> · {facts}</span> : null}
      </span>
      <SelectedVoice voice={voice} state={state} onChoose={() => !disabled && setPicking(true)} testId="review-voice-selected" />
      {asked === "auto" ? <span className="text-xs text-muted-foreground">{t("videoTranslation.review.autoVoice")}</span> : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={matched}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked ? MATCH_ORIGINAL : (speaker?.spokenVoiceKey ?? target.libraryVoiceKey))}
          className="size-4 accent-[var(--vx-primary)]"
          data-testid="review-voice-match"
        />
        {t("videoTranslation.voices.matchOriginal")}
      </label>
      <VoicePickerDialog
        open={picking}
        onOpenChange={setPicking}
        selectedKey={shownKey}
        onSelect={(chosen) => onChange(chosen.key)}
        initialSearch={{ tab: "all", query: "", filters: { language: target.language } }}
      />
    </div>
  );
}
