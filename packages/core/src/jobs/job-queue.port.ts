import type { JobName } from './job-types.ts';

/** What the job service needs from a queue (pg-boss in apps/server). Payloads carry ids only. */
export interface JobQueue {
  send(name: JobName, jobId: string): Promise<void>;
}
