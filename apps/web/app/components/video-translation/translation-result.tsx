import { useState, type ReactNode } from "react";
import type { JobView, UploadView } from "@voxwork/contract";
import { DownloadIcon, Share2Icon } from "lucide-react";
import { useLocale, usePlural, useT, type MessageKey } from "../../i18n";
import { cn } from "../../lib/utils";
import { formatLineTime, readTranslationResult, sharedFiles, targetFiles, type LineFit, type SpeakerSummary, type TranslatedLine } from "../../lib/translation/translation-result";
import { ShareDialog } from "../history/share-dialog";
import { Button } from "../ui/button";
import { useVoice } from "../voices/use-voice";
import { languageName } from "../voices/voice-labels";

type MediaFile = JobView["media"][number];

const FIT_STYLES: Record<LineFit, string> = {
  fits: "bg-surface-muted text-muted-foreground",
  borrowed: "bg-surface-muted text-foreground",
  "sped-up": "bg-primary-soft text-primary-soft-foreground",
  overrun: "bg-destructive text-destructive-foreground",
  overlaps: "bg-accent/20 text-foreground",
};

/** One speaker and the voice that spoke their lines: "Speaker 1 (a man’s voice · 106 Hz): Pablo". */
function SpeakerVoice({ speaker, voiceKey }: { speaker: SpeakerSummary; voiceKey: string }) {
  const t = useT();
  const { voice, state } = useVoice(voiceKey);
  const facts = [
    speaker.suggestedGender ? t(speaker.suggestedGender === "female" ? "videoTranslation.review.speakerFemale" : "videoTranslation.review.speakerMale") : null,
    speaker.medianPitchHz !== null ? t("videoTranslation.review.speakerPitch", { hz: Math.round(speaker.medianPitchHz) }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li data-testid="result-speaker-voice" data-speaker={speaker.speakerId} data-voice={voiceKey}>
      {t("videoTranslation.result.speakerVoice", { speaker: t("videoTranslation.review.speaker", { number: speaker.speakerId.replace(/^s/, "") }), facts: facts || "—", voice: voice?.name ?? t(state === "failed" ? "voices.voice.unknownVoice" : "voices.voice.loading") })}
    </li>
  );
}

/** Tracks load across origins only with CORS, so ask for it only when the file is on another origin (S3). */
export function crossOriginOf(url: string | undefined): "anonymous" | undefined {
  if (!url || typeof window === "undefined") return undefined;
  return new URL(url, window.location.href).origin === window.location.origin ? undefined : "anonymous";
}

/** How a line fits its slot (the result table and the review gate's table). */
/** ×1.25; a speed-up under half a percent keeps a third decimal, so it never reads "sped up ×1.00". */
export function speedLabel(speed: number): string {
  return speed > 1 && speed < 1.005 ? speed.toFixed(3) : speed.toFixed(2);
}

export function FitBadge({ line }: { line: Pick<TranslatedLine, "fit" | "speed"> }) {
  const t = useT();
  if (!line.fit) return null;
  const label =
    line.fit === "sped-up"
      ? t("videoTranslation.result.spedUp", { speed: speedLabel(line.speed ?? 1) })
      : t(({ fits: "videoTranslation.result.fits", borrowed: "videoTranslation.result.borrowed", overrun: "videoTranslation.result.overrun", overlaps: "videoTranslation.result.overlaps" } as const satisfies Record<Exclude<LineFit, "sped-up">, MessageKey>)[line.fit]);
  return (
    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", FIT_STYLES[line.fit])} data-testid="line-fit" data-fit={line.fit}>
      {label}
    </span>
  );
}

function DownloadLink({ file, label, testId }: { file: MediaFile | undefined; label: string; testId: string }) {
  if (!file) return null;
  return (
    <li>
      <Button asChild variant="outline" size="sm">
        <a href={file.downloadUrl} download data-testid={testId}>
          <DownloadIcon aria-hidden="true" />
          {label}
        </a>
      </Button>
    </li>
  );
}

/** The target language shown, when a run has several (the result and the review gate). */
export function LanguageSwitch({ languages, current, onChoose, testId, className }: { languages: readonly string[]; current: string; onChoose: (language: string) => void; testId: string; className?: string }) {
  const t = useT();
  const locale = useLocale();
  if (languages.length < 2) return null;
  return (
    <div role="group" aria-label={t("videoTranslation.result.language")} className={cn("inline-flex flex-wrap rounded-lg bg-surface-muted p-1", className)} data-testid={testId}>
      {languages.map((language) => (
        <Button key={language} type="button" size="sm" variant={language === current ? "default" : "ghost"} aria-pressed={language === current} onClick={() => onChoose(language)}>
          {languageName(language, locale)}
        </Button>
      ))}
    </div>
  );
}

/** A labelled row of download links (video, audio, subtitles). */
function DownloadGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <h4 id={id} className="text-xs font-medium text-muted-foreground">
        {title}
      </h4>
      <ul className="flex flex-wrap gap-2" aria-labelledby={id}>
        {children}
      </ul>
    </div>
  );
}

/**
 * A finished video translation: the original and the dub side by side (each with its subtitles as
 * a `<track>`: the source text on the original, the translation on the dub), a switcher when there
 * are several languages, the line table with how each line fits its slot, every file to download,
 * and a share link. `original` is the upload it was made from (null when it is gone).
 */
export function TranslationResult({ job, title, original }: { job: JobView; title: string; original: UploadView | null }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const result = readTranslationResult(job);
  const [chosen, setChosen] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  if (!result || result.targets.length === 0) return null;
  const target = result.targets.find((candidate) => candidate.language === chosen) ?? result.targets[0]!;
  const files = targetFiles(job, target.language);
  const shared = sharedFiles(job);
  const name = (language: string) => languageName(language, locale);
  const sourceName = name(result.sourceLanguage);
  const targetName = name(target.language);
  const overruns = target.lines.some((line) => line.fit === "overrun" || line.fit === "overlaps");

  return (
    <section className="grid gap-5" data-testid="translation-result" aria-labelledby={`result-${job.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`result-${job.id}`} className="text-lg font-semibold">
            {t("videoTranslation.result.title")}
          </h2>
          {result.textSource ? <p className="text-sm text-muted-foreground">{t(`videoTranslation.result.textSource.${result.textSource}`)}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitch languages={result.targets.map((candidate) => candidate.language)} current={target.language} onChoose={setChosen} testId="result-languages" />
          <Button type="button" variant="outline" size="sm" onClick={() => setSharing(true)} data-testid="result-share">
            <Share2Icon aria-hidden="true" />
            {t("videoTranslation.result.share")}
          </Button>
        </div>
      </div>

      <div className="grid gap-4 desktop:grid-cols-2">
        <figure className="grid content-start gap-2" data-testid="player-original">
          <figcaption className="text-sm font-medium">{t("videoTranslation.result.original")}</figcaption>
          {original ? (
            <video controls playsInline preload="metadata" src={original.url} crossOrigin={crossOriginOf(shared.sourceVtt?.url)} className="aspect-video w-full rounded-lg bg-black object-contain">
              {shared.sourceVtt ? <track kind="subtitles" src={shared.sourceVtt.url} srcLang={result.sourceLanguage} label={sourceName} default /> : null}
            </video>
          ) : (
            <p className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">{t("videoTranslation.result.originalMissing")}</p>
          )}
        </figure>
        <figure className="grid content-start gap-2" data-testid="player-translated">
          <figcaption className="text-sm font-medium">{t("videoTranslation.result.translated", { language: targetName })}</figcaption>
          {files.video ? (
            <video
              key={files.video.url}
              controls
              playsInline
              preload="metadata"
              src={files.video.url}
              crossOrigin={crossOriginOf(files.subtitlesVtt?.url)}
              className="aspect-video w-full rounded-lg bg-black object-contain"
            >
              {files.subtitlesVtt ? <track kind="subtitles" src={files.subtitlesVtt.url} srcLang={target.language} label={targetName} default /> : null}
            </video>
          ) : null}
        </figure>
      </div>

      <section className="grid gap-2" aria-labelledby={`downloads-${job.id}`}>
        <h3 id={`downloads-${job.id}`} className="text-sm font-semibold">
          {t("videoTranslation.result.downloads")}
        </h3>
        <div className="grid gap-3 desktop:grid-cols-[auto_auto_1fr]" data-testid="result-downloads">
          <DownloadGroup id={`downloads-video-${job.id}`} title={t("videoTranslation.result.videoGroup")}>
            <DownloadLink file={files.video} label={t("videoTranslation.result.video", { language: targetName })} testId="download-video" />
            {files.subtitled && files.subtitled !== files.video ? <DownloadLink file={files.subtitled} label={t("videoTranslation.result.subtitledVideo", { language: targetName })} testId="download-subtitled-video" /> : null}
          </DownloadGroup>
          {/* A run without a dub (subtitles only) has no audio files. */}
          {files.dubbedAudio || files.voiceStem || shared.backgroundStem ? (
            <DownloadGroup id={`downloads-audio-${job.id}`} title={t("videoTranslation.result.audioGroup")}>
              <DownloadLink file={files.dubbedAudio} label={t("videoTranslation.result.dubbedAudio")} testId="download-dubbed-audio" />
              <DownloadLink file={files.voiceStem} label={t("videoTranslation.result.voiceStem")} testId="download-voice-stem" />
              <DownloadLink file={shared.backgroundStem} label={t("videoTranslation.result.backgroundStem")} testId="download-background-stem" />
            </DownloadGroup>
          ) : null}
          <DownloadGroup id={`downloads-subtitles-${job.id}`} title={t("videoTranslation.result.subtitlesGroup")}>
            <DownloadLink file={files.subtitlesSrt} label={t("videoTranslation.result.targetSrt", { language: targetName })} testId="download-target-srt" />
            <DownloadLink file={files.subtitlesVtt} label={t("videoTranslation.result.targetVtt", { language: targetName })} testId="download-target-vtt" />
            <DownloadLink file={shared.sourceSrt} label={t("videoTranslation.result.sourceSrt")} testId="download-source-srt" />
            <DownloadLink file={shared.sourceVtt} label={t("videoTranslation.result.sourceVtt")} testId="download-source-vtt" />
          </DownloadGroup>
        </div>
      </section>

      {result.speakers.length > 1 ? (
        <section className="grid gap-2" aria-labelledby={`voices-${job.id}`}>
          <h3 id={`voices-${job.id}`} className="text-sm font-semibold">
            {t("videoTranslation.result.voices")}
          </h3>
          <ul className="grid gap-1 text-sm" data-testid="result-speaker-voices">
            {result.speakers.map((speaker) => (target.speakerVoices[speaker.speakerId] ? <SpeakerVoice key={`${target.language}-${speaker.speakerId}`} speaker={speaker} voiceKey={target.speakerVoices[speaker.speakerId]!} /> : null))}
          </ul>
        </section>
      ) : null}

      <section className="grid gap-2" aria-labelledby={`lines-${job.id}`}>
        <div className="flex items-baseline gap-2">
          <h3 id={`lines-${job.id}`} className="text-sm font-semibold">
            {t("videoTranslation.result.lines")}
          </h3>
          <span className="text-xs text-muted-foreground">{tp("videoTranslation.result.linesCount", target.lines.length)}</span>
        </div>
        <div className="rounded-xl border border-border bg-surface">
          <table className="w-full text-sm" data-testid="result-lines">
            <thead className="text-left text-xs text-muted-foreground max-desktop:sr-only">
              <tr>
                <th scope="col" className="w-28 px-3 py-2 font-medium">
                  {t("videoTranslation.result.time")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("videoTranslation.result.source")} · {sourceName}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("videoTranslation.result.translation")} · {targetName}
                </th>
                <th scope="col" className="w-36 px-3 py-2 font-medium">
                  {t("videoTranslation.result.fit")}
                </th>
              </tr>
            </thead>
            <tbody>
              {target.lines.map((line) => (
                <tr key={line.id} className="border-t border-border align-top first:border-t-0 max-desktop:grid max-desktop:grid-cols-[1fr_auto] max-desktop:gap-x-3 max-desktop:gap-y-1 max-desktop:px-3 max-desktop:py-2.5 desktop:first:border-t" data-testid="result-line">
                  <td className="px-3 py-2 text-xs whitespace-nowrap text-muted-foreground tabular-nums max-desktop:col-start-1 max-desktop:row-start-1 max-desktop:p-0">
                    {formatLineTime(line.startSeconds)}–{formatLineTime(line.endSeconds)}
                  </td>
                  <td className="px-3 py-2 max-desktop:col-span-2 max-desktop:p-0 max-desktop:text-muted-foreground" lang={result.sourceLanguage}>
                    {line.source}
                  </td>
                  <td className="px-3 py-2 max-desktop:col-span-2 max-desktop:p-0" lang={target.language} data-testid="line-translation">
                    {line.translation}
                  </td>
                  <td className="px-3 py-2 max-desktop:col-start-2 max-desktop:row-start-1 max-desktop:p-0 max-desktop:text-right">
                    <FitBadge line={line} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {overruns ? <p className="text-xs text-muted-foreground">{t("videoTranslation.result.overrunHint")}</p> : null}
      </section>

      {result.warnings.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t("videoTranslation.result.warnings")}</summary>
          <ul className="mt-2 list-disc pl-5 text-muted-foreground">
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </details>
      ) : null}

      <ShareDialog job={sharing ? job : null} title={title} onOpenChange={(open) => !open && setSharing(false)} />
    </section>
  );
}
