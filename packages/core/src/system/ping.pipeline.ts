import type { PipelineDefinition } from '../jobs/pipeline-definition.ts';

/** A queue round trip with no work: measures scheduling overhead (bench:jobs) and proves a worker is alive. */
export interface PingJobInput {
  sentAt: number;
}

export const pingPipeline: PipelineDefinition<PingJobInput> = {
  stages: [{ name: 'pong', run: async ({ input }) => ({ sentAt: input.sentAt, startedAt: Date.now() }) }],
};
