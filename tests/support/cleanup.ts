import { rm } from 'node:fs/promises';
import { afterEach } from 'vitest';
import type { ServerProcess } from './server-process.ts';

/**
 * What a test file's cases start and make, undone after each case: push a server to `running` (it
 * is killed with SIGKILL) and a folder to `dirs` (it is removed).
 */
export function cleanUpAfterEach(): { running: ServerProcess[]; dirs: string[] } {
  const running: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.kill('SIGKILL');
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return { running, dirs };
}
