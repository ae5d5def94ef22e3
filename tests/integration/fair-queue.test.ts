import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFairQueue } from '../support/fair-queue-run.ts';
import { testDatabases } from '../support/test-database.ts';

describe.each(testDatabases())('fair queueing between owners on %s', (_name, open) => {
  it("with 40 of user A's jobs queued, user B's single job starts before A's queue drains (one job per owner per round)", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-fair-'));
    const opened = await open();
    try {
      const outcome = await runFairQueue(opened.handle, { queuedOfA: 40, dataDir });
      expect(outcome.startOrder).toHaveLength(41);
      // A's first job was queued before B's, so it may start first; B's comes next, not 41st.
      expect(outcome.aheadOfB).toBeLessThanOrEqual(1);
      expect(outcome.startOrder.filter((owner) => owner === 'b')).toHaveLength(1);
    } finally {
      await opened.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
