/**
 * Video erasure: burned-in subtitles, text, watermarks and drawn regions removed from a video
 * (decision 029). Three job types share the stages:
 *
 *   video-erasure.detect   ingest → detect                      (free: the regions found, to review)
 *   video-erasure.preview  ingest → cut → erase → compose → deliver   (free: 10 s, masks beside the result)
 *   video-erasure.erase    ingest → detect → erase → deliver     (charged; detect passes given regions through)
 *
 * Each stage is a checkpoint: a restarted job resumes at the stage that did not finish.
 */
import { ERASURE_PREVIEW_SECONDS, ErrorCode, type ErasureRegion } from '@voxwork/contract';
import { cutClipArgs, runFfmpeg, sideBySideArgs } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { PixelRegion, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { videoIngestStage, type VideoIngestOutput } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { masksOf, regionsFromTexts, type FoundRegion } from '../pipeline-stages/erasure-regions.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;
/** Each half of the preview is this wide at most. */
const PREVIEW_HALF_WIDTH = 640;

export type ErasureFill = 'best' | 'inpaint' | 'fast';
export type ErasureDetection = 'subtitles' | 'all-text';

interface ErasureSource {
  uploadId: string;
  uploadKey: string;
  durationSeconds: number;
}

/** `video-erasure.detect`: find the text of a video. */
export interface VideoErasureDetectJobInput extends ErasureSource {
  detection: ErasureDetection;
  /** With `subtitles`: only the track a person picked there (a `subtitleTracks` box of an earlier result). */
  subtitleTrack?: PixelRegion | undefined;
}

/** `video-erasure.erase`: erase the regions (none, in automatic mode: find them first). */
export interface VideoErasureJobInput extends ErasureSource {
  regions: ErasureRegion[];
  mode: 'automatic' | 'regions';
  detection: ErasureDetection;
  /** Automatic mode with `subtitles`: only the track a person picked there. */
  subtitleTrack?: PixelRegion | undefined;
  fill: ErasureFill;
}

/** `video-erasure.preview`: the regions erased from `ERASURE_PREVIEW_SECONDS` from `startSeconds`. */
export interface VideoErasurePreviewJobInput extends ErasureSource {
  regions: ErasureRegion[];
  fill: ErasureFill;
  startSeconds: number;
}

interface Deps {
  erasureEngines: VideoErasureEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}

const ingested = (outputs: Readonly<Record<string, Record<string, unknown>>>) => outputs.ingest as unknown as VideoIngestOutput;

/**
 * The text of the video as regions (the detect job's result and the automatic mode's regions): in
 * `subtitles` mode each track's lines with their own boxes (Chinese over English: each row masked
 * on its own), and the candidate tracks found (`subtitleTracks`) for the review to show.
 */
async function findRegions(deps: Deps, videoFile: string, request: { detection: ErasureDetection; subtitleTrack?: PixelRegion | undefined }, video: VideoIngestOutput, signal: AbortSignal, onProgress: (percent: number) => void) {
  const subtitleTrack = request.detection === 'subtitles' ? request.subtitleTrack : undefined;
  const found = await deps.erasureEngines.findText({ videoFile, mode: request.detection, ...(subtitleTrack ? { subtitleTrack } : {}), signal, onProgress });
  return { regions: regionsFromTexts(found.texts, request.detection, video), subtitleTracks: found.tracks ?? [], warnings: found.warnings };
}

export function createVideoErasureDetectPipeline(deps: Deps): PipelineDefinition<VideoErasureDetectJobInput> {
  return {
    stages: [
      videoIngestStage(deps),
      {
        name: 'detect',
        weight: 6,
        async run({ input, files, signal, outputs, reportProgress }) {
          const video = ingested(outputs);
          const { regions, subtitleTracks, warnings } = await findRegions(deps, await files.path('source.video'), input, video, signal, reportProgress);
          return { regions, subtitleTracks, subtitleTrack: input.subtitleTrack ?? null, warnings, width: video.width, height: video.height, durationSeconds: video.durationSeconds, detection: input.detection };
        },
      },
    ],
  };
}

export function createVideoErasurePipeline(deps: Deps): PipelineDefinition<VideoErasureJobInput> {
  return {
    stages: [
      videoIngestStage(deps),
      {
        name: 'detect',
        weight: 2,
        async run({ input, files, signal, outputs, reportProgress }) {
          if (input.regions.length > 0 || input.mode === 'regions') return { regions: input.regions, found: false };
          const video = ingested(outputs);
          const { regions, subtitleTracks, warnings } = await findRegions(deps, await files.path('source.video'), input, video, signal, reportProgress);
          if (regions.length === 0) throw new DomainError(ErrorCode.ERASURE_NO_TEXT_FOUND);
          return { regions, subtitleTracks, found: true, warnings };
        },
      },
      {
        name: 'erase',
        weight: 10,
        async run({ input, files, signal, outputs, reportProgress }) {
          const video = ingested(outputs);
          const regions = (outputs.detect?.regions as ErasureRegion[] | FoundRegion[] | undefined) ?? input.regions;
          const erased = await deps.erasureEngines.erase({
            videoFile: await files.path('source.video'),
            outputFile: await files.path('erased.mp4'),
            masks: masksOf(regions, video.durationSeconds),
            fill: input.fill,
            signal,
            onProgress: reportProgress,
          });
          return { files: ['erased.mp4'], durationSeconds: erased.durationSeconds, stats: erased.stats ?? null, warnings: erased.warnings };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, store }) {
          const durationSeconds = outputs.erase?.durationSeconds as number | undefined;
          return { media: [await store('erased.mp4', { role: 'video', durationSeconds })] };
        },
      },
    ],
    result(input, outputs) {
      return {
        media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [],
        uploadId: input.uploadId,
        regions: outputs.detect?.regions ?? input.regions,
        subtitleTracks: outputs.detect?.subtitleTracks ?? [],
        stats: outputs.erase?.stats ?? null,
        warnings: [...((outputs.detect?.warnings as string[] | undefined) ?? []), ...((outputs.erase?.warnings as string[] | undefined) ?? [])],
      };
    },
  };
}

export function createVideoErasurePreviewPipeline(deps: Deps): PipelineDefinition<VideoErasurePreviewJobInput> {
  const window = (input: VideoErasurePreviewJobInput, durationSeconds: number) => {
    const length = Math.min(ERASURE_PREVIEW_SECONDS, durationSeconds);
    return { start: Math.max(0, Math.min(input.startSeconds, durationSeconds - length)), length };
  };
  return {
    stages: [
      videoIngestStage(deps),
      {
        name: 'cut',
        weight: 1,
        async run({ input, files, signal, outputs }) {
          const { start, length } = window(input, ingested(outputs).durationSeconds);
          await runFfmpeg(cutClipArgs({ input: await files.path('source.video'), output: await files.path('clip.mp4'), startSeconds: start, durationSeconds: length }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          return { files: ['clip.mp4'], startSeconds: start, durationSeconds: length };
        },
      },
      {
        name: 'erase',
        weight: 6,
        async run({ input, files, signal, outputs, reportProgress }) {
          const cut = outputs.cut as { startSeconds: number; durationSeconds: number };
          const erased = await deps.erasureEngines.erase({
            videoFile: await files.path('clip.mp4'),
            outputFile: await files.path('clip-erased.mp4'),
            masks: masksOf(input.regions, cut.durationSeconds, cut.startSeconds),
            fill: input.fill,
            signal,
            onProgress: reportProgress,
          });
          return { files: ['clip-erased.mp4'], stats: erased.stats ?? null, warnings: erased.warnings };
        },
      },
      {
        name: 'compose',
        weight: 1,
        async run({ input, files, signal, outputs }) {
          const cut = outputs.cut as { startSeconds: number; durationSeconds: number };
          const regions = masksOf(input.regions, cut.durationSeconds, cut.startSeconds).map((mask) => ({ ...mask.box, startSeconds: mask.startSeconds, endSeconds: mask.endSeconds }));
          const halfWidth = Math.min(PREVIEW_HALF_WIDTH, ingested(outputs).width - (ingested(outputs).width % 2));
          await runFfmpeg(sideBySideArgs({ original: await files.path('clip.mp4'), erased: await files.path('clip-erased.mp4'), output: await files.path('preview.mp4'), regions, halfWidth }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          return { files: ['preview.mp4'] };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, store }) {
          const cut = outputs.cut as { durationSeconds: number };
          return { media: [await store('preview.mp4', { role: 'video', durationSeconds: cut.durationSeconds })] };
        },
      },
    ],
    result(input, outputs) {
      const cut = outputs.cut as { startSeconds: number; durationSeconds: number } | undefined;
      return { media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [], uploadId: input.uploadId, startSeconds: cut?.startSeconds ?? 0, durationSeconds: cut?.durationSeconds ?? 0, stats: outputs.erase?.stats ?? null };
    },
  };
}
