import { mainPage, toolById, TOOL_IDS, type OutputKind, type ToolId } from "@voxwork/contract/tools";
import { JOB_OUTPUTS, jobTypesOfTools, toolOfJob, toolsWithJobs as catalogueToolsWithJobs, type InternalJobType, type JobType } from "@voxwork/contract/tool-jobs";
import type { JobView } from "@voxwork/contract";
import type { MessageKey } from "../i18n";
import { toolPageKey } from "./route-meta";
import { webTool } from "./web-tools";

/**
 * Which tool a job type belongs to, what to call it and what it produces, for the content history.
 * Tools, their job types and output kinds come from the tool catalogue (`@voxwork/contract`);
 * the labels, result pages and edition names from each tool's web part (`lib/web-tools.ts`). Job
 * types are namespaced strings (`text-to-speech.synthesize`).
 */

export type { OutputKind, ToolId };

/** The tool a history row names: a catalogue tool, or `system` for operator and diagnostic jobs (self-check, ping). */
export type JobTool = ToolId | "system";

export interface JobKind {
  tool: JobTool;
  labelKey: MessageKey;
  output: OutputKind;
}

/** Labels of the job types no tool owns (operators and diagnostics); each tool labels its own in its web part (`lib/web-tools.ts`). */
const INTERNAL_JOB_LABELS: Record<InternalJobType, MessageKey> = {
  "system.selfCheck": "history.kinds.selfCheck",
  "system.ping": "history.kinds.ping",
};

/** The label of every job type there is (a tool's web part without one of its job types fails typecheck). */
const JOB_LABELS = Object.assign({}, INTERNAL_JOB_LABELS, ...TOOL_IDS.map((id) => webTool(id).jobLabels)) as Record<JobType, MessageKey>;

export const JOB_KINDS: Readonly<Record<JobType, JobKind>> = Object.fromEntries(
  (Object.keys(JOB_LABELS) as JobType[]).map((type) => [type, { tool: toolOfJob(type) ?? "system", labelKey: JOB_LABELS[type], output: JOB_OUTPUTS[type] }]),
) as Record<JobType, JobKind>;

const UNKNOWN: JobKind = { tool: "system", labelKey: "history.kinds.unknown", output: "text" };

/** The kind of a job type; types this build does not know yet show as "Other job" with text output. */
export function jobKind(type: string): JobKind {
  return Object.prototype.hasOwnProperty.call(JOB_KINDS, type) ? JOB_KINDS[type as JobType] : UNKNOWN;
}

/** Job types of the given tools (empty when none of them queues jobs yet). */
export function jobTypesOf(tools: readonly ToolId[]): string[] {
  return jobTypesOfTools(tools);
}

/** Tools that queue jobs, in catalogue order: the history's tool filter (internal job types are never offered). */
export function toolsWithJobs(): ToolId[] {
  return catalogueToolsWithJobs();
}

/** The catalogue key naming a tool: its main page's name (`voices` → "Voice library"). */
export function toolLabelKey(tool: JobTool): MessageKey {
  return tool === "system" ? "history.tools.system" : `wbPage.${toolPageKey(mainPage(toolById(tool)).id)}`;
}

/**
 * The tool a run was made with, as the user chose it: a pro video translation is "Video translator
 * Pro" (the same job type as a quick one; its edition is `input.mode`), anything else its tool.
 */
export function jobToolLabelKey(job: Pick<JobView, "type" | "input">): MessageKey {
  const { tool } = jobKind(job.type);
  return (tool === "system" ? null : webTool(tool).runLabel?.(job)) ?? toolLabelKey(tool);
}

/** The page showing this job's result, or null when the history's dialog is all there is. */
export function resultPagePath(job: Pick<JobView, "id" | "type" | "input">): string | null {
  const { tool } = jobKind(job.type);
  return (tool === "system" ? null : webTool(tool).resultPages?.[job.type]?.(job)) ?? null;
}

/**
 * Where a run can be seen again (locale-neutral): its result page, or else its tool's page, whose
 * content history lists it; null for operator jobs, which no page shows.
 */
export function jobPagePath(job: Pick<JobView, "id" | "type" | "input">): string | null {
  const page = resultPagePath(job);
  if (page) return page;
  const { tool } = jobKind(job.type);
  return tool === "system" ? null : mainPage(toolById(tool)).paths.en;
}
