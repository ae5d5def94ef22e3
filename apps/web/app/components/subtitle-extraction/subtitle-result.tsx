import type { JobView } from "@voxwork/contract";
import { CopyIcon } from "lucide-react";
import { toast } from "sonner";
import { useT } from "../../i18n";
import { Button } from "../ui/button";
import { DownloadButton } from "../tool-shared/download-button";

/** A line of the result (`subtitle-extraction.extract`'s `lines`): its rows joined by a line feed, and per language. */
export interface ExtractedLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
  zh: string;
  en: string;
}

type Media = JobView["media"][number];

/** The extracted lines of a completed job, read defensively (a completed job's output may arrive with a later event). */
export function extractedLines(job: JobView | null): ExtractedLine[] | null {
  if (job?.status !== "completed") return null;
  const lines = (job.output as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? (lines as ExtractedLine[]) : null;
}

/** `75.4` → `1:15.40`: minutes, seconds and hundredths (subtitle timing is checked to a tenth). */
export function cueTime(seconds: number): string {
  const hundredths = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(hundredths / 6000);
  const rest = (hundredths % 6000) / 100;
  return `${minutes}:${rest.toFixed(2).padStart(5, "0")}`;
}

const GROUPS = [
  { key: "all", suffix: "" },
  { key: "zh", suffix: ".zh" },
  { key: "en", suffix: ".en" },
] as const;
const FORMATS = ["srt", "vtt", "txt"] as const;

/** Download buttons: SRT, VTT and TXT of all lines, and per language when the subtitles are bilingual. */
export function SubtitleDownloads({ media }: { media: readonly Media[] }) {
  const t = useT();
  const groups = GROUPS.map((group) => ({ ...group, files: FORMATS.map((format) => ({ format, file: media.find((file) => file.name === `subtitles${group.suffix}.${format}`) })) })).filter((group) =>
    group.files.some(({ file }) => file),
  );
  return (
    <div className="grid gap-2" data-testid="subtitle-downloads">
      <h3 className="text-sm font-semibold">{t("subtitleExtraction.result.downloads")}</h3>
      {groups.map((group) => (
        <div key={group.key} className="flex flex-wrap items-center gap-2">
          <span className="w-full text-sm text-muted-foreground sm:w-24 sm:shrink-0">{t(`subtitleExtraction.result.${group.key}`)}</span>
          {group.files.map(({ format, file }) =>
            file ? (
              <DownloadButton key={format} href={file.downloadUrl} variant="outline" data-testid={`download-${group.key}-${format}`}>
                {format.toUpperCase()}
              </DownloadButton>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}

/** The lines as a table: time range and text (rows of a bilingual line one above the other). */
export function SubtitleLinesTable({ lines }: { lines: readonly ExtractedLine[] }) {
  const t = useT();
  return (
    <div className="max-h-[28rem] overflow-auto rounded-xl border border-border">
      <table className="w-full border-collapse text-sm" data-testid="subtitle-lines">
        <caption className="sr-only">{t("subtitleExtraction.result.tableCaption")}</caption>
        <thead className="sticky top-0 bg-surface-muted text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("subtitleExtraction.result.time")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("subtitleExtraction.result.text")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.startSeconds}-${index}`} className="border-t border-border align-top" data-testid="subtitle-line">
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs tabular-nums text-muted-foreground">
                {cueTime(line.startSeconds)}
                <br />
                {cueTime(line.endSeconds)}
              </td>
              <td className="whitespace-pre-line break-words px-3 py-2">{line.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Copies the transcript to the clipboard, as the TXT download has it: a line per subtitle, or a paragraph per two-row subtitle. */
export function CopyTranscriptButton({ lines }: { lines: readonly ExtractedLine[] }) {
  const t = useT();
  async function copy() {
    const rows = lines.map((line) => line.text);
    try {
      await navigator.clipboard.writeText(rows.join(rows.some((row) => row.includes("\n")) ? "\n\n" : "\n"));
      toast.success(t("subtitleExtraction.result.copied"));
    } catch {
      toast.error(t("subtitleExtraction.result.copyFailed"));
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} data-testid="copy-transcript">
      <CopyIcon aria-hidden="true" />
      {t("subtitleExtraction.result.copy")}
    </Button>
  );
}
