import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { UploadSource } from '@voxwork/core';

/** A finished upload file on local disk, as the upload service reads it. */
export async function localUploadSource(file: string): Promise<UploadSource> {
  const { size } = await stat(file);
  return { path: file, size, open: () => createReadStream(file) };
}
