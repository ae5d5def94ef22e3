import type { JobView } from "@voxwork/contract";
import { DownloadIcon } from "lucide-react";
import { useT } from "../../i18n/index";
import { Button } from "../ui/button";
import { WaveformPlayer } from "./waveform-player";

type MediaFile = JobView["media"][number];

const extension = (file: MediaFile) => /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";

/** The audio file of a finished speech job, and its subtitle files by format. */
export function speechFiles(job: JobView): { audio: MediaFile | undefined; srt: MediaFile | undefined; vtt: MediaFile | undefined } {
  const audio = job.media.find((file) => file.role === "audio");
  const subtitles = job.media.filter((file) => file.role === "subtitles");
  return {
    audio,
    srt: subtitles.find((file) => extension(file) === "srt" || file.contentType.includes("subrip")),
    vtt: subtitles.find((file) => extension(file) === "vtt" || file.contentType.includes("vtt")),
  };
}

/** A speech job's result: the waveform player and the download buttons (audio, SRT, VTT). */
export function SpeechResult({ job }: { job: JobView }) {
  const t = useT();
  const { audio, srt, vtt } = speechFiles(job);
  if (!audio) return null;
  const format = extension(audio).toUpperCase() || "MP3";
  return (
    <div className="grid gap-3" data-testid="speech-result">
      <WaveformPlayer url={audio.url} name={audio.name} />
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={audio.downloadUrl} download data-testid="download-audio">
            <DownloadIcon aria-hidden="true" />
            {t("toolShared.result.downloadAudio", { format })}
          </a>
        </Button>
        {srt ? (
          <Button asChild size="sm" variant="outline">
            <a href={srt.downloadUrl} download data-testid="download-srt">
              <DownloadIcon aria-hidden="true" />
              {t("toolShared.result.downloadSrt")}
            </a>
          </Button>
        ) : null}
        {vtt ? (
          <Button asChild size="sm" variant="outline">
            <a href={vtt.downloadUrl} download data-testid="download-vtt">
              <DownloadIcon aria-hidden="true" />
              {t("toolShared.result.downloadVtt")}
            </a>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
