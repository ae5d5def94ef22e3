/**
 * Burned-in subtitles read by OCR, as timed lines (video translation's source text, subtitle
 * extraction's result). OCR reads one line several times while it is on screen; a moving
 * background can make one reading differ by a stray character ("0 Welcome…" / "Welcome…") or split
 * a line in two around a frame it misread. Consecutive readings that are nearly the same text and
 * nearly touch are one line: it lasts from the first to the last, and its text is the reading seen
 * longest. Readings with fewer than two letters (a digit of the background) are dropped.
 */
import { editDistance } from '@voxwork/contract';
import { toSrt, toVtt } from '@voxwork/media';
import type { TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
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

/** The burned-in subtitles of a video read by a text reader (`engineId`), repeated readings merged into lines. */
export async function readBurnedInSubtitles(
  videoEngines: VideoEngines,
  request: { engineId: string; videoFile: string; languages: string[]; signal?: AbortSignal | undefined; onProgress?: ((percent: number) => void) | undefined },
): Promise<{ lines: TimedLine[]; warnings: string[] }> {
  const read = await videoEngines.readSubtitles(request);
  return { lines: mergeSubtitleReadings(read.lines), warnings: read.warnings };
}

/** `<baseName>.srt` and `<baseName>.vtt` of `cues` written as job files; their names. */
export async function writeCueFiles(scratch: ScratchFiles, files: JobFiles, baseName: string, cues: ReadonlyArray<{ start: number; end: number; text: string }>): Promise<string[]> {
  await scratch.writeText(await files.path(`${baseName}.srt`), toSrt(cues));
  await scratch.writeText(await files.path(`${baseName}.vtt`), toVtt(cues));
  return [`${baseName}.srt`, `${baseName}.vtt`];
}
