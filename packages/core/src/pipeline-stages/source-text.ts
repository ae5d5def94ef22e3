/**
 * Where a video's words come from, tried in the order chosen when the job was accepted
 * (`engine-choice.ts`): a subtitle file, burned-in subtitles read by OCR, or speech recognition
 * (its lines cut where the speaker changes). The first source that yields lines wins. Video
 * translation's source-text stage and dubbing's preparation both read their text here.
 */
import type { TimedLine, VideoEngines, SpeakerSegment } from '../engines/video-engines.port.ts';
import { cleanTimedLines, readBurnedInSubtitles, trackInLanguage } from '../pipeline-stages/subtitle-readings.ts';
import { splitLinesAtSpeakerChanges } from './speakers.ts';

export type TextSource = 'speech' | 'subtitles' | 'subtitle-file';
export type TextSourceInput = { kind: 'speech' | 'subtitles'; engineId: string } | { kind: 'subtitle-file'; lines: TimedLine[] };

/**
 * The lines of the first source that has any (cleaned: within the media, no empty text), or
 * `found: undefined` with the kind of the first source that came back empty (the caller's error).
 */
export async function readSourceText(
  videoEngines: VideoEngines,
  request: {
    textSources: readonly TextSourceInput[];
    language: string;
    /** The video (burned-in subtitles are read from it); absent for audio. */
    videoFile?: string | undefined;
    /** The soundtrack as 16 kHz mono WAV (speech recognition hears it). */
    speechFile: string;
    durationSeconds: number;
    /** The speech segments and their speakers (measured once by the caller). */
    speakerSegments: () => Promise<SpeakerSegment[]>;
    signal: AbortSignal;
    reportProgress: (percent: number) => void;
  },
): Promise<{ found: { kind: TextSource; engineId: string | null; lines: TimedLine[] } | undefined; emptyKind: TextSource | undefined; warnings: string[] }> {
  const warnings: string[] = [];
  let emptyKind: TextSource | undefined;
  for (const source of request.textSources) {
    let lines: TimedLine[];
    if (source.kind === 'subtitle-file') lines = source.lines;
    else if (source.kind === 'subtitles') {
      if (!request.videoFile) continue;
      const read = await readBurnedInSubtitles(videoEngines, { engineId: source.engineId, videoFile: request.videoFile, languages: [request.language], signal: request.signal, onProgress: request.reportProgress });
      // Chinese over English is two tracks: the one in the run's source language (or the dominant one) is the text.
      lines = trackInLanguage(read.tracks, request.language)?.lines ?? [];
      warnings.push(...read.warnings);
    } else {
      const heard = await videoEngines.recognizeSpeech({ engineId: source.engineId, audioFile: request.speechFile, language: request.language, signal: request.signal });
      // A recogniser cuts at pauses, not at speakers: a line holding two voices is cut where the speaker changes.
      lines = splitLinesAtSpeakerChanges(heard.lines, await request.speakerSegments());
      warnings.push(...heard.warnings);
    }
    const cleaned = cleanTimedLines(lines, request.durationSeconds);
    if (cleaned.length) return { found: { kind: source.kind, engineId: 'engineId' in source ? source.engineId : null, lines: cleaned }, emptyKind, warnings };
    emptyKind ??= source.kind;
  }
  return { found: undefined, emptyKind, warnings };
}
