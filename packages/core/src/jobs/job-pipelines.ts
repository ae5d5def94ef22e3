import { selfCheckPipeline } from '../system/self-check.pipeline.ts';
import { createSpeechPipelines, type SpeechPipelineDeps } from '../text-to-speech/text-to-speech.pipeline.ts';
import type { PipelineMap } from './job-types.ts';

export type JobPipelineDeps = SpeechPipelineDeps;

/** The pipeline of every job type. A job type without one fails to compile here. */
export function createJobPipelines(deps: JobPipelineDeps): PipelineMap {
  return {
    'system.selfCheck': selfCheckPipeline,
    'system.ping': {
      stages: [{ name: 'pong', run: async ({ input }) => ({ sentAt: input.sentAt, startedAt: Date.now() }) }],
    },
    ...createSpeechPipelines(deps),
  };
}
