import { useEffect, useRef, useState } from "react";
import type { JobView, UploadView, VideoTranslationReview } from "@voxwork/contract";
import { videoTranslationApproveCall, videoTranslationFitCall, videoTranslationRegenerateCall, videoTranslationReviewCall, videoTranslationReviewSaveCall } from "@voxwork/contract/client";
import { CheckIcon, RefreshCwIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { refreshAccount } from "../../lib/session";
import { cn } from "../../lib/utils";
import { sharedVoices } from "../../lib/translation/translation-result";
import { Button } from "../ui/button";
import { languageName } from "../voices/voice-labels";
import { crossOriginOf, LanguageSwitch } from "./translation-result";
import { DrawnLineStills } from "./drawn-line-stills";
import { GlossaryEditor } from "./review-glossary";
import { ReviewLines } from "./review-lines";
import { ReviewVoice, SpeakerMerge, speakerNumber } from "./review-speakers";
import type { ReviewEdits, ReviewLine } from "./review-types";

/**
 * The review gate of a pro video translation (the job waits at it, every line spoken and placed):
 * the original video, where a line's dub can be heard over the picture; the voice of each
 * language; the glossary; and the line table, where the original and the translation are edited
 * in place (saved when a field is left: free). Only lines changed since they were spoken are
 * spoken again, for the points shown on the button; export goes on to mix, mux and deliver.
 * Its parts: the speakers and their voices (`review-speakers.tsx`), the glossary
 * (`review-glossary.tsx`) and the line table (`review-lines.tsx`).
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
  const targetName = languageName(target.language, locale);
  const pending = review.pending;

  async function save(edits: ReviewEdits) {
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

      <ReviewLines jobId={job.id} review={review} target={target} targetName={targetName} disabled={disabled} playing={playing} onPlay={playLine} onSave={(edits) => void save(edits)} onFit={(lineId, choice) => void fit(lineId, choice)} />

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
