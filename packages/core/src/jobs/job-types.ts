/**
 * Every job type, its input and the payload its queue carries (ids only: handlers re-read state).
 * Adding a type here without adding its pipeline to the pipeline map is a compile error.
 */
import { JOB_TYPES, type JobType } from '@voxwork/contract';
import type { StsJobInput, TtsJobInput, VoiceCloneJobInput } from '../speech/speech-jobs.ts';

export interface JobInputs {
  'system.selfCheck': { durationSeconds: number; frequencyHz: number; sampleRate?: number | undefined };
  /** A queue round trip with no work: measures scheduling overhead (bench:jobs) and proves a worker is alive. */
  'system.ping': { sentAt: number };
  /** Text to speech: a script → one audio file + SRT/VTT from word timings. */
  'tts.synthesize': TtsJobInput;
  /** Speech to speech: a recording → the same speech in another voice, same timing. */
  'sts.convert': StsJobInput;
  /** Voice cloning: a checked recording → a voice profile and a preview. */
  'voice.clone': VoiceCloneJobInput;
}

export type JobName = keyof JobInputs;
/**
 * The job types of the tool catalogue (`@voxwork/contract`) plus the internal ones: one queue each.
 * Both ways checked: a catalogue job type without an input here (and so without a pipeline in
 * `PipelineMap`), or an input here the catalogue does not list, fails typecheck.
 */
export const JOB_NAMES: readonly JobName[] = JOB_TYPES;
const _jobNamesAreTheCatalogue: [JobName] extends [JobType] ? ([JobType] extends [JobName] ? true : false) : false = true;
void _jobNamesAreTheCatalogue;

export interface JobPayload {
  jobId: string;
}

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
  /** Stages whose output this one reads (default: the stage before it). Re-running a stage re-runs what depends on it. */
  dependsOn?: readonly string[];
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

export type PipelineMap = { [N in JobName]: PipelineDefinition<JobInputs[N]> };

/** Queue behaviour per job type: retries (only retryable errors are retried) and how long a run may take. */
export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

export const JOB_POLICIES: { [N in JobName]: JobPolicy } = {
  'system.selfCheck': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 15 * 60 },
  'system.ping': { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 },
  'tts.synthesize': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60 },
  'sts.convert': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60 },
  'voice.clone': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 20 * 60 },
};

/** Stages that must run again when `stage` re-runs: itself and everything that depends on it, directly or not. */
export function dependentStages(pipeline: PipelineDefinition<unknown>, stage: string): string[] {
  const names = pipeline.stages.map((definition) => definition.name);
  if (!names.includes(stage)) return [];
  const dependsOn = (index: number) => pipeline.stages[index]!.dependsOn ?? (index > 0 ? [names[index - 1]!] : []);
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
