/**
 * The pipeline vocabulary every tool's pipeline is written in: stages, their context, job files and
 * stored results. It imports no tool, so a tool's `*.pipeline.ts` imports only this (and the shared
 * stages); the registries (`job-types.ts`, `job-pipelines.ts`) import the tools.
 */

/** Where a job keeps the files its stages hand to each other (kept until the job is deleted). */
export interface JobFiles {
  /** An absolute path for a file of this job (the folder exists). */
  path(name: string): Promise<string>;
  exists(name: string): Promise<boolean>;
  remove(): Promise<void>;
}

/** What a stored result file is, so the history and the share page know how to show it. */
export type JobMediaRole = 'audio' | 'video' | 'subtitles' | 'image' | 'data';

/**
 * A result file a stage handed over to storage (users download these; job files are scratch).
 * Pipelines list them under `media` in the job's result.
 */
export interface JobMediaFile {
  /** Storage key (`users/{owner}/jobs/{job}/{stage}/{name}`). */
  key: string;
  name: string;
  role: JobMediaRole;
  contentType: string;
  bytes: number;
  durationSeconds?: number | undefined;
}

export interface StageContext<I> {
  jobId: string;
  ownerId: string | null;
  input: I;
  /** Outputs of the stages completed before this one (checkpoints), by stage name. */
  outputs: Readonly<Record<string, Record<string, unknown>>>;
  attempt: number;
  signal: AbortSignal;
  files: JobFiles;
  /** Progress of this stage, 0–100. */
  reportProgress(percent: number): void;
  /**
   * Copies a job file to storage as a result of this stage (the job file stays, so the stage's
   * checkpoint stays valid). Jobs without an owner cannot store results.
   */
  store(fileName: string, options: { role: JobMediaRole; durationSeconds?: number | undefined }): Promise<JobMediaFile>;
}

/**
 * A stage's output may list the job files it wrote under `files`: a checkpoint whose files are gone
 * (another worker host, a wiped disk) is not trusted, and the stage runs again.
 */
export interface StageDefinition<I> {
  name: string;
  /** Share of the job's progress bar (default 1). */
  weight?: number;
  /**
   * Stages whose output this one reads (default: the stage before it), or a job's own list when what
   * a stage reads depends on the job's input. Re-running a stage re-runs what depends on it.
   */
  dependsOn?: readonly string[] | ((input: I) => readonly string[]);
  /**
   * A gate: when this returns true for a job, the job stops before the stage and waits for its
   * owner (status `paused`, no run slot, points still frozen). The owner's decision is written as
   * the stage's output (`JobService.atGate`); `run` is called only when the job does not wait.
   */
  waitsForUser?(input: I): boolean;
  run(context: StageContext<I>): Promise<Record<string, unknown>>;
}

/** What runs after what, declared in one place per job type. */
export interface PipelineDefinition<I> {
  stages: readonly StageDefinition<I>[];
  /** The job's output from its stages' outputs (default: the last stage's output). */
  result?(input: I, outputs: Readonly<Record<string, Record<string, unknown>>>): Record<string, unknown>;
  /** Called once when a job of this type ends failed or cancelled (after its points are released). */
  onEnded?(job: { jobId: string; ownerId: string | null; input: I; outcome: 'failed' | 'cancelled' }): Promise<void>;
  /** Points actually charged (at most what was frozen; default: all of it). */
  actualCost?(input: I, outputs: Readonly<Record<string, Record<string, unknown>>>, frozen: number): number;
}

/** Stages that must run again when `stage` of a job with `input` re-runs: itself and everything that depends on it, directly or not. */
export function dependentStages(pipeline: PipelineDefinition<unknown>, stage: string, input: unknown): string[] {
  const names = pipeline.stages.map((definition) => definition.name);
  if (!names.includes(stage)) return [];
  const dependsOn = (index: number) => {
    const declared = pipeline.stages[index]!.dependsOn;
    return (typeof declared === 'function' ? declared(input) : declared) ?? (index > 0 ? [names[index - 1]!] : []);
  };
  const affected = new Set([stage]);
  for (let changed = true; changed; ) {
    changed = false;
    names.forEach((name, index) => {
      if (!affected.has(name) && dependsOn(index).some((dependency) => affected.has(dependency))) {
        affected.add(name);
        changed = true;
      }
    });
  }
  return names.filter((name) => affected.has(name));
}
