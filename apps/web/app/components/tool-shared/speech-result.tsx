import type { JobView } from "@voxwork/contract";
import { useT } from "../../i18n/index";
import { WaveformPlayer } from "./waveform-player";
import { DownloadButton } from "./download-button";

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
        <DownloadButton href={audio.downloadUrl} data-testid="download-audio">
          {t("toolShared.result.downloadAudio", { format })}
        </DownloadButton>
        {srt ? (
          <DownloadButton href={srt.downloadUrl} variant="outline" data-testid="download-srt">
            {t("toolShared.result.downloadSrt")}
          </DownloadButton>
        ) : null}
        {vtt ? (
          <DownloadButton href={vtt.downloadUrl} variant="outline" data-testid="download-vtt">
            {t("toolShared.result.downloadVtt")}
          </DownloadButton>
        ) : null}
      </div>
    </div>
  );
}
