import { createJobService, type JobQueue } from '@voxwork/core';
import { createJobRepository, type DatabaseHandle } from '@voxwork/db';

/** The services of every area, wired to their repositories and adapters once per process. */
export function createServices({ database, queue }: { database: DatabaseHandle; queue: JobQueue }) {
  const jobRepository = createJobRepository(database.db);
  return {
    jobRepository,
    jobs: createJobService({ jobs: jobRepository, queue }),
  };
}

export type Services = ReturnType<typeof createServices>;
