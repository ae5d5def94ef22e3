import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs `work` with a fresh scratch folder that is removed afterwards, whatever happens. */
export async function withWorkDir<T>(prefix: string, work: (dir: string, file: (name: string) => string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), `voxwork-${prefix}-`));
  try {
    return await work(dir, (name) => path.join(dir, path.basename(name)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}
