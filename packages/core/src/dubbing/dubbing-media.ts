/**
 * Files of a dubbing project in storage (media, poster, peaks, stems, takes under the project's
 * own prefix, so they outlive the jobs that made them), and the waveform peaks the editor draws.
 */
import { WAVEFORM_PEAKS_PER_SECOND } from '@voxwork/contract/dubbing';
import { waveformPeaks } from '@voxwork/media';
import type { StorageRepository } from '../storage/storage.port.ts';
import { contentTypeForKey, storageKeys } from '../storage/storage-keys.ts';

/** Peak level (0–255) per 1/`WAVEFORM_PEAKS_PER_SECOND` s of a file's first audio stream. */
export async function peakBytes(file: string, durationSeconds: number, signal?: AbortSignal): Promise<Uint8Array> {
  const buckets = Math.max(1, Math.ceil(durationSeconds * WAVEFORM_PEAKS_PER_SECOND));
  const { peaks } = await waveformPeaks(file, buckets, { signal });
  const bytes = new Uint8Array(Math.floor(peaks.length / 2));
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Math.min(255, Math.round(Math.max(Math.abs(peaks[2 * index]!), Math.abs(peaks[2 * index + 1]!)) * 255));
  }
  return bytes;
}

/** Stores a local file as a project file; returns its key. */
export async function putProjectFile(storage: StorageRepository, project: { ownerId: string; id: string }, name: string, localPath: string): Promise<string> {
  const key = storageKeys.dubbingFile(project.ownerId, project.id, name);
  await storage.putFile(key, localPath, { contentType: contentTypeForKey(key) });
  return key;
}

/** Stores bytes as a project file; returns its key. */
export async function putProjectBytes(storage: StorageRepository, project: { ownerId: string; id: string }, name: string, bytes: Uint8Array): Promise<string> {
  const key = storageKeys.dubbingFile(project.ownerId, project.id, name);
  await storage.put(key, bytes, { contentType: contentTypeForKey(key) });
  return key;
}

/** A take's file name: unique per segment, language and what made it (a replaced take's file is deleted, never overwritten in place). */
export const takeFileName = (language: string, segmentId: string, tag: string) => `takes/${language}-${segmentId}-${tag}.wav`;

export interface PlacedTake<T> {
  take: T;
  startSeconds: number;
  lengthSeconds: number;
}

/**
 * Takes placed where the editor plays them (each at its segment's start, overlapping where the
 * segments do, as two people talk over each other), as lanes in which none overlaps: the fewest
 * lanes, each filled in time order, so each lane can be joined with silences between its takes
 * and the lanes laid over each other. A take starting at or after the end is left out.
 */
export function takeLanes<T>(takes: ReadonlyArray<PlacedTake<T>>, durationSeconds: number): Array<Array<PlacedTake<T>>> {
  const lanes: Array<{ end: number; takes: Array<PlacedTake<T>> }> = [];
  for (const placed of [...takes].sort((a, b) => a.startSeconds - b.startSeconds)) {
    if (placed.startSeconds >= durationSeconds) continue;
    const lane = lanes.find((candidate) => candidate.end <= placed.startSeconds + 1e-6);
    if (lane) {
      lane.takes.push(placed);
      lane.end = placed.startSeconds + placed.lengthSeconds;
    } else lanes.push({ end: placed.startSeconds + placed.lengthSeconds, takes: [placed] });
  }
  return lanes.map((lane) => lane.takes);
}
