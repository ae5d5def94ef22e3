import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { JobView, SeriesEpisodeSignals, SeriesEpisodeView } from "@voxwork/contract";
import { jobGetCall, seriesDownloadLinkCall, seriesEpisodesListCall } from "@voxwork/contract/client";
import { TOOL_PAGES } from "@voxwork/contract/tools";
import { ExternalLinkIcon, FileArchiveIcon, InfoIcon, LoaderCircleIcon } from "lucide-react";
import { localizePath, useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { refreshAccount } from "../../lib/session";
import { targetFiles } from "../../lib/translation/translation-result";
import { cn } from "../../lib/utils";
import { DownloadButton } from "../tool-shared/download-button";
import { Button } from "../ui/button";
import { CardDescription, CardTitle } from "../ui/card";
import { Progress } from "../ui/progress";
import { Tooltip, TooltipContent, TooltipTrigger } from "../ui/tooltip";
import { languageName } from "../voices/voice-labels";
import { boardRunning, episodeSignals, signalBadges, type SignalBadge } from "./series-forms";

/** How often the board is read again while an episode runs (the history lists follow jobs the same way between stream events). */
const POLL_MS = 3000;

const detailsPath = TOOL_PAGES.find((page) => page.id === "video-translator-details")!.paths.en;
const resultPath = (jobId: string) => detailsPath.replace(":slug", encodeURIComponent(jobId));
const episodeLabel = (number: number) => `E${String(number).padStart(2, "0")}`;

/** The season board: read now, then again every few seconds while anything runs; completed jobs are read once more for their files. */
export function useSeasonBoard(seriesId: string, round: number) {
  const api = useApiClient();
  const [episodes, setEpisodes] = useState<SeriesEpisodeView[] | null>(null);
  const [jobs, setJobs] = useState<Record<string, JobView>>({});
  const asked = useRef(new Set<string>());

  useEffect(() => {
    setEpisodes(null);
    setJobs({});
    asked.current = new Set();
  }, [seriesId]);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasRunning = false;
    const read = async () => {
      try {
        const board = await api.call(seriesEpisodesListCall, { seriesId });
        if (!live) return;
        setEpisodes(board.episodes);
        const running = boardRunning(board.episodes);
        // Points were settled when the last job ended.
        if (wasRunning && !running) void refreshAccount(api);
        wasRunning = running;
        if (running) timer = setTimeout(read, POLL_MS);
      } catch {
        // The client wrapper showed the error; the board keeps what it had.
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, seriesId, round]);

  // The files of each completed job (signed links), read once.
  useEffect(() => {
    for (const job of (episodes ?? []).flatMap((episode) => episode.jobs)) {
      if (job.status !== "completed" || asked.current.has(job.jobId)) continue;
      asked.current.add(job.jobId);
      api.call(jobGetCall, { jobId: job.jobId }).then(
        (view) => setJobs((current) => ({ ...current, [view.id]: view })),
        () => asked.current.delete(job.jobId),
      );
    }
  }, [api, episodes]);

  return { episodes, jobs };
}

/** One quality signal as a badge: its value, or "not measured yet" (never 0), with its explanation as a tooltip (and in the legend below the board). */
function Badge({ badge, language }: { badge: SignalBadge; language: string }) {
  const t = useT();
  const label = t(`series.signals.${badge.kind}.label`);
  const value =
    badge.value == null
      ? t("series.signals.notMeasured")
      : badge.kind === "drift"
        ? t("series.signals.seconds", { seconds: badge.value.toFixed(2) })
        : badge.kind === "textLeft" && badge.of != null
          ? t("series.signals.frames", { left: badge.value, sampled: badge.of })
          : String(badge.value);
  const text = t("series.signals.value", { label, value });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          aria-label={`${text}. ${t(`series.signals.${badge.kind}.help`)}`}
          className={cn(
            "inline-flex items-center rounded-full border px-2 py-0.5 text-xs whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            badge.value == null ? "border-dashed border-border text-muted-foreground" : badge.warn ? "border-destructive text-destructive" : "border-border text-foreground",
          )}
          data-testid="signal-badge"
          data-signal={badge.kind}
          data-language={language}
          data-measured={badge.value == null ? "false" : "true"}
        >
          {text}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{t(`series.signals.${badge.kind}.help`)}</TooltipContent>
    </Tooltip>
  );
}

function LanguageRow({ episode, signals }: { episode: SeriesEpisodeView; signals: SeriesEpisodeSignals }) {
  const t = useT();
  const locale = useLocale();
  const job = episode.jobs.find((candidate) => candidate.language === signals.language);
  const name = languageName(signals.language, locale);
  const misses = episode.glossaryMisses.filter((miss) => miss.language === signals.language);
  return (
    <li className="grid gap-1.5 border-t border-border pt-2" data-testid="episode-language" data-language={signals.language}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium">{name}</span>
        {job ? (
          <>
            <span className="text-xs text-muted-foreground">{t(`history.status.${job.status}`)}</span>
            <Link
              to={localizePath(resultPath(job.jobId), locale)}
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={t("series.board.open", { language: name, number: episode.number })}
              data-testid="episode-result-link"
            >
              {t("series.board.result", { language: name })}
              <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            </Link>
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {signalBadges(signals).map((badge) => (
          <Badge key={badge.kind} badge={badge} language={signals.language} />
        ))}
      </div>
      {misses.length ? (
        <ul className="grid gap-0.5 text-xs text-destructive" data-testid="glossary-misses">
          {misses.map((miss) => (
            <li key={`${miss.lineId}-${miss.expected}`}>{t("series.board.missLine", { source: miss.source, expected: miss.expected, text: miss.text })}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The board: every episode with its status, progress, cost, and per language its result page, glossary check and quality signals. */
export function SeasonBoard({ episodes }: { episodes: SeriesEpisodeView[] | null }) {
  const t = useT();
  const tp = usePlural();
  return (
    <div className="grid gap-3" data-testid="season-board">
      <div>
        <CardTitle>{t("series.board.title")}</CardTitle>
      </div>
      {episodes === null ? (
        <p className="text-sm text-muted-foreground">{t("series.board.loading")}</p>
      ) : episodes.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="season-board-empty">
          {t("series.board.empty")}
        </p>
      ) : (
        <ol className="grid gap-3">
          {episodes.map((episode) => {
            const checked = episode.glossaryChecked.length > 0;
            return (
              <li key={episode.id} className="grid gap-2 rounded-xl border border-border p-3" data-testid="board-episode" data-status={episode.status} aria-label={`${t("series.board.episode")} ${episode.number}: ${episode.title}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-medium">
                    {episode.title.toUpperCase().startsWith(episodeLabel(episode.number)) ? null : <span className="mr-2 text-muted-foreground tabular-nums">{episodeLabel(episode.number)}</span>}
                    <span className="break-words">{episode.title || episodeLabel(episode.number)}</span>
                  </p>
                  <p className="flex flex-wrap items-center gap-x-3 text-sm">
                    <span className={cn("font-medium", episode.status === "failed" && "text-destructive")} data-testid="episode-status">
                      {t(`history.status.${episode.status}`)}
                    </span>
                    <span className="text-muted-foreground tabular-nums" data-testid="episode-cost">
                      {episode.cost.settled != null ? t("series.board.costSettled", { points: episode.cost.settled }) : t("series.board.costEstimated", { points: episode.cost.estimated })}
                    </span>
                  </p>
                </div>
                <Progress value={Math.min(100, Math.max(0, Math.round(episode.progress)))} aria-label={`${t("series.board.progress")} ${episodeLabel(episode.number)}`} />
                <p className="text-xs text-muted-foreground" data-testid="episode-glossary">
                  {!checked ? t("series.board.notChecked") : episode.glossaryMisses.length ? tp("series.board.misses", episode.glossaryMisses.length) : t("series.board.noMisses")}
                </p>
                <ul className="grid gap-2">
                  {episodeSignals(episode).map((signals) => (
                    <LanguageRow key={signals.language} episode={episode} signals={signals} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      <details className="text-sm">
        <summary className="inline-flex cursor-pointer items-center gap-1.5 text-muted-foreground">
          <InfoIcon className="size-4" aria-hidden="true" />
          {t("series.board.signalsLegend")}
        </summary>
        <dl className="mt-2 grid gap-1.5">
          {(["spedUp", "overSlot", "glossary", "textLeft", "drift"] as const).map((kind) => (
            <div key={kind} className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="font-medium">{t(`series.signals.${kind}.label`)}</dt>
              <dd className="text-muted-foreground">{t(`series.signals.${kind}.help`)}</dd>
            </div>
          ))}
          <div className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="font-medium">{t("series.signals.notMeasured")}</dt>
            <dd className="text-muted-foreground">{t("series.board.signalsNull")}</dd>
          </div>
        </dl>
      </details>
    </div>
  );
}

/**
 * The season's files: the whole season as one zip (a signed, short-lived link asked for on the
 * click, to the same archive as REST v1's `…/download`), and below it each finished episode's
 * video and subtitle files per language, from the runs' signed links.
 */
export function SeasonFiles({ seriesId, episodes, jobs }: { seriesId: string; episodes: SeriesEpisodeView[]; jobs: Readonly<Record<string, JobView>> }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [linking, setLinking] = useState(false);
  const anyFinished = episodes.some((episode) => episode.jobs.some((job) => job.status === "completed"));
  const finished = episodes.flatMap((episode) =>
    episode.jobs.flatMap((job) => {
      const view = jobs[job.jobId];
      return view ? [{ episode, language: job.language, files: targetFiles(view, job.language) }] : [];
    }),
  );
  // The link lives a few minutes: asked for now, followed at once (the answer is an attachment, so the page stays).
  const downloadZip = async () => {
    setLinking(true);
    try {
      const { url } = await api.call(seriesDownloadLinkCall, { seriesId });
      window.location.assign(url);
    } catch {
      // The client wrapper showed the error (nothing finished yet, in the page's language).
    } finally {
      setLinking(false);
    }
  };
  return (
    <div className="grid gap-3" data-testid="season-files">
      <div>
        <CardTitle>{t("series.board.download")}</CardTitle>
        <CardDescription>{t("series.board.downloadHint")}</CardDescription>
      </div>
      <Button type="button" className="justify-self-start" onClick={() => void downloadZip()} disabled={!anyFinished || linking} data-testid="season-zip">
        {linking ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <FileArchiveIcon aria-hidden="true" />}
        {t("series.board.downloadZip")}
      </Button>
      {finished.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("series.board.downloadNone")}</p>
      ) : (
        <ul className="grid gap-2">
          {finished.map(({ episode, language, files }) => (
            <li key={`${episode.id}-${language}`} className="flex flex-wrap items-center gap-2 text-sm" data-testid="season-file-row">
              <span className="min-w-40 flex-1 font-medium">{t("series.board.filesOf", { number: episode.number, language: languageName(language, locale) })}</span>
              {[files.video, files.subtitlesSrt, files.subtitlesVtt].flatMap((file) =>
                file ? [
                    <DownloadButton key={file.name} href={file.url} variant="outline" data-testid="season-file">
                      {file.name.replace(`${language}-`, "")}
                    </DownloadButton>,
                  ] : [],
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
