import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles } from '../jobs/pipeline-definition.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { decodeSpeech } from './speech-audio.ts';

/** Copies a stored object (an upload) to a local file; false when the object is gone. */
export async function copyStoredToFile(storage: StorageRepository, scratch: ScratchFiles, key: string, file: string): Promise<boolean> {
  const body = await storage.get(key);
  if (!body) return false;
  await scratch.saveStream(body, file);
  return true;
}

/** A stage's input from storage (an upload) as a job file; a gone object fails the stage. */
export async function fetchStoredFile(storage: StorageRepository, scratch: ScratchFiles, key: string, file: string): Promise<void> {
  if (!(await copyStoredToFile(storage, scratch, key, file))) throw new Error(`stored file ${key} is gone`);
}

/** A stored recording (an upload) as the job file `output`: mono WAV at the speech rate, loudness-normalised when asked. */
export async function fetchRecording(
  storage: StorageRepository,
  scratch: ScratchFiles,
  files: JobFiles,
  request: { key: string; output: string; normalize?: boolean; signal: AbortSignal },
): Promise<{ durationSeconds: number }> {
  const upload = await files.path('upload.bin');
  await fetchStoredFile(storage, scratch, request.key, upload);
  return decodeSpeech({ input: upload, output: await files.path(request.output), normalize: request.normalize ?? false, signal: request.signal });
}
