/**
 * The job registry, derived from the list of tools (`../tools.ts`, decision 053): every job type,
 * its input and the payload its queue carries (ids only: handlers re-read state), and its queue
 * policy. A tool declares its job types once, in `<tool>/<tool>.tool.ts`, each with a policy and a
 * pipeline; nothing here names a tool.
 */
import { JOB_TYPES, type JobType } from '@voxwork/contract';
import { CORE_TOOLS, type CoreToolEntry } from '../tools.ts';
import type { JobInputOf, JobPolicy } from './define-tool.ts';
import type { PipelineDefinition } from './pipeline-definition.ts';


type JobNamesOf<T> = T extends { jobs: infer Jobs } ? keyof Jobs & string : never;
type JobOf<N extends string, T = CoreToolEntry> = T extends { jobs: infer Jobs } ? (N extends keyof Jobs ? Jobs[N] : never) : never;

export type JobName = JobNamesOf<CoreToolEntry>;
/** What each job type's row holds as input (its pipeline's input type). */
export type JobInputs = { [N in JobName]: JobInputOf<JobOf<N>> };

/**
 * The job types of the tool catalogue (`@voxwork/contract`) plus the internal ones: one queue each.
 * Both ways checked: a catalogue job type no tool declares, or a job type the catalogue does not
 * list, fails typecheck.
 */
export const JOB_NAMES: readonly JobName[] = JOB_TYPES;
const _jobNamesAreTheCatalogue: [JobName] extends [JobType] ? ([JobType] extends [JobName] ? true : false) : false = true;
void _jobNamesAreTheCatalogue;

export interface JobPayload {
  jobId: string;
}

export type PipelineMap = { [N in JobName]: PipelineDefinition<JobInputs[N]> };

/** Each tool job's entries, in the list's order (policy and pipeline factory by job type). */
const TOOL_JOB_ENTRIES = CORE_TOOLS.flatMap((tool) => Object.entries(tool.jobs) as [JobName, { policy: JobPolicy }][]);

/** Queue behaviour per job type (each tool's `<tool>.tool.ts` says its own). */
export const JOB_POLICIES = Object.fromEntries(TOOL_JOB_ENTRIES.map(([name, job]) => [name, job.policy])) as { [N in JobName]: JobPolicy };

/** The job types that take their owner's run slots. */
export const PLAN_SLOT_JOB_TYPES: readonly JobName[] = (Object.keys(JOB_POLICIES) as JobName[]).filter((name) => JOB_POLICIES[name].usesPlanSlot);
