import { selfCheckJob } from '../system/self-check.job.ts';
import type { JobHandlerMap } from './job-types.ts';

/** The handler of every job type. A job type without a handler fails to compile here. */
export const jobHandlers: JobHandlerMap = {
  'system.selfCheck': selfCheckJob,
};
