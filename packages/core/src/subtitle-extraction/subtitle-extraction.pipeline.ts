/**
 * Subtitle extraction: the burned-in subtitles of a video read by OCR (the text reader video
 * translation reads them with, decision 028) into timed lines, SRT, VTT and a transcript.
 *
 *   subtitle-extraction.extract   ingest → read → deliver   (charged per started minute)
 *
 * A bilingual subtitle (a Chinese and an English row on screen together) gives a file per language
 * besides the bilingual one. Each stage is a checkpoint: a restarted job resumes where it stopped.
 */
import { ErrorCode, type SubtitleScript } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { cleanTimedLines, readBurnedInSubtitles, videoIngestStage, writeCueFiles } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { linesInScripts, scriptsFound, type ExtractedLine } from './subtitle-scripts.ts';

/** `subtitle-extraction.extract`: read the subtitles of the asked scripts with the text reader `engineId`. */
export interface SubtitleExtractionJobInput {
  uploadId: string;
  uploadKey: string;
  durationSeconds: number;
  languages: SubtitleScript[];
  engineId: string;
}

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
          const read = await readBurnedInSubtitles(videoEngines, { engineId: input.engineId, videoFile: await files.path('source.video'), languages: input.languages, signal, onProgress: reportProgress });
          const all = cleanTimedLines(read.lines, durationSeconds);
          const lines = linesInScripts(all, input.languages);
          if (lines.length === 0) {
            // Subtitles in the script not asked for: say so, so the user can ask for it.
            const found = scriptsFound(all);
            if (found.includes('en') && !input.languages.includes('en')) throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_ONLY_ENGLISH);
            if (found.includes('zh') && !input.languages.includes('zh')) throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_ONLY_CHINESE);
            throw new DomainError(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
          }
          return { lines, warnings: read.warnings };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, files, store }) {
          const lines = (outputs.read?.lines as ExtractedLine[] | undefined) ?? [];
          const bilingual = lines.some((line) => line.zh && line.en);
          const written: Array<{ name: string; language: SubtitleScript | null }> = [];
          const write = async (baseName: string, language: SubtitleScript | null, cues: ExtractedLine[], text: (line: ExtractedLine) => string) => {
            const timed = cues.filter((line) => text(line)).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: text(line) }));
            for (const name of await writeCueFiles(scratch, files, baseName, timed)) written.push({ name, language });
            await scratch.writeText(await files.path(`${baseName}.txt`), transcriptOf(timed));
            written.push({ name: `${baseName}.txt`, language });
          };
          await write('subtitles', null, lines, (line) => line.text);
          if (bilingual) {
            await write('subtitles.zh', 'zh', lines, (line) => line.zh);
            await write('subtitles.en', 'en', lines, (line) => line.en);
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
        engineId: input.engineId,
        warnings: (outputs.read?.warnings as string[] | undefined) ?? [],
      };
    },
  };
}
