import { selfCheckPipeline } from '../system/self-check.pipeline.ts';
import type { PipelineMap } from './job-types.ts';

/** The pipeline of every job type. A job type without one fails to compile here. */
export const jobPipelines: PipelineMap = {
  'system.selfCheck': selfCheckPipeline,
  'system.ping': {
    stages: [{ name: 'pong', run: async ({ input }) => ({ sentAt: input.sentAt, startedAt: Date.now() }) }],
  },
};
