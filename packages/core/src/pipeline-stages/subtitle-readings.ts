/**
 * Burned-in subtitles read by OCR, as timed lines (video translation's source text, subtitle
 * extraction's result). OCR reads one line several times while it is on screen; a moving
 * background can make one reading differ by a stray character ("0 Welcome…" / "Welcome…") or split
 * a line in two around a frame it misread. Consecutive readings that are nearly the same text and
 * nearly touch are one line: it lasts from the first to the last, and its text is the reading seen
 * longest. Readings with fewer than two letters (a digit of the background) are dropped.
 */
import { editDistance, ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import { toSrt, toVtt } from '@voxwork/media';
import type { PictureBox, SubtitleTrack, TimedLine, TrackedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles } from '../jobs/pipeline-definition.ts';

export interface ReadingMergeRules {
  /** Readings this close in time can be one line (seconds). */
  maxGapSeconds: number;
  /** 1 − edit distance ÷ the longer text, at or above which two readings are the same line. */
  minSimilarity: number;
}

export const DEFAULT_READING_RULES: ReadingMergeRules = { maxGapSeconds: 0.6, minSimilarity: 0.75 };

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

export function textSimilarity(a: string, b: string): number {
  const left = [...a.trim().toLowerCase()];
  const right = [...b.trim().toLowerCase()];
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - editDistance(left, right) / longest;
}

export function mergeSubtitleReadings(lines: readonly TimedLine[], rules: ReadingMergeRules = DEFAULT_READING_RULES): TimedLine[] {
  const sorted = lines.filter((line) => letters(line.text) >= 2).sort((a, b) => a.startSeconds - b.startSeconds);
  const merged: TimedLine[] = [];
  let group: { startSeconds: number; endSeconds: number; readings: Map<string, number> } | undefined;
  const best = (readings: Map<string, number>) => [...readings.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0]![0];
  const close = () => {
    if (group) merged.push({ startSeconds: group.startSeconds, endSeconds: group.endSeconds, text: best(group.readings) });
  };
  for (const line of sorted) {
    const shown = line.endSeconds - line.startSeconds;
    if (group && line.startSeconds - group.endSeconds <= rules.maxGapSeconds && textSimilarity(best(group.readings), line.text) >= rules.minSimilarity) {
      group.endSeconds = Math.max(group.endSeconds, line.endSeconds);
      group.readings.set(line.text, (group.readings.get(line.text) ?? 0) + shown);
      continue;
    }
    close();
    group = { startSeconds: line.startSeconds, endSeconds: line.endSeconds, readings: new Map([[line.text, shown]]) };
  }
  close();
  return merged;
}

/** Lines as a tool keeps them: inside the video, spaces collapsed, empty text dropped, in time order. */
export function cleanTimedLines(lines: readonly TimedLine[], durationSeconds: number): TimedLine[] {
  return lines
    .map((line) => ({ startSeconds: Math.max(0, line.startSeconds), endSeconds: Math.min(durationSeconds, line.endSeconds), text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text && line.endSeconds > line.startSeconds)
    .sort((a, b) => a.startSeconds - b.startSeconds);
}

/** One subtitle track as read: its lines (repeated readings merged), its language and where it is. */
export interface ReadTrack {
  /** Its index in the reading's candidates (undefined: the reader gave no tracks, all lines are one). */
  index: number | undefined;
  language: string | undefined;
  /** Top of its place in the picture (pixels), to order tracks as they are on screen. */
  top: number | undefined;
  lines: TimedLine[];
}

/**
 * The burned-in subtitles of a video read by a text reader (`engineId`), repeated readings merged
 * into lines, track by track (Chinese over English is two tracks, each timed on its own; decision
 * 070): `tracks` in the order the reader ranks them (the dominant first), `lines` all of them in
 * time order, `candidates` every candidate track found (for a review to show).
 */
export async function readBurnedInSubtitles(
  videoEngines: VideoEngines,
  request: { engineId: string; videoFile: string; languages: string[]; subtitleTrack?: PictureBox | undefined; signal?: AbortSignal | undefined; onProgress?: ((percent: number) => void) | undefined },
): Promise<{ lines: TimedLine[]; tracks: ReadTrack[]; candidates: SubtitleTrack[]; warnings: string[] }> {
  const read = await videoEngines.readSubtitles(request);
  const candidates = read.tracks ?? [];
  const tracks = readTracks(read.lines, candidates);
  return { lines: tracks.flatMap((track) => track.lines).sort((a, b) => a.startSeconds - b.startSeconds), tracks, candidates, warnings: read.warnings };
}

/** Lines grouped by their track, each group's readings merged, tracks by their index (lines without one: a single track). */
export function readTracks(lines: readonly TrackedLine[], candidates: readonly SubtitleTrack[]): ReadTrack[] {
  const byTrack = new Map<number | undefined, TrackedLine[]>();
  for (const line of lines) byTrack.set(line.track, [...(byTrack.get(line.track) ?? []), line]);
  return [...byTrack.entries()]
    .sort(([a], [b]) => (a ?? -1) - (b ?? -1))
    .map(([index, group]) => {
      const candidate = index === undefined ? undefined : candidates[index];
      return { index, language: candidate?.language, top: candidate?.box.y, lines: mergeSubtitleReadings(group.map(({ startSeconds, endSeconds, text }) => ({ startSeconds, endSeconds, text }))) };
    })
    .filter((track) => track.lines.length > 0);
}

const baseLanguage = (language: string) => language.toLowerCase().split(/[-_]/)[0]!;

/** The track in `language` (its base: `zh-CN` reads a `zh` track), or the dominant one when none is; undefined when nothing was read. */
export function trackInLanguage(tracks: readonly ReadTrack[], language: string): ReadTrack | undefined {
  return tracks.find((track) => track.language !== undefined && baseLanguage(track.language) === baseLanguage(language)) ?? tracks[0];
}

/** Throws 7203 when a picked subtitle track lies (partly) outside the picture (when the picture's size is known). */
export function checkSubtitleTrack(box: PictureBox | undefined, picture: { width: number | null; height: number | null }): void {
  if (!box || !picture.width || !picture.height) return;
  if (box.x + box.width > picture.width + 1 || box.y + box.height > picture.height + 1) throw new DomainError(ErrorCode.SUBTITLE_TRACK_OUTSIDE_FRAME, { width: picture.width, height: picture.height });
}

/** `<baseName>.srt` and `<baseName>.vtt` of `cues` written as job files; their names. */
export async function writeCueFiles(scratch: ScratchFiles, files: JobFiles, baseName: string, cues: ReadonlyArray<{ start: number; end: number; text: string }>): Promise<string[]> {
  await scratch.writeText(await files.path(`${baseName}.srt`), toSrt(cues));
  await scratch.writeText(await files.path(`${baseName}.vtt`), toVtt(cues));
  return [`${baseName}.srt`, `${baseName}.vtt`];
}
