import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JobFiles } from '@voxwork/core';

/**
 * Files that the stages of a job hand to each other, under `DATA_DIR/jobs/{jobId}/`: they survive a
 * restart, so a resumed job finds its checkpoints. (On several worker hosts this folder must be
 * shared storage; results meant for users go to the StorageRepository.)
 */
export function localJobFiles(dataDir: string) {
  return (jobId: string): JobFiles => {
    if (!/^[0-9a-f-]{36}$/.test(jobId)) throw new Error(`bad job id ${jobId}`);
    const folder = path.join(dataDir, 'jobs', jobId);
    const file = (name: string) => {
      const safe = path.basename(name).replace(/[^\w.-]/g, '_');
      if (!safe || safe.startsWith('.')) throw new Error(`bad file name ${name}`);
      return path.join(folder, safe);
    };
    return {
      async path(name: string) {
        await mkdir(folder, { recursive: true });
        return file(name);
      },
      async exists(name: string) {
        return access(file(name)).then(
          () => true,
          () => false,
        );
      },
      async remove() {
        await rm(folder, { recursive: true, force: true });
      },
    };
  };
}
