import type { JobName } from './job-types.ts';

/** What the job service needs from a queue (pg-boss in apps/server). Payloads carry ids only. */
export interface JobQueue {
  send(name: JobName, jobId: string, options?: { priority?: number }): Promise<void>;
}

/** Job state changes, published to every process (LISTEN/NOTIFY in apps/server). */
export interface JobEvents {
  changed(event: JobChangedEvent): Promise<void>;
  cancelRequested(jobId: string): Promise<void>;
}

export interface JobChangedEvent {
  jobId: string;
  ownerId: string | null;
  type: string;
  status: 'queued' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  stage: string | null;
}

export const JOB_EVENTS_CHANNEL = 'voxwork_job_events';
export const JOB_CANCEL_CHANNEL = 'voxwork_job_cancel';
