/**
 * A tool as core knows it: its id, its job types (each with its queue policy and its pipeline)
 * and its services. Each tool declares itself once, in `<tool>/<tool>.tool.ts`; `tools.ts` lists them, and
 * the job registry (`JobInputs`, `JOB_POLICIES`, `PipelineMap`, `createJobPipelines`) is derived
 * from that list (decision 053). A job type without a policy or a pipeline does not compile.
 */
import type { ComboDetail, WebhookEvent } from '@voxwork/contract';
import type { DubbingRepository, JobRepository, JobRow, JobTransaction, SeriesRepository, SpeechRepository, UploadRow } from '@voxwork/db';
import type { AccountInfo } from '../accounts/account.service.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import type { JobService } from './job.service.ts';
import type { SpeechEngines } from '../engines/speech-engines.port.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { AudioSeparationEngines } from '../engines/audio-separation-engines.port.ts';
import type { AvatarEngines } from '../engines/avatar-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { DubbingStore } from '../dubbing/dubbing-store.port.ts';
import type { DubbingPipelineDeps } from '../dubbing/dubbing.pipeline.ts';
import type { VideoTranslationPipelineDeps } from '../video-translation/video-translation-job.ts';
import type { PipelineDefinition } from './pipeline-definition.ts';

/** What the pipelines are built from, once per process: each tool's pipeline factory takes the part it needs. */
export interface JobPipelineDeps {
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  erasureEngines: VideoErasureEngines;
  separationEngines: AudioSeparationEngines;
  avatarEngines: AvatarEngines;
  storage: StorageRepository;
  speech: SpeechRepository;
  /** Local files around the engines (job files' text, stored objects copied in). */
  scratch: ScratchFiles;
  /** Dubbing projects (`@voxwork/db`'s dubbing repository). */
  dubbing: DubbingStore;
  /** Jobs by id: a dubbing project opened from a finished video translation reads it (the job repository). */
  jobRecords: DubbingPipelineDeps['jobRecords'];
  /** A series' characters with the voiceprints known now: a video translation's speakers stage reads them (the series' service, decision 069). */
  seriesCast: VideoTranslationPipelineDeps['seriesCast'];
  /** Where an earlier episode of a series had its subtitles read: a video translation's picture-lines stage searches there first (the series' service, decision 109). */
  seriesSubtitleBand: VideoTranslationPipelineDeps['seriesSubtitleBand'];
}

/** Queue behaviour per job type: retries (only retryable errors are retried) and how long a run may take. */
export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /**
   * A user's tool job: it takes one of its owner's run slots (the plan's `concurrentJobs`), or waits
   * for one (decision 023). Operators' system jobs never wait and never count.
   */
  usesPlanSlot: boolean;
}

/** What a tool's services are built from, once per process (the server fills it): each factory picks what it needs. */
export interface ToolServiceDeps {
  jobs: JobService;
  /** The job rows (counts, a project's unfinished jobs, a finished job read back). */
  jobRecords: JobRepository;
  /** The voice library: every speaking tool resolves and checks voices through it. */
  voices: VoicesService;
  speech: SpeechRepository;
  storage: StorageRepository;
  scratch: ScratchFiles;
  /** Dubbing projects and cast bibles (also the dubbing pipelines' store). */
  dubbingStore: DubbingRepository;
  /** Series and their episodes (decision 056). */
  seriesStore: SeriesRepository;
  speechEngines: SpeechEngines;
  videoEngines: VideoEngines;
  erasureEngines: VideoErasureEngines;
  separationEngines: AudioSeparationEngines;
  avatarEngines: AvatarEngines;
  /** One of the user's ready uploads (UPLOAD_NOT_FOUND otherwise). */
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  /** The user's plan (a tool's service reads the limits it needs). */
  planOf: (userId: string) => Promise<ComboDetail>;
  /** The user's account: plan, points, this month's allowances. */
  accountOf: (userId: string) => Promise<AccountInfo>;
  /** Whether a points account exists for the user. */
  accountExists: (userId: string) => Promise<boolean>;
  /** Where a service reports what it could not do but went on (a file left behind). */
  log?: { warn(detail: object, message: string): void } | undefined;
}

/** One job type of a tool: how its queue behaves and how its pipeline is built (`Input` is what its job row holds). */
export interface ToolJob<Input> {
  policy: JobPolicy;
  pipeline: (deps: JobPipelineDeps) => PipelineDefinition<Input>;
}

/**
 * A job's end as a tool sees it, inside the transaction that ends it (decision 061): what it
 * writes commits with the end, so it happens once even when the process dies right after.
 */
export interface ToolJobEnd {
  tx: JobTransaction;
  job: JobRow & { ownerId: string };
  outcome: 'succeeded' | 'failed' | 'cancelled';
  /** Writes a webhook event for the job's owner in the same transaction. */
  emit: (type: WebhookEvent, data: Record<string, unknown>) => Promise<void>;
}

/** A tool's part in core: its job types and its services. */
export interface CoreTool<
  Id extends string = string,
  Jobs extends { [N in `${Id}.${string}`]?: ToolJob<never> } = { [N in `${Id}.${string}`]?: ToolJob<never> },
  Services extends object = object,
  Needs extends object = object,
> {
  id: Id;
  /** Its job types; none for a tool whose runs are other tools' jobs (the series, decision 061). */
  jobs: Jobs;
  /**
   * The tool's services, named as the server's calls and tests reach them (`services.textToSpeech`).
   * `tools` gives other tools' services once all are built (call it inside a method, not while
   * building): a tool that runs another tool's jobs names what it needs as a port of its own
   * (`Needs`), which `tools.ts` checks against every tool's services at compile time.
   */
  services: (deps: ToolServiceDeps, tools: () => Needs) => Services;
  /** Called for every user job that ends (any tool's: a series watches the video translator's). */
  onJobEndedIn?: (end: ToolJobEnd) => Promise<void>;
}

/** Jobs are named `<tool id>.<verb>` (decision 025): a job named under another id must be `never`, so it does not compile. */
type OwnJobNames<Id extends string, Jobs> = { jobs: Record<Exclude<keyof Jobs, `${Id}.${string}`>, never> };

/** Declares a tool's part in core (identity at run time; the types keep each job's input). */
export function defineTool<const Id extends string, const Jobs extends { [N in `${Id}.${string}`]?: ToolJob<never> }, Services extends object, Needs extends object = object>(
  tool: CoreTool<Id, Jobs, Services, Needs> & OwnJobNames<Id, Jobs>,
): CoreTool<Id, Jobs, Services, Needs> {
  return tool;
}

/** The input type of a tool job (what its pipeline's stages read). */
export type JobInputOf<J> = J extends { pipeline: (deps: never) => PipelineDefinition<infer Input> } ? Input : never;
