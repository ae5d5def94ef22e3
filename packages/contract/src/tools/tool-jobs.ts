/**
 * What each tool queues and charges: its job types (and how their results are shown), outputs
 * and price keys, and what is derived from them (`JOB_TYPES`, `JOB_OUTPUTS`, the history's tool
 * filter). A module of its own, apart from the pages (`tool-catalogue.ts`), so that the bundle
 * every marketing page loads (route metadata) does not carry it: the marketing JavaScript budget is
 * 120 KB gzip (decision 011). Schema-free; it imports the catalogue and the tools' `<id>.jobs.ts` only.
 */
import { INTERNAL_JOBS, TOOL_CATALOGUE, type OutputKind, type PriceKey, type ToolId } from './tool-catalogue.ts';
import { TOOL_JOBS_ENTRIES } from './tool-jobs.generated.ts';

/** What a tool queues and charges. */
export interface ToolJobsDefinition {
  /** Job types the tool queues and how each one's result is shown (empty until it queues jobs). */
  jobs: Readonly<Record<string, OutputKind>>;
  /** What the tool's results are. */
  outputs: readonly OutputKind[];
  /** Keys of the price table the tool charges from (empty until it charges). */
  priceKeys: readonly PriceKey[];
}

/** Per tool: its job types, outputs and price keys, from each tool's `<tool id>.entry.ts` (every tool of the catalogue, checked here). */
export const TOOL_JOBS = TOOL_JOBS_ENTRIES satisfies Record<ToolId, ToolJobsDefinition>;

type ToolJobsEntry = (typeof TOOL_JOBS)[ToolId];
type JobsOf<T> = T extends { jobs: infer J } ? keyof J & string : never;
/** Job types users queue through their tools. */
export type ToolJobType = JobsOf<ToolJobsEntry>;
export type InternalJobType = keyof typeof INTERNAL_JOBS;
/** Every job type there is: core's `JobName` must be exactly this union (checked in core). */
export type JobType = ToolJobType | InternalJobType;

type PriceKeysOf<T> = T extends { priceKeys: readonly (infer K)[] } ? K : never;
// Every price in the table belongs to a tool (an error here names the orphan key).
const _everyPriceHasATool: Record<Exclude<PriceKey, PriceKeysOf<ToolJobsEntry>>, never> = {};
void _everyPriceHasATool;

/** How each job type's result is shown, tool job types and internal ones alike. */
export const JOB_OUTPUTS: Readonly<Record<JobType, OutputKind>> = /* @__PURE__ */ Object.assign(
  {},
  INTERNAL_JOBS,
  ...Object.values(TOOL_JOBS).map((tool) => tool.jobs),
) as Record<JobType, OutputKind>;

/** Every job type: what core creates queues for (`JOB_NAMES`). */
export const JOB_TYPES = /* @__PURE__ */ Object.keys(JOB_OUTPUTS) as readonly JobType[];

/** The tool that queues a job type, or `null` for internal job types. */
export function toolOfJob(type: JobType): ToolId | null {
  return TOOL_CATALOGUE.find((tool) => Object.prototype.hasOwnProperty.call(TOOL_JOBS[tool.id].jobs, type))?.id ?? null;
}

/** Job types of the given tools (empty when none of them queues jobs yet). */
export function jobTypesOfTools(tools: readonly ToolId[]): ToolJobType[] {
  return TOOL_CATALOGUE.filter((tool) => tools.includes(tool.id)).flatMap((tool) => Object.keys(TOOL_JOBS[tool.id].jobs) as ToolJobType[]);
}

/** Tools that queue at least one job type, in catalogue order (the history's tool filter; internal jobs are no tool). */
export function toolsWithJobs(): ToolId[] {
  return TOOL_CATALOGUE.filter((tool) => Object.keys(TOOL_JOBS[tool.id].jobs).length > 0).map((tool) => tool.id);
}
