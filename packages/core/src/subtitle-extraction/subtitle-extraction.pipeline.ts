/**
 * Subtitle extraction: the burned-in subtitles of a video read by OCR (the text reader video
 * translation reads them with, decision 028) into timed lines, SRT, VTT and a transcript.
 *
 *   subtitle-extraction.extract   ingest → read → deliver   (charged per started minute)
 *
 * A bilingual subtitle (a Chinese and an English row on screen together) is two tracks, each read
 * and timed on its own (decision 070): a file per language with its own times, besides the
 * bilingual one whose lines pair them by time. The candidate tracks found are in the result
 * (`subtitleTracks`) for the page to show on a frame; a run can read only the one picked
 * (`subtitleTrack`). Each stage is a checkpoint: a restarted job resumes where it stopped.
 */
import { ErrorCode, type PictureBox, type SubtitleScript, type SubtitleTrack } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { cleanTimedLines, readBurnedInSubtitles, videoIngestStage, writeCueFiles } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { linesInScripts, pairTracks, scriptsFound, type ExtractedLine, type ScriptTrack } from './subtitle-scripts.ts';

/** `subtitle-extraction.extract`: read the subtitles of the asked scripts with the text reader `engineId`. */
export interface SubtitleExtractionJobInput {
  uploadId: string;
  uploadKey: string;
  durationSeconds: number;
  languages: SubtitleScript[];
  engineId: string;
  /** Read only the track a person picked there (a `subtitleTracks` box of an earlier result). */
  subtitleTrack?: PictureBox | undefined;
}

const SCRIPTS: readonly SubtitleScript[] = ['zh', 'en'];

interface Deps {
  videoEngines: VideoEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}

/** The transcript: one line per subtitle, or for bilingual subtitles each subtitle's rows with a blank line after. */
export function transcriptOf(lines: ReadonlyArray<{ text: string }>): string {
  const rows = lines.map((line) => line.text.trim()).filter(Boolean);
  return `${rows.join(rows.some((row) => row.includes('\n')) ? '\n\n' : '\n')}\n`;
}

export function createSubtitleExtractionPipeline({ videoEngines, storage, scratch }: Deps): PipelineDefinition<SubtitleExtractionJobInput> {
  return {
    stages: [
      videoIngestStage({ storage, scratch }),
      {
        name: 'read',
        weight: 8,
        async run({ input, files, signal, outputs, reportProgress }) {
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const read = await readBurnedInSubtitles(videoEngines, {
            engineId: input.engineId,
            videoFile: await files.path('source.video'),
            languages: input.languages,
            ...(input.subtitleTrack ? { subtitleTrack: input.subtitleTrack } : {}),
            signal,
            onProgress: reportProgress,
          });
          const all = cleanTimedLines(read.lines, durationSeconds);
          // Tracks of both scripts (Chinese over English): each asked one keeps its own times; the bilingual view pairs them.
          const scriptTracks = read.tracks.flatMap((track): ScriptTrack[] =>
            SCRIPTS.includes(track.language as SubtitleScript) ? [{ language: track.language as SubtitleScript, top: track.top, lines: cleanTimedLines(track.lines, durationSeconds) }] : [],
          );
          const bothScripts = new Set(scriptTracks.map((track) => track.language)).size === 2;
          const asked = scriptTracks.filter((track, index) => input.languages.includes(track.language) && scriptTracks.findIndex((other) => other.language === track.language) === index && track.lines.length > 0);
          const lines = bothScripts ? pairTracks(asked) : linesInScripts(all, input.languages);
          const trackLines: Partial<Record<SubtitleScript, TimedLine[]>> | undefined = bothScripts ? Object.fromEntries(asked.map((track) => [track.language, [...track.lines]])) : undefined;
          if (lines.length === 0) {
            // Subtitles in the script not asked for: say so, so the user can ask for it.
            const found = bothScripts ? scriptTracks.map((track) => track.language) : scriptsFound(all);
            if (found.includes('en') && !input.languages.includes('en')) throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_ONLY_ENGLISH);
            if (found.includes('zh') && !input.languages.includes('zh')) throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_ONLY_CHINESE);
            throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
          }
          return { lines, ...(trackLines ? { trackLines } : {}), subtitleTracks: read.candidates, warnings: read.warnings };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, files, store }) {
          const lines = (outputs.read?.lines as ExtractedLine[] | undefined) ?? [];
          const trackLines = outputs.read?.trackLines as Partial<Record<SubtitleScript, TimedLine[]>> | undefined;
          const bilingual = lines.some((line) => line.zh && line.en);
          const written: Array<{ name: string; language: SubtitleScript | null }> = [];
          const write = async (baseName: string, language: SubtitleScript | null, cues: ReadonlyArray<{ startSeconds: number; endSeconds: number; text: string }>) => {
            const timed = cues.filter((line) => line.text).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: line.text }));
            for (const name of await writeCueFiles(scratch, files, baseName, timed)) written.push({ name, language });
            await scratch.writeText(await files.path(`${baseName}.txt`), transcriptOf(timed));
            written.push({ name: `${baseName}.txt`, language });
          };
          await write('subtitles', null, lines);
          if (bilingual) {
            // Each language's file: its own track's lines and times when the rows were read as tracks.
            for (const script of SCRIPTS) await write(`subtitles.${script}`, script, trackLines?.[script] ?? lines.map((line) => ({ ...line, text: line[script] })));
          }
          const media: JobMediaFile[] = [];
          for (const file of written) media.push(await store(file.name, { role: 'subtitles' }));
          return { media, bilingual };
        },
      },
    ],
    result(input, outputs) {
      const lines = (outputs.read?.lines as ExtractedLine[] | undefined) ?? [];
      return {
        media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [],
        uploadId: input.uploadId,
        lines,
        lineCount: lines.length,
        languages: (['zh', 'en'] as const).filter((script) => lines.some((line) => line[script])).join(', '),
        bilingual: (outputs.deliver?.bilingual as boolean | undefined) ?? false,
        /** Every candidate track found (chosen ones first), for the page to show on a frame. */
        subtitleTracks: (outputs.read?.subtitleTracks as SubtitleTrack[] | undefined) ?? [],
        subtitleTrack: input.subtitleTrack ?? null,
        engineId: input.engineId,
        warnings: (outputs.read?.warnings as string[] | undefined) ?? [],
      };
    },
  };
}
