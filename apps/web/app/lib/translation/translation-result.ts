import type { JobView } from "@voxwork/contract";
import { TOOL_PAGES, type ToolPageId } from "@voxwork/contract/tools";

/**
 * A finished video translation as the page shows it: `job.output` of `video-translation.dub`
 * (`result` in `packages/core/src/video-translation/video-translation.pipeline.ts`, read
 * defensively: the browser has no schema for it) and its files in `job.media`, found by name.
 */

export type LineFit = "fits" | "borrowed" | "sped-up" | "overrun" | "overlaps";

export interface TranslatedLine {
  id: string;
  startSeconds: number;
  endSeconds: number;
  source: string;
  translation: string;
  dubStartSeconds: number | null;
  dubEndSeconds: number | null;
  speed: number | null;
  fit: LineFit | null;
}

export interface TranslationTarget {
  language: string;
  voiceKey: string | null;
  /** The voice that spoke each speaker's lines (speaker id → library voice key). */
  speakerVoices: Record<string, string>;
  lines: TranslatedLine[];
}

/** A speaker as measured from the soundtrack. */
export interface SpeakerSummary {
  speakerId: string;
  medianPitchHz: number | null;
  suggestedGender: "female" | "male" | null;
}

export interface VideoTranslationResult {
  sourceLanguage: string;
  textSource: "speech" | "subtitles" | "subtitle-file" | "given-translation" | null;
  durationSeconds: number | null;
  speakers: SpeakerSummary[];
  targets: TranslationTarget[];
  warnings: string[];
}

type MediaFile = JobView["media"][number];

const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const numberOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const FITS = new Set<LineFit>(["fits", "borrowed", "sped-up", "overrun", "overlaps"]);
const SOURCES = new Set(["speech", "subtitles", "subtitle-file", "given-translation"]);

function readLine(value: unknown): TranslatedLine {
  const line = record(value);
  return {
    id: text(line.id),
    startSeconds: numberOrNull(line.startSeconds) ?? 0,
    endSeconds: numberOrNull(line.endSeconds) ?? 0,
    source: text(line.source),
    translation: text(line.translation),
    dubStartSeconds: numberOrNull(line.dubStartSeconds),
    dubEndSeconds: numberOrNull(line.dubEndSeconds),
    speed: numberOrNull(line.speed),
    fit: FITS.has(line.fit as LineFit) ? (line.fit as LineFit) : null,
  };
}

/**
 * Speakers given the same voice automatically (the language has fewer voices of their gender
 * than speakers): one group per shared voice, to say so. A voice the person chose for two
 * speakers is their choice and not listed.
 */
export function sharedVoices(
  voices: ReadonlyArray<{ speakerId: string; voiceKey: string; spokenVoiceKey: string | null }>,
  summaries: ReadonlyArray<{ speakerId: string; suggestedGender: "female" | "male" | null }>,
): Array<{ voiceKey: string; speakerIds: string[]; gender: "female" | "male" }> {
  const groups = new Map<string, string[]>();
  for (const voice of voices) if (voice.voiceKey === "auto" && voice.spokenVoiceKey) groups.set(voice.spokenVoiceKey, [...(groups.get(voice.spokenVoiceKey) ?? []), voice.speakerId]);
  return [...groups.entries()]
    .filter(([, speakerIds]) => speakerIds.length > 1)
    .map(([voiceKey, speakerIds]) => ({ voiceKey, speakerIds, gender: summaries.find((summary) => summary.speakerId === speakerIds[0])?.suggestedGender ?? "male" }));
}

/** The result of a completed video translation job, or null when the job has none (yet). */
export function readTranslationResult(job: Pick<JobView, "status" | "output">): VideoTranslationResult | null {
  if (job.status !== "completed" || !job.output) return null;
  const output = job.output;
  const targets = Array.isArray(output.targets) ? output.targets.map(record) : [];
  return {
    sourceLanguage: text(output.sourceLanguage),
    textSource: SOURCES.has(text(output.textSource)) ? (output.textSource as VideoTranslationResult["textSource"]) : null,
    durationSeconds: numberOrNull(output.durationSeconds),
    speakers: (Array.isArray(output.speakers) ? output.speakers.map(record) : [])
      .filter((speaker) => text(speaker.speakerId))
      .map((speaker) => ({
        speakerId: text(speaker.speakerId),
        medianPitchHz: numberOrNull(speaker.medianPitchHz),
        suggestedGender: speaker.suggestedGender === "female" || speaker.suggestedGender === "male" ? speaker.suggestedGender : null,
      })),
    targets: targets.map((target) => ({
      language: text(target.language),
      voiceKey: text(target.voiceKey) || null,
      speakerVoices: Object.fromEntries(Object.entries(record(target.speakerVoices)).filter((entry): entry is [string, string] => typeof entry[1] === "string")),
      lines: Array.isArray(target.lines) ? target.lines.map(readLine) : [],
    })),
    warnings: Array.isArray(output.warnings) ? output.warnings.filter((warning): warning is string => typeof warning === "string") : [],
  };
}

export interface TargetFiles {
  /** The video the result plays: the dubbed one, or — a run without a dub — the subtitled one. */
  video: MediaFile | undefined;
  /** The original voices with the new subtitles drawn (`output: subtitles | both`). */
  subtitled: MediaFile | undefined;
  dubbedAudio: MediaFile | undefined;
  voiceStem: MediaFile | undefined;
  subtitlesSrt: MediaFile | undefined;
  subtitlesVtt: MediaFile | undefined;
}

export interface SharedFiles {
  backgroundStem: MediaFile | undefined;
  sourceSrt: MediaFile | undefined;
  sourceVtt: MediaFile | undefined;
}

const named = (job: Pick<JobView, "media">, name: string) => job.media.find((file) => file.name === name);

/** One target language's files (`es-video.mp4`, `es-dubbed-audio.mp3`, …). */
export function targetFiles(job: Pick<JobView, "media">, language: string): TargetFiles {
  return {
    video: named(job, `${language}-video.mp4`) ?? named(job, `${language}-subtitled.mp4`),
    subtitled: named(job, `${language}-subtitled.mp4`),
    dubbedAudio: named(job, `${language}-dubbed-audio.mp3`),
    voiceStem: named(job, `${language}-voice-stem.mp3`),
    subtitlesSrt: named(job, `${language}-subtitles.srt`),
    subtitlesVtt: named(job, `${language}-subtitles.vtt`),
  };
}

/** The files every target shares: the background stem and the source subtitles. */
export function sharedFiles(job: Pick<JobView, "media">): SharedFiles {
  return { backgroundStem: named(job, "background-stem.mp3"), sourceSrt: named(job, "source.srt"), sourceVtt: named(job, "source.vtt") };
}

/** The mode a run was accepted with (`pro` waits for a review step once it exists). */
export function translationMode(job: Pick<JobView, "input">): "quick" | "pro" {
  return job.input.mode === "pro" ? "pro" : "quick";
}

/** The upload a run was made from (jobs accepted before it was kept have none). */
export function sourceUploadId(job: Pick<JobView, "input">): string | null {
  return typeof job.input.uploadId === "string" ? job.input.uploadId : null;
}

const pagePath = (id: ToolPageId, jobId: string) => TOOL_PAGES.find((page) => page.id === id)!.paths.en.replace(":slug", encodeURIComponent(jobId));

/** The page showing one run's result (locale-neutral): pro runs under the pro pages. */
export function translationResultPath(job: Pick<JobView, "id" | "input">): string {
  return pagePath(translationMode(job) === "pro" ? "video-translator-pro-result" : "video-translator-details", job.id);
}

/** A job id as the `:slug` of a result page (job ids are UUIDs; anything else is no page). */
export const JOB_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `83.45` → `1:23.4` (times of lines in the table). */
export function formatLineTime(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, "0")}`;
}
