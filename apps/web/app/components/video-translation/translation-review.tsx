import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { JobView, UploadView, VideoTranslationReview } from "@voxwork/contract";
import { videoTranslationApproveCall, videoTranslationFitCall, videoTranslationRegenerateCall, videoTranslationReviewCall, videoTranslationReviewSaveCall } from "@voxwork/contract/client";
import { CheckIcon, PauseIcon, PlayIcon, PlusIcon, RefreshCwIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { refreshAccount } from "../../lib/session";
import { cn } from "../../lib/utils";
import { formatLineTime, sharedVoices } from "../../lib/translation/translation-result";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { SelectedVoice } from "../voices/selected-voice";
import { useVoice } from "../voices/use-voice";
import { languageName } from "../voices/voice-labels";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { crossOriginOf, FitBadge, LanguageSwitch } from "./translation-result";
import { DrawnLineStills } from "./drawn-line-stills";

type ReviewTarget = VideoTranslationReview["targets"][number];
type ReviewLine = ReviewTarget["lines"][number];
type SourceLine = VideoTranslationReview["lines"][number];
type Edits = {
  lines?: Array<{ id: string; source?: string; translations?: Record<string, string> }>;
  voices?: Record<string, string>;
  speakerVoices?: Record<string, Record<string, string>>;
  speakers?: { merges?: Array<{ from: string; into: string }>; moves?: Array<{ lineId: string; speakerId?: string }> };
  glossary?: Array<{ source: string; target: string }>;
};

/** `s2` → 2: speakers are numbered for people. */
const speakerNumber = (speakerId: string) => Number(speakerId.replace(/^s/, "")) || 1;

const MATCH_ORIGINAL = "match-original";
/** The speaker menu's "a new speaker" choice (splits the line off). */
const NEW_SPEAKER = "__new__";

/** Merge one speaker into another (the estimate split one voice in two): pick both, then merge. */
function SpeakerMerge({ speakers, disabled, onMerge }: { speakers: VideoTranslationReview["speakers"]; disabled: boolean; onMerge: (from: string, into: string) => void }) {
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

/**
 * The voice of one speaker of a target language (or of the whole language when one speaker
 * speaks): the voice that spoke, a way to choose another from the library, and "match the
 * original speaker". A further speaker nobody chose a voice for says it was chosen to suit them.
 */
function ReviewVoice({
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
  const voice = useVoice(shownKey);
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
      <SelectedVoice voice={voice} onChoose={() => !disabled && setPicking(true)} testId="review-voice-selected" />
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

/** The glossary: terms always translated the same way; applying it translates again the lines holding a changed term. */
function GlossaryEditor({ glossary, disabled, onApply }: { glossary: VideoTranslationReview["glossary"]; disabled: boolean; onApply: (glossary: VideoTranslationReview["glossary"]) => void }) {
  const t = useT();
  const [rows, setRows] = useState(glossary.length ? glossary : [{ source: "", target: "" }]);
  useEffect(() => setRows(glossary.length ? glossary : [{ source: "", target: "" }]), [glossary]);
  const complete = rows.filter((row) => row.source.trim() && row.target.trim()).map((row) => ({ source: row.source.trim(), target: row.target.trim() }));
  const changed = JSON.stringify(complete) !== JSON.stringify(glossary);
  const update = (index: number, field: "source" | "target", value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  return (
    <details className="rounded-xl border border-border bg-surface p-3" data-testid="review-glossary">
      <summary className="cursor-pointer text-sm font-medium">{t("videoTranslation.review.glossary", { count: glossary.length })}</summary>
      <p className="mt-2 text-xs text-muted-foreground">{t("videoTranslation.review.glossaryHint")}</p>
      <ul className="mt-3 grid gap-2">
        {rows.map((row, index) => (
          <li key={index} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
            <Input aria-label={t("videoTranslation.review.glossarySource")} placeholder={t("videoTranslation.review.glossarySource")} value={row.source} maxLength={200} onChange={(event) => update(index, "source", event.target.value)} data-testid="glossary-source" />
            <Input aria-label={t("videoTranslation.review.glossaryTarget")} placeholder={t("videoTranslation.review.glossaryTarget")} value={row.target} maxLength={200} onChange={(event) => update(index, "target", event.target.value)} data-testid="glossary-target" />
            <Button type="button" variant="ghost" size="icon" aria-label={t("videoTranslation.review.glossaryRemove", { term: row.source || String(index + 1) })} onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setRows((current) => [...current, { source: "", target: "" }])} disabled={rows.length >= 200}>
          <PlusIcon aria-hidden="true" />
          {t("videoTranslation.review.glossaryAdd")}
        </Button>
        <Button type="button" size="sm" onClick={() => onApply(complete)} disabled={disabled || !changed} data-testid="glossary-apply">
          {t("videoTranslation.review.glossaryApply")}
        </Button>
      </div>
    </details>
  );
}

/**
 * The review gate of a pro video translation (the job waits at it, every line spoken and placed):
 * the original video, where a line's dub can be heard over the picture; the voice of each
 * language; the glossary; and the line table, where the original and the translation are edited
 * in place (saved when a field is left: free). Only lines changed since they were spoken are
 * spoken again, for the points shown on the button; export goes on to mix, mux and deliver.
 */
export function TranslationReview({ job, original, onCancel, cancelling }: { job: JobView; original: UploadView | null; onCancel: () => void; cancelling: boolean }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const [review, setReview] = useState<VideoTranslationReview | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "save" | "regenerate" | "fit" | "export">(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const voice = useRef<HTMLAudioElement>(null);
  const stopAt = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    api.call(videoTranslationReviewCall, { jobId: job.id }).then(
      (loaded) => live && setReview(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, job.id]);

  if (!review) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t("videoTranslation.review.loading")}
      </p>
    );
  }
  const target = review.targets.find((candidate) => candidate.language === chosen) ?? review.targets[0]!;
  const sources = new Map(review.lines.map((line) => [line.id, line]));
  const targetName = languageName(target.language, locale);
  const sourceName = languageName(review.sourceLanguage, locale);
  const pending = review.pending;

  async function save(edits: Edits) {
    setBusy("save");
    try {
      setReview(await api.call(videoTranslationReviewSaveCall, { jobId: job.id, ...edits }));
      toast.success(t("videoTranslation.review.saved"));
    } catch {
      // The client wrapper showed why; the table keeps what the server has.
    } finally {
      setBusy(null);
    }
  }

  async function regenerate() {
    setBusy("regenerate");
    try {
      const outcome = await api.call(videoTranslationRegenerateCall, { jobId: job.id });
      toast.success(tp("videoTranslation.review.regenerating", outcome.lines, { points: outcome.cost }));
      // The lines' points were just reserved: the header's balance says so now, not after a reload.
      void refreshAccount(api);
    } catch {
      setBusy(null);
    }
  }

  /** A fix for a line too long for its slot (free): the job places the lines again and comes back here. */
  async function fit(lineId: string, choice: "auto" | "borrow" | "overlap") {
    setBusy("fit");
    try {
      await api.call(videoTranslationFitCall, { jobId: job.id, language: target.language, lineId, choice });
      toast.success(t("videoTranslation.review.fitting"));
    } catch {
      setBusy(null);
    }
  }

  /** Goes to a line of the table: scrolled into view, its translation ready to shorten. */
  function goToLine(lineId: string) {
    const row = document.querySelector<HTMLElement>(`[data-testid="review-line"][data-line="${lineId}"]`);
    row?.scrollIntoView({ block: "center" });
    row?.querySelector<HTMLTextAreaElement>('[data-testid="review-line-translation"]')?.focus();
  }
  const tooLong = target.lines.filter((line) => !line.pending && (line.fit === "overrun" || line.fit === "overlaps"));

  async function approve() {
    setBusy("export");
    try {
      await api.call(videoTranslationApproveCall, { jobId: job.id });
      toast.success(t("videoTranslation.review.exporting"));
    } catch {
      setBusy(null);
    }
  }

  function stopLine() {
    voice.current?.pause();
    if (video.current) {
      video.current.pause();
      video.current.muted = false;
    }
    stopAt.current = null;
    setPlaying(null);
  }

  /** A line's dub over the picture: the voice track from the line's dub start, the original video muted beside it. */
  function playLine(line: ReviewLine) {
    if (playing === line.id) return stopLine();
    const audio = voice.current;
    if (!audio || line.dubStartSeconds === null || line.dubEndSeconds === null) return;
    audio.currentTime = line.dubStartSeconds;
    stopAt.current = line.dubEndSeconds;
    void audio.play().catch(() => setPlaying(null));
    if (video.current) {
      video.current.muted = true;
      video.current.currentTime = line.dubStartSeconds;
      void video.current.play().catch(() => undefined);
    }
    setPlaying(line.id);
  }

  const disabled = busy !== null;
  const speakerName = (speakerId: string) => t("videoTranslation.review.speaker", { number: speakerNumber(speakerId) });
  const listOf = (names: string[]) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
  const lineLabel = (line: SourceLine) => line.id.replace(/^l0*/, "");

  return (
    <section className="grid gap-5" data-testid="translation-review" aria-labelledby={`review-${job.id}`}>
      <div className="grid gap-1">
        <h2 id={`review-${job.id}`} className="text-lg font-semibold">
          {t("videoTranslation.review.title")}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("videoTranslation.review.lead", { points: target.pricePerLine })}</p>
      </div>

      <LanguageSwitch
        languages={review.targets.map((candidate) => candidate.language)}
        current={target.language}
        onChoose={(language) => {
          stopLine();
          setChosen(language);
        }}
        testId="review-languages"
        className="justify-self-start"
      />

      <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_20rem]">
        <figure className="grid content-start gap-2" data-testid="review-player">
          <figcaption className="text-sm font-medium">{t("videoTranslation.review.player")}</figcaption>
          {original ? (
            <video ref={video} controls playsInline preload="metadata" src={original.url} crossOrigin={crossOriginOf(original.url)} className="aspect-video w-full rounded-lg bg-black object-contain" />
          ) : (
            <p className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">{t("videoTranslation.result.originalMissing")}</p>
          )}
          {target.previewUrl ? (
            <audio
              key={target.previewUrl}
              ref={voice}
              src={target.previewUrl}
              preload="auto"
              onTimeUpdate={(event) => {
                if (stopAt.current !== null && event.currentTarget.currentTime >= stopAt.current) stopLine();
              }}
              onEnded={stopLine}
              data-testid="review-voice-track"
            />
          ) : null}
        </figure>
        <div className="grid content-start gap-4">
          {review.speakers.length > 1 ? (
            review.speakers.map((summary) => (
              <ReviewVoice
                key={`${target.language}-${summary.speakerId}`}
                target={target}
                speaker={target.speakers.find((speaker) => speaker.speakerId === summary.speakerId)}
                summary={summary}
                label={t("videoTranslation.review.speakerVoice", { speaker: speakerName(summary.speakerId), language: targetName })}
                disabled={disabled}
                onChange={(voiceKey) => void save({ speakerVoices: { [target.language]: { [summary.speakerId]: voiceKey } } })}
              />
            ))
          ) : (
            <ReviewVoice key={target.language} target={target} speaker={undefined} summary={undefined} label={t("videoTranslation.review.voice", { language: targetName })} disabled={disabled} onChange={(voiceKey) => void save({ voices: { [target.language]: voiceKey } })} />
          )}
          {sharedVoices(target.speakers, review.speakers).map((group) => (
            <p key={`${target.language}-${group.voiceKey}`} role="status" className="rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="review-shared-voice">
              {t("videoTranslation.review.sharedVoice", { speakers: listOf(group.speakerIds.map(speakerName)), language: targetName, gender: t(`videoTranslation.review.sharedVoiceGender.${group.gender}`) })}
            </p>
          ))}
          {review.speakers.length > 1 ? <SpeakerMerge speakers={review.speakers} disabled={disabled} onMerge={(from, into) => void save({ speakers: { merges: [{ from, into }] } })} /> : null}
          <GlossaryEditor glossary={review.glossary} disabled={disabled} onApply={(glossary) => void save({ glossary })} />
        </div>
      </div>

      <section className="grid gap-2" aria-labelledby={`review-lines-${job.id}`}>
        <div className="flex flex-wrap items-baseline gap-2">
          <h3 id={`review-lines-${job.id}`} className="text-sm font-semibold">
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
                      onChange={(event) => void save({ speakers: { moves: [event.target.value === NEW_SPEAKER ? { lineId: line.id } : { lineId: line.id, speakerId: event.target.value }] } })}
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
                    onClick={() => playLine(line)}
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
                  onSave={(text) => void save({ lines: [{ id: line.id, source: text }] })}
                  testId="review-line-source"
                />
                <LineEditor
                  value={line.translation}
                  lang={target.language}
                  label={t("videoTranslation.review.translationLabel", { line: number, language: targetName })}
                  disabled={disabled}
                  onSave={(text) => void save({ lines: [{ id: line.id, translations: { [target.language]: text } }] })}
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
                      onChange={(event) => void fit(line.id, event.target.value as "auto" | "borrow" | "overlap")}
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

      <DrawnLineStills lines={target.lines} language={targetName} labelOf={(id) => id.replace(/^l0*/, "")} />

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:-mx-5 sm:px-5" data-testid="review-actions">
        <p className="min-w-48 flex-1 text-sm" role="status" data-testid="review-pending">
          {pending.lines === 0
            ? t("videoTranslation.review.nothingPending")
            : tp("videoTranslation.review.pendingLines", pending.lines, { points: pending.cost })}
        </p>
        {pending.lines > 0 ? (
          <Button type="button" onClick={() => void regenerate()} disabled={disabled} data-testid="review-regenerate">
            <RefreshCwIcon aria-hidden="true" className={cn(busy === "regenerate" && "animate-spin")} />
            {tp("videoTranslation.review.regenerate", pending.lines, { points: pending.cost })}
          </Button>
        ) : null}
        <Button type="button" variant={pending.lines > 0 ? "outline" : "default"} onClick={() => void approve()} disabled={disabled || pending.lines > 0} title={pending.lines > 0 ? t("videoTranslation.review.exportBlocked") : undefined} data-testid="review-export">
          <CheckIcon aria-hidden="true" />
          {t("videoTranslation.review.export")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={disabled || cancelling} data-testid="review-cancel">
          {t("videoTranslation.review.cancel")}
        </Button>
      </div>
    </section>
  );
}
