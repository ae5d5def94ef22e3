/**
 * Subtitle burn-in: a subtitle file drawn into a video's picture (libass through ffmpeg), in the
 * user's style, lines broken to fit the frame (CJK-aware); the audio is copied.
 *
 *   subtitle-burn-in.burn   ingest → burn → deliver
 *
 * Each stage is a checkpoint: a restarted job resumes at the stage that did not finish.
 */
import type { BurnInStyle } from '@voxwork/contract';
import { burnSubtitlesArgs, runFfmpeg } from '@voxwork/media';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { burnInScript, videoIngestStage, type VideoIngestOutput } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;

/** A cue of the file, as accepted (within the video). */
export interface BurnInLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** `subtitle-burn-in.burn`. */
export interface SubtitleBurnInJobInput {
  uploadId: string;
  uploadKey: string;
  durationSeconds: number;
  /** The subtitle file's name (shown with the result). */
  fileName: string;
  lines: BurnInLine[];
  style: BurnInStyle;
}

interface Deps {
  storage: StorageRepository;
  scratch: ScratchFiles;
}

export function createSubtitleBurnInPipeline(deps: Deps): PipelineDefinition<SubtitleBurnInJobInput> {
  return {
    stages: [
      videoIngestStage(deps),
      {
        name: 'burn',
        weight: 10,
        async run({ input, files, signal, outputs, reportProgress }) {
          const video = outputs.ingest as unknown as VideoIngestOutput;
          const cues = input.lines.map((line) => ({ start: line.startSeconds, end: Math.min(line.endSeconds, video.durationSeconds), text: line.text }));
          await deps.scratch.writeText(await files.path('subtitles.ass'), burnInScript(cues, { width: video.width, height: video.height, style: input.style, keepLineBreaks: true }));
          // `-progress pipe:1` (a global option, so first): the seconds written so far, for the progress bar.
          await runFfmpeg(['-progress', 'pipe:1', ...burnSubtitlesArgs({ video: await files.path('source.video'), subtitles: await files.path('subtitles.ass'), output: await files.path('burned.mp4') })], {
            signal,
            timeoutMs: MEDIA_TIMEOUT_MS,
            onProgress: (seconds: number) => reportProgress(Math.min(99, (seconds / Math.max(0.1, video.durationSeconds)) * 100)),
          });
          return { files: ['burned.mp4', 'subtitles.ass'] };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, store }) {
          const durationSeconds = (outputs.ingest as { durationSeconds: number }).durationSeconds;
          return { media: [await store('burned.mp4', { role: 'video', durationSeconds })] };
        },
      },
    ],
    result(input, outputs) {
      return {
        media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [],
        uploadId: input.uploadId,
        fileName: input.fileName,
        lines: input.lines.length,
        style: input.style,
      };
    },
  };
}
