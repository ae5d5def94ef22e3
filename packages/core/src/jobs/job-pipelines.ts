/** The pipeline registry: every job type's pipeline, built once per process from the tools' factories (`../tools.ts`). */
import { CORE_TOOLS } from '../tools.ts';
import type { JobPipelineDeps, ToolJob } from './define-tool.ts';
import type { JobName, PipelineMap } from './job-types.ts';


/** The pipeline of every job type: each tool's `<tool>.tool.ts` names its factories (a job type without one does not compile there). */
export function createJobPipelines(deps: JobPipelineDeps): PipelineMap {
  const entries = CORE_TOOLS.flatMap((tool) => Object.entries(tool.jobs) as [JobName, ToolJob<never>][]);
  return Object.fromEntries(entries.map(([name, job]) => [name, job.pipeline(deps)])) as PipelineMap;
}
