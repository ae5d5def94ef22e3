import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import type { SeriesView, UploadView } from "@voxwork/contract";
import { ApiError, seriesEpisodesAddCall, seriesEpisodesQuoteCall } from "@voxwork/contract/client";
import { CheckIcon, FileVideoIcon, LoaderCircleIcon, PlayIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, usePlural, useT } from "../../i18n";
import { makeApiClient, useApiClient } from "../../lib/api-client";
import { usePublicConfig } from "../../lib/public-config";
import { UploadError, uploadFile } from "../../lib/upload/upload-client";
import { readUserInfo } from "../../lib/user-info";
import { cn } from "../../lib/utils";
import { formatDuration } from "../history/history-format";
import { announceJob } from "../history/use-job-history";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { Button } from "../ui/button";
import { CardDescription, CardTitle } from "../ui/card";
import { Progress } from "../ui/progress";
import { languageName } from "../voices/voice-labels";
import { PictureSubtitlesField, type PictureSubtitles, type TranslationOutput } from "../tool-shared/picture-subtitles-field";
import { byName, rowKey } from "./series-forms";

type Item = { key: string; name: string; state: "waiting" | "uploading" | "done" | "error"; percent: number; upload?: UploadView; error?: string };
type Quote = { cost: number; languages: string[]; episodes: { uploadId: string; seconds: number; cost: number }[] };

const titleOf = (name: string) => name.replace(/\.[^.]+$/, "").slice(0, 120);

/**
 * Adding episodes: several videos picked (or dropped) at once upload one after another (the
 * shared upload client, as every dropzone), in name order; the two choices of the video
 * translator for burned-in subtitles and what comes back; the quote from the server
 * (`/api/series/episodes/quote`, measured from the uploads) before anything runs; then add.
 */
export function AddEpisodes({ series, subtitlesPrice, onAdded, id }: { series: SeriesView; subtitlesPrice: number; onAdded: () => void; id: string }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const config = usePublicConfig();
  // The quote explains its own failure in place, so its errors are not also toasts.
  const quietApi = useMemo(() => makeApiClient(config, () => locale, () => true), [config, locale]);
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [subtitles, setSubtitles] = useState<PictureSubtitles>("keep");
  const [output, setOutput] = useState<TranslationOutput>("dub");
  // A quote or its failure names the choices it answered (`for`): after a change it is not shown as the answer to the new ones.
  const [asked, setQuote] = useState<{ state: "idle" | "loading" } | { state: "done"; quote: Quote; for: string } | { state: "error"; message: string; for: string }>({ state: "idle" });
  const [quoteRound, setQuoteRound] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (subtitles === "keep") setOutput("dub");
  }, [subtitles]);

  const uploads = items.flatMap((item) => (item.upload ? [item.upload] : []));
  const uploading = items.some((item) => item.state === "waiting" || item.state === "uploading");
  const uploadIds = uploads.map((upload) => upload.id).join(",");
  const noTargets = series.targetLanguages.length === 0;
  const choices = `${uploadIds}|${subtitles}|${output}`;
  const quote = asked.state !== "done" && asked.state !== "error" ? asked : asked.for === choices ? asked : ({ state: "loading" } as const);

  // The quote, whenever the uploads or the choices change (nothing runs, nothing is held).
  useEffect(() => {
    if (!uploadIds || uploading || noTargets) return setQuote({ state: "idle" });
    let live = true;
    setQuote({ state: "loading" });
    quietApi.call(seriesEpisodesQuoteCall, { seriesId: series.id, uploadIds: uploadIds.split(","), subtitles, output }).then(
      (data) => live && setQuote({ state: "done", quote: data, for: choices }),
      (error: unknown) => live && setQuote({ state: "error", message: error instanceof ApiError || error instanceof Error ? error.message : String(error), for: choices }),
    );
    return () => {
      live = false;
    };
  }, [quietApi, series.id, uploadIds, uploading, noTargets, subtitles, output, choices, quoteRound]);

  function patch(key: string, change: Partial<Item>) {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }

  function addFiles(list: FileList | null) {
    const files = byName(Array.from(list ?? []).filter((file) => file.type.startsWith("video/") || /\.(mp4|mov|mkv|webm|m4v)$/i.test(file.name)));
    if (!files.length) return;
    const token = readUserInfo(document.cookie)?.token;
    const added = files.map((file) => ({ file, item: { key: rowKey(), name: file.name, state: token ? "waiting" : "error", percent: 0, ...(token ? {} : { error: t("series.add.signIn") }) } as Item }));
    setItems((current) => [...current, ...added.map((entry) => entry.item)]);
    if (!token) return;
    // One upload at a time, in name order: the episodes' numbers follow it.
    for (const { file, item } of added) {
      queue.current = queue.current.then(async () => {
        patch(item.key, { state: "uploading" });
        try {
          const upload = await uploadFile(file, { baseUrl: config.apiBaseUrl, token, locale, onProgress: (progress) => patch(item.key, { percent: progress.percent }) });
          patch(item.key, { state: "done", percent: 100, upload });
        } catch (error) {
          patch(item.key, { state: "error", error: error instanceof UploadError ? error.message : String(error) });
        }
      });
    }
    if (input.current) input.current.value = "";
  }

  async function add() {
    if (submitting) return;
    if (noTargets) return toast.error(t("series.add.noTargets"));
    if (uploading) return toast.error(t("series.add.stillUploading"));
    if (!uploads.length) return toast.error(t("series.add.needVideos"));
    // A failed quote does not block: the server still checks the points, and the toast says what was held.
    if (quote.state === "loading" || quote.state === "idle") return;
    setSubmitting(true);
    try {
      const added = await api.call(seriesEpisodesAddCall, {
        seriesId: series.id,
        episodes: items.flatMap((item) => (item.upload ? [{ uploadId: item.upload.id, title: titleOf(item.name) }] : [])),
        textSource: "auto",
        subtitles,
        output,
        ...(subtitles !== "keep" ? { burnSubtitles: false } : {}),
      });
      // The content history below lists the new runs at once (and follows them live).
      // An episode's languages share one job (decision 076): each job once.
      for (const jobId of new Set(added.episodes.flatMap((episode) => episode.jobs.map((job) => job.jobId)))) announceJob(jobId);
      toast.success(tp("series.add.added", added.episodes.length, { cost: added.cost }));
      setItems([]);
      onAdded();
    } catch {
      // The client wrapper showed the catalogue message (points, plan, queue full…).
    } finally {
      setSubmitting(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };
  const languages = series.targetLanguages.map((language) => languageName(language, locale)).join(", ");

  return (
    <div className="grid gap-4" data-testid="add-episodes">
      <div>
        <CardTitle>{t("series.add.title")}</CardTitle>
        <CardDescription>{t("series.add.lead")}</CardDescription>
      </div>
      {noTargets ? (
        <p className="text-sm text-destructive" role="alert">
          {t("series.add.noTargets")}
        </p>
      ) : null}
      <div
        data-slot="upload-dropzone"
        data-state={dragging ? "dragging" : "idle"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn("flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border p-6 text-center text-sm text-muted-foreground transition-colors", dragging && "border-primary bg-primary/5")}
      >
        <input ref={input} type="file" multiple hidden accept="video/*" onChange={(event) => addFiles(event.target.files)} data-testid="episodes-input" />
        <FileVideoIcon className="size-6" aria-hidden="true" />
        <span>
          {t("series.add.drop")}{" "}
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => input.current?.click()} data-testid="episodes-choose">
            {t("series.add.choose")}
          </Button>
        </span>
      </div>
      {items.length ? (
        <ol className="grid gap-2" aria-label={tp("series.add.files", items.length)} data-testid="episode-uploads">
          {items.map((item) => (
            <li key={item.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm" data-testid="episode-upload" data-state={item.state}>
              <span className="truncate font-medium">{item.name}</span>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {item.state === "done" ? (
                  <>
                    <CheckIcon className="size-3.5 text-primary" aria-hidden="true" />
                    {item.upload?.durationSeconds != null ? formatDuration(item.upload.durationSeconds) : t("series.add.uploaded")}
                  </>
                ) : item.state === "error" ? (
                  <span className="text-destructive">{t("series.add.failed")}</span>
                ) : (
                  `${item.percent.toFixed(0)}%`
                )}
                <Button type="button" variant="ghost" size="xs" disabled={item.state === "uploading"} onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))} aria-label={t("series.add.remove", { name: item.name })}>
                  <XIcon aria-hidden="true" />
                </Button>
              </span>
              {item.state === "uploading" || item.state === "waiting" ? <Progress className="col-span-2" value={item.percent} aria-label={t("series.add.uploading", { name: item.name })} /> : null}
              {item.error ? (
                <span role="alert" className="col-span-2 text-xs text-destructive">
                  {item.error}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}

      <section aria-labelledby={`${id}-choices`} className="grid gap-2">
        <h3 id={`${id}-choices`} className="sr-only">
          {t("series.choices.title")}
        </h3>
        <PictureSubtitlesField subtitles={subtitles} onSubtitlesChange={setSubtitles} output={output} onOutputChange={setOutput} fromSpeech={false} subtitlesPrice={subtitlesPrice} />
      </section>

      <div className="grid gap-2 rounded-xl border border-border p-3" aria-live="polite" data-testid="series-quote">
        <p className="text-sm font-semibold">{t("series.add.quoteTitle")}</p>
        {quote.state === "loading" ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t("series.add.quoting")}
          </p>
        ) : quote.state === "error" ? (
          <div className="grid gap-2">
            <p className="text-sm text-destructive" role="alert" data-testid="series-quote-error">
              {t("series.add.quoteFailed", { reason: quote.message })}
            </p>
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setQuoteRound((round) => round + 1)}>
              {t("series.add.quoteRetry")}
            </Button>
          </div>
        ) : quote.state === "done" ? (
          <>
            <p className="text-lg font-semibold tabular-nums" data-testid="series-quote-cost">
              {t("series.add.quote", { cost: quote.quote.cost, episodes: tp("series.add.files", quote.quote.episodes.length), languages })}
            </p>
            <ul className="grid gap-0.5 text-xs text-muted-foreground">
              {quote.quote.episodes.map((episode) => {
                const item = items.find((candidate) => candidate.upload?.id === episode.uploadId);
                return <li key={episode.uploadId}>{t("series.add.quoteLine", { name: item?.name ?? episode.uploadId, duration: formatDuration(episode.seconds), cost: episode.cost })}</li>;
              })}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t(noTargets ? "series.add.noTargets" : "series.add.needVideos")}</p>
        )}
        <NotEnoughPoints cost={quote.state === "done" ? quote.quote.cost : null} />
      </div>

      <Button type="button" className="justify-self-start" onClick={add} disabled={submitting || uploading || quote.state === "loading" || quote.state === "idle"} data-testid="episodes-add">
        {submitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
        {t("series.add.submit")}
      </Button>
    </div>
  );
}
