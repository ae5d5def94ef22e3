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
