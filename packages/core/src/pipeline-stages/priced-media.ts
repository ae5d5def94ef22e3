import { ErrorCode } from '@voxwork/contract';
import { measureMedia, type MediaInfo } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { StageDefinition } from '../jobs/pipeline-definition.ts';
import { roundTo } from '../rounding.ts';
import { fetchStoredFile } from './fetch-stored-file.ts';

/**
 * How much longer than its price a file may measure at ingest: rounding and the few milliseconds an
 * audio encoder's last frame adds. Far under the minute a price is counted in.
 */
export const PRICED_LENGTH_TOLERANCE_SECONDS = 1;

/**
 * Refuses a file measured longer than the length its job was priced at (`MEDIA_LONGER_THAN_PRICED`),
 * before any work: the job fails, so its frozen points are released and nothing is charged.
 */
export function checkPricedLength(measuredSeconds: number | undefined, pricedSeconds: number): void {
  if (measuredSeconds === undefined || !(measuredSeconds > pricedSeconds + PRICED_LENGTH_TOLERANCE_SECONDS)) return;
  throw new DomainError(ErrorCode.MEDIA_LONGER_THAN_PRICED, { seconds: roundTo(measuredSeconds, 1), priced: roundTo(pricedSeconds, 1) });
}

/**
 * A job's ingest of an upload priced by its length: the stored object copied to the job file `file`,
 * measured from its packets (`measureMedia`), and refused when it is longer than `pricedSeconds` —
 * an upload recorded before lengths were measured, or a stored object replaced since, is never
 * processed at the shorter price. Undefined when ffprobe cannot read the file (each tool names that
 * in its own words); a gone object fails the stage.
 */
export async function fetchPricedMedia(
  storage: StorageRepository,
  scratch: ScratchFiles,
  request: { key: string; file: string; pricedSeconds: number; signal: AbortSignal },
): Promise<MediaInfo | undefined> {
  await fetchStoredFile(storage, scratch, request.key, request.file);
  const info = await measureMedia(request.file, { signal: request.signal }).catch((error: unknown) => {
    if (request.signal.aborted) throw error;
    return undefined;
  });
  if (!info || !info.streams.length) return undefined;
  checkPricedLength(info.durationSeconds, request.pricedSeconds);
  return info;
}

/** A video as the tools draw on it: its displayed size (a rotated video's turned upright) and length. */
export interface IngestedVideo {
  info: MediaInfo;
  /** Displayed pixels: ffmpeg turns a rotated video upright before filters, so masks and scripts use these. */
  width: number;
  height: number;
  /** The picture's length (else the container's, else the priced length). */
  durationSeconds: number;
}

/**
 * `fetchPricedMedia` for a tool that needs a picture: `VIDEO_NOT_READABLE` when there is none, and
 * the displayed size and length every video tool reads first.
 */
export async function fetchPricedVideo(
  storage: StorageRepository,
  scratch: ScratchFiles,
  request: { key: string; file: string; pricedSeconds: number; signal: AbortSignal },
): Promise<IngestedVideo> {
  const info = await fetchPricedMedia(storage, scratch, request);
  const video = info?.video;
  if (!info || !video?.width || !video.height) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
  const turned = Math.abs(video.rotation ?? 0) % 180 === 90;
  return {
    info,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    durationSeconds: video.durationSeconds ?? info.durationSeconds ?? request.pricedSeconds,
  };
}

/**
 * The ingest stage of a tool whose job works on an uploaded video (`uploadKey`, priced at
 * `durationSeconds`): the upload copied to `source.video`, measured and checked against its price.
 * Its output: the file and the video's displayed size and length.
 */
export function videoIngestStage<I extends { uploadKey: string; durationSeconds: number }>(deps: { storage: StorageRepository; scratch: ScratchFiles }): StageDefinition<I> {
  return {
    name: 'ingest',
    weight: 1,
    async run({ input, files, signal }) {
      const video = await fetchPricedVideo(deps.storage, deps.scratch, { key: input.uploadKey, file: await files.path('source.video'), pricedSeconds: input.durationSeconds, signal });
      return { files: ['source.video'], width: video.width, height: video.height, durationSeconds: video.durationSeconds } satisfies VideoIngestOutput;
    },
  };
}

/** What `videoIngestStage` hands to the stages after it (`outputs.ingest`). */
export interface VideoIngestOutput {
  files: string[];
  width: number;
  height: number;
  durationSeconds: number;
}
