import { useState } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { messageFor, ErrorCode, type AudioSeparatorOffer, type UploadView } from "@voxwork/contract";
import { audioSeparationCreateCall, audioSeparationOptionsCall } from "@voxwork/contract/client";
import { AudioLinesIcon, FileAudioIcon, FileVideoIcon } from "lucide-react";
import { toast } from "sonner";
import { type MessageKey } from "../../i18n";
import { cn } from "../../lib/utils";
import { formatDuration } from "../history/history-format";
import { useToolOptions, useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { Button } from "../ui/button";
import { UploadDropzone } from "../upload/upload-dropzone";
import { StemPlayers } from "./stem-players";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { Card, CardTitle } from "../ui/card";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";

/** Our own words for the engines we know (the server's description is English); others show the server's. */
const ENGINE_TEXT: Record<string, { name: MessageKey; description: MessageKey }> = {
  "rnnoise:rnnoise": { name: "audioSeparation.engines.rnnoise.name", description: "audioSeparation.engines.rnnoise.description" },
  "elevenlabs:audio-isolation": { name: "audioSeparation.engines.elevenlabs.name", description: "audioSeparation.engines.elevenlabs.description" },
};

const STAGES = ["ingest", "separate", "encode", "deliver"] as const;

/** Why this upload cannot be separated, in the catalogue's words (the server says the same when asked). */
function refusal(upload: UploadView, maxMinutes: number | null): { code: number; params?: Record<string, number> } | null {
  if (upload.kind === "image") return { code: ErrorCode.AUDIO_SEPARATION_NOT_READABLE };
  if (upload.hasAudio === false) return { code: ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK };
  const duration = upload.durationSeconds ?? 0;
  if (maxMinutes != null && duration > maxMinutes * 60) return { code: ErrorCode.AUDIO_SEPARATION_TOO_LONG, params: { minutes: Math.round((duration / 60) * 10) / 10, max: maxMinutes } };
  return null;
}

/**
 * `/workbench/ai-tools/audio-separation`: an audio or video file, the separator (local or remote,
 * said plainly, with its price), the cost, the run's progress, and the result: a player per track
 * (original, voice, background) with a switch between them, and each stem's WAV and MP3.
 */
export function AudioSeparationPage() {
  const { t, locale, api, signedIn, id } = useToolPage();

  const options = useToolOptions(signedIn, (client) => client.call(audioSeparationOptionsCall, {}));
  const separators = options?.separators ?? null;
  const maxMinutes = options?.maxMinutes ?? null;
  const [chosenEngineId, setEngineId] = useState<string | null>(null);
  const engineId = chosenEngineId ?? separators?.[0]?.id ?? null;
  const [upload, setUpload] = useState<UploadView | null>(null);
  const [ranWith, setRanWith] = useState<string | null>(null);
  const run = useToolRun();

  const engine = separators?.find((offer) => offer.id === engineId) ?? null;
  const duration = upload?.durationSeconds ?? null;
  const refused = upload ? refusal(upload, maxMinutes) : null;
  const cost = duration != null && engine && !refused ? Math.ceil(duration / 60) * engine.pricePerMinute : null;
  const { running } = run;
  const limit = maxMinutes != null ? t("audioSeparation.limit", { minutes: maxMinutes }) : null;
  const textOf = (offer: AudioSeparatorOffer) => {
    const known = ENGINE_TEXT[offer.id];
    return known ? { name: t(known.name), description: t(known.description) } : { name: offer.name, description: offer.description };
  };

  async function separate() {
    if (running) return;
    if (!upload) return toast.error(t("audioSeparation.needFile"));
    if (!engine) return toast.error(t("audioSeparation.noEngines"));
    const created = await run.start(() => api.call(audioSeparationCreateCall, { uploadId: upload.id, engineId: engine.id, title: upload.name.replace(/\.[^.]+$/, "").slice(0, 120) || undefined }));
    if (!created) return;
    setRanWith(engine.id);
    toast.success(t("audioSeparation.started", { cost: created.cost }));
  }

  const SourceIcon = upload?.kind === "video" ? FileVideoIcon : FileAudioIcon;
  const result = run.job?.status === "completed" ? run.job : null;
  const ranOffer = separators?.find((offer) => offer.id === ranWith);

  return (
    <ToolPage title={t("audioSeparation.title")} lead={t("audioSeparation.lead")} history={["audio-separation"]}>
      <ToolColumns aside="wide">
        <Card>
          <CardTitle>{t("audioSeparation.sourceTitle")}</CardTitle>
          {!upload ? (
            <div className="grid gap-2">
              <UploadDropzone accept="audio/*,video/*" onUploaded={setUpload} data-testid="separation-dropzone" />
              {limit ? <p className="text-xs text-muted-foreground">{limit}</p> : null}
            </div>
          ) : (
            <div className="grid gap-3" data-testid="separation-source-ready">
              <div className="flex flex-wrap items-center gap-3">
                <SourceIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium">{upload.name}</p>
                  <p className="text-xs text-muted-foreground">{[duration != null ? formatDuration(duration) : null, limit].filter(Boolean).join(" · ")}</p>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setUpload(null)}>
                  {t("audioSeparation.replace")}
                </Button>
              </div>
              {upload.kind === "video" && !refused ? <p className="text-xs text-muted-foreground">{t("audioSeparation.videoNote")}</p> : null}
              {refused ? (
                <p role="alert" className="text-sm text-destructive" data-testid="separation-refused">
                  {messageFor(locale, refused.code, refused.params)}
                </p>
              ) : null}
              {!refused ? <audio controls preload="metadata" src={upload.url} className="w-full" aria-label={upload.name} /> : null}
            </div>
          )}
        </Card>

        <ToolSettings>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">{t("audioSeparation.engineTitle")}</legend>
            {separators && separators.length === 0 ? <p className="text-sm text-muted-foreground">{t("audioSeparation.noEngines")}</p> : null}
            {(separators ?? []).map((offer) => {
              const text = textOf(offer);
              return (
                <label key={offer.id} className={cn("grid cursor-pointer gap-1 rounded-xl border p-3 text-sm transition-colors", engineId === offer.id ? "border-primary bg-primary/5" : "border-border")} data-testid="separator-offer">
                  <span className="flex flex-wrap items-center gap-2">
                    <input type="radio" name={`${id}-engine`} value={offer.id} checked={engineId === offer.id} onChange={() => setEngineId(offer.id)} className="size-4 accent-[var(--vx-primary)]" />
                    <span className="font-medium">{text.name}</span>
                    <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", offer.location === "remote" ? "border border-border bg-surface-muted text-foreground" : "bg-primary-soft text-primary-soft-foreground")} data-testid="separator-location">
                      {t(`audioSeparation.location.${offer.location}`)}
                    </span>
                  </span>
                  <span className="pl-6 text-xs text-muted-foreground">{text.description}</span>
                  <span className="pl-6 text-xs font-medium tabular-nums">{t("audioSeparation.perMinute", { price: offer.pricePerMinute })}</span>
                </label>
              );
            })}
          </fieldset>
          <p className="text-sm font-medium tabular-nums" data-testid="separation-estimate">
            {cost != null && duration != null ? t("audioSeparation.estimate", { cost, duration: formatDuration(duration) }) : t("audioSeparation.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={running} icon={AudioLinesIcon} label={t("audioSeparation.separate")} runningLabel={t("audioSeparation.separating")} onClick={() => void separate()} disabled={running || !upload || !engine || refused !== null} data-testid="separation-create" />
        </ToolSettings>
      </ToolColumns>

      <ToolRunCard
        run={run}
        title={t("audioSeparation.result.title")}
        runningLabel={t("audioSeparation.separating")}
        stageLabel={(stage) => ((STAGES as readonly string[]).includes(stage) ? t(`audioSeparation.stages.${stage as (typeof STAGES)[number]}`) : stage)}
      >
        {result ? (
          <>
            {ranOffer?.background === "residual" ? <p className="text-xs text-muted-foreground">{t("audioSeparation.result.residualNote")}</p> : null}
            <StemPlayers job={result} className="max-w-3xl" />
          </>
        ) : null}
      </ToolRunCard>
    </ToolPage>
  );
}
