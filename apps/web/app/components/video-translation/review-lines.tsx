/**
 * The line table at a pro video translation's review: the lines too long for their slot, each with
 * a way to it; and each line's times, speaker, a button to hear its dub over the picture, its
 * original and its translation edited in place (saved when a field is left), and how it fits, with
 * the fixes for a line too long.
 */
import { useEffect, useState, type KeyboardEvent } from "react";
import type { VideoTranslationReview } from "@voxwork/contract";
import { PauseIcon, PlayIcon, TriangleAlertIcon } from "lucide-react";
import { useLocale, usePlural, useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { formatLineTime } from "../../lib/translation/translation-result";
import { Button } from "../ui/button";
import { languageName } from "../voices/voice-labels";
import { speakerNumber } from "./review-speakers";
import type { ReviewEdits, ReviewLine, ReviewTarget, SourceLine } from "./review-types";
import { FitBadge } from "./translation-result";

/** The speaker menu's "a new speaker" choice (splits the line off). */
const NEW_SPEAKER = "__new__";

/** A text area that saves when it loses focus (or on Ctrl/⌘+Enter) if its text changed; Escape puts the saved text back. */
function LineEditor({ value, label, lang, disabled, onSave, testId }: { value: string; label: string; lang: string; disabled: boolean; onSave: (text: string) => void; testId: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const text = draft.trim();
    if (!text) setDraft(value);
    else if (text !== value) onSave(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(value);
    }
  };
  return (
    <textarea
      aria-label={label}
      lang={lang}
      value={draft}
      rows={2}
      maxLength={1000}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      data-testid={testId}
      className="min-h-14 w-full resize-y rounded-md border border-input bg-background px-2.5 py-1.5 text-sm leading-snug focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
    />
  );
}

/** The lines of `target` (named `targetName`) at the review; `playing` is the line whose dub plays. */
export function ReviewLines({
  jobId,
  review,
  target,
  targetName,
  disabled,
  playing,
  onPlay,
  onSave,
  onFit,
}: {
  jobId: string;
  review: VideoTranslationReview;
  target: ReviewTarget;
  targetName: string;
  disabled: boolean;
  playing: string | null;
  onPlay: (line: ReviewLine) => void;
  onSave: (edits: ReviewEdits) => void;
  onFit: (lineId: string, choice: "auto" | "borrow" | "overlap") => void;
}) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const sources = new Map(review.lines.map((line) => [line.id, line]));
  const sourceName = languageName(review.sourceLanguage, locale);
  const pending = review.pending;
  const speakerName = (speakerId: string) => t("videoTranslation.review.speaker", { number: speakerNumber(speakerId) });
  const lineLabel = (line: SourceLine) => line.id.replace(/^l0*/, "");

  /** Goes to a line of the table: scrolled into view, its translation ready to shorten. */
  function goToLine(lineId: string) {
    const row = document.querySelector<HTMLElement>(`[data-testid="review-line"][data-line="${lineId}"]`);
    row?.scrollIntoView({ block: "center" });
    row?.querySelector<HTMLTextAreaElement>('[data-testid="review-line-translation"]')?.focus();
  }
  const tooLong = target.lines.filter((line) => !line.pending && (line.fit === "overrun" || line.fit === "overlaps"));


  return (
    <section className="grid gap-2" aria-labelledby={`review-lines-${jobId}`}>
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 id={`review-lines-${jobId}`} className="text-sm font-semibold">
          {t("videoTranslation.result.lines")}
        </h3>
        <span className="text-xs text-muted-foreground">{t("videoTranslation.review.editHint")}</span>
      </div>
      {tooLong.length ? (
        <div className="grid gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm" role="status" data-testid="review-overruns" data-count={tooLong.length}>
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
            {tp("videoTranslation.review.overruns", tooLong.length)}
          </p>
          <ul className="flex flex-wrap gap-1.5">
            {tooLong.map((line) => {
              const source = sources.get(line.id);
              const number = source ? lineLabel(source) : line.id;
              return (
                <li key={line.id}>
                  <Button type="button" variant="outline" size="xs" className="tabular-nums" onClick={() => goToLine(line.id)} aria-label={t("videoTranslation.review.goToLine", { line: number })} data-testid="review-overrun" data-line={line.id}>
                    {t("videoTranslation.review.overrunItem", { line: number, seconds: (line.overrunSeconds ?? 0).toFixed(1) })}
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-muted-foreground">{t("videoTranslation.review.overrunsHint")}</p>
        </div>
      ) : null}
      <ol className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="review-lines">
        {target.lines.map((line) => {
          const source = sources.get(line.id);
          if (!source) return null;
          const number = lineLabel(source);
          return (
            <li
              key={line.id}
              className={cn("grid gap-2 p-3 desktop:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1fr)_11rem] desktop:items-start desktop:gap-3", line.pending && "bg-primary-soft/30")}
              data-testid="review-line"
              data-line={line.id}
              data-pending={line.pending}
            >
              <div className="flex items-center gap-2 desktop:grid desktop:justify-items-start desktop:gap-1">
                <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  <span className="sr-only">{t("videoTranslation.review.lineNumber", { line: number })} </span>
                  {formatLineTime(source.startSeconds)}–{formatLineTime(source.endSeconds)}
                </span>
                {review.speakers.length > 1 || source.speakerId !== "s1" ? (
                  <select
                    aria-label={t("videoTranslation.review.lineSpeaker", { line: number })}
                    value={source.speakerId}
                    disabled={disabled}
                    onChange={(event) => onSave({ speakers: { moves: [event.target.value === NEW_SPEAKER ? { lineId: line.id } : { lineId: line.id, speakerId: event.target.value }] } })}
                    className="h-7 rounded-md border border-input bg-background px-1.5 text-xs"
                    data-testid="review-line-speaker"
                  >
                    {review.speakers.map((speaker) => (
                      <option key={speaker.speakerId} value={speaker.speakerId}>
                        {speakerName(speaker.speakerId)}
                      </option>
                    ))}
                    <option value={NEW_SPEAKER}>{t("videoTranslation.review.newSpeaker")}</option>
                  </select>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  size="xs"
                  onClick={() => onPlay(line)}
                  disabled={line.pending || line.dubStartSeconds === null || !target.previewUrl}
                  aria-label={t(playing === line.id ? "videoTranslation.review.stop" : "videoTranslation.review.play", { line: number })}
                  aria-pressed={playing === line.id}
                  data-testid="review-line-play"
                >
                  {playing === line.id ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
                  {t("videoTranslation.review.listen")}
                </Button>
              </div>
              <LineEditor
                value={source.source}
                lang={review.sourceLanguage}
                label={t("videoTranslation.review.sourceLabel", { line: number, language: sourceName })}
                disabled={disabled}
                onSave={(text) => onSave({ lines: [{ id: line.id, source: text }] })}
                testId="review-line-source"
              />
              <LineEditor
                value={line.translation}
                lang={target.language}
                label={t("videoTranslation.review.translationLabel", { line: number, language: targetName })}
                disabled={disabled}
                onSave={(text) => onSave({ lines: [{ id: line.id, translations: { [target.language]: text } }] })}
                testId="review-line-translation"
              />
              <div className="flex flex-wrap items-center gap-1.5 desktop:grid desktop:justify-items-start">
                {line.pending ? (
                  <span className="inline-block rounded-full bg-primary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary-foreground" data-testid="review-line-pending">
                    {t("videoTranslation.review.pending")}
                  </span>
                ) : (
                  <FitBadge line={line} />
                )}
                {line.edited ? <span className="text-xs text-muted-foreground">{t("videoTranslation.review.edited")}</span> : null}
                {!line.pending && (line.fit === "overrun" || line.fit === "overlaps" || line.fitChoice) ? (
                  <select
                    aria-label={t("videoTranslation.review.fixLabel", { line: number })}
                    value={line.fitChoice ?? "auto"}
                    disabled={disabled || pending.lines > 0}
                    title={pending.lines > 0 ? t("videoTranslation.review.fixAfterRegenerate") : undefined}
                    onChange={(event) => onFit(line.id, event.target.value as "auto" | "borrow" | "overlap")}
                    className="h-7 w-full min-w-0 max-w-60 rounded-md border border-input bg-background px-1.5 text-xs"
                    data-testid="review-line-fix"
                  >
                    <option value="auto">{t("videoTranslation.review.fixAuto")}</option>
                    <option value="borrow">{t("videoTranslation.review.fixBorrow")}</option>
                    <option value="overlap">{t("videoTranslation.review.fixOverlap")}</option>
                  </select>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
