import { ErrorCode } from '@voxwork/contract';
import { measureMedia, type MediaInfo } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
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
