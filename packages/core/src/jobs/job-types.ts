/**
 * Every job type, its input and the payload its queue carries (ids only: handlers re-read state).
 * Adding a type here without adding its handler to the handler map is a compile error.
 */
export interface JobInputs {
  'system.selfCheck': { durationSeconds: number; frequencyHz: number };
}

export type JobName = keyof JobInputs;
export const JOB_NAMES = ['system.selfCheck'] as const satisfies readonly JobName[];

export interface JobPayload {
  jobId: string;
}

export interface JobContext<N extends JobName> {
  jobId: string;
  input: JobInputs[N];
  attempt: number;
  signal: AbortSignal;
  reportProgress(percent: number): Promise<void>;
}

export type JobHandler<N extends JobName> = (context: JobContext<N>) => Promise<Record<string, unknown>>;
export type JobHandlerMap = { [N in JobName]: JobHandler<N> };

/** Queue behaviour per job type: retries (only retryable errors are retried) and how long a run may take. */
export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

export const JOB_POLICIES: { [N in JobName]: JobPolicy } = {
  'system.selfCheck': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 15 * 60 },
};
