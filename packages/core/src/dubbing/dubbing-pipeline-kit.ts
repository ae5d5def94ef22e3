/** What the dubbing pipelines share: constants, the shapes they read, and the helpers every job's stages use (see `dubbing.pipeline.ts`). */
import { ErrorCode } from '@voxwork/contract';
import { encodeMp3Args, runFfmpeg } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { SpeakerSummary, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile } from '../jobs/pipeline-definition.ts';
import { MIX_SAMPLE_RATE, SPEECH_SAMPLE_RATE } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { DubbingStore, StoredProject } from './dubbing-store.port.ts';

export const MEDIA_TIMEOUT_MS = 30 * 60_000;
/** Seconds of one character's speech below which "match the original speaker" measures all the dialogue instead. */
export const MIN_SPEAKER_PROFILE_SECONDS = 3;
/** The job type a project can be opened from. */
export const VIDEO_TRANSLATION_JOB = 'video-translation.dub';

/** A job's row as the pipelines read it (a finished video translation a project is opened from). */
export interface DubbingJobRecord {
  type: string;
  ownerId: string | null;
  status: string;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
}

export interface DubbingPipelineDeps {
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
  dubbing: DubbingStore;
  /** Jobs by id (the job repository satisfies it). */
  jobRecords: { findById(jobId: string): Promise<DubbingJobRecord | undefined> };
  /** Takes spoken at once by a synthesis job (default `DEFAULT_SYNTHESIS_CONCURRENCY`). */
  synthesisConcurrency?: number;
}

/** Two takes at a time: on the two cores the product is sized for, one speaks while the other is written. */
export const DEFAULT_SYNTHESIS_CONCURRENCY = 2;

/** A line found by preparation: its times, text, speaker and where its speech was heard. */
export interface PreparedLine {
  id: string;
  startSeconds: number;
  endSeconds: number;
  text: string;
  speakerId: string;
  speechStartSeconds: number | null;
  speechEndSeconds: number | null;
}

/** What a finished video translation's result holds that a project takes over (see `video-translation.pipeline.ts`'s `result`). */
export interface TranslationResult {
  durationSeconds?: number;
  speakers?: SpeakerSummary[];
  media?: JobMediaFile[];
  targets?: Array<{
    language: string;
    voiceKey: string;
    speakerVoices?: Record<string, string>;
    lines: Array<{ id: string; startSeconds: number; endSeconds: number; source: string; speakerId: string; translation: string; dubStartSeconds: number | null; dubEndSeconds: number | null }>;
  }>;
}
export interface TranslationInput {
  uploadKey: string;
  sourceLanguage: string;
  targets: Array<{ language: string; voice: VoiceTarget; matchOriginal?: boolean; speakerVoices?: Record<string, { voice: VoiceTarget; matchOriginal?: boolean }> }>;
}

export const lineId = (index: number) => `l${String(index + 1).padStart(4, '0')}`;
export const seconds = (ms: number) => ms / 1000;
export const toMs = (value: number) => Math.round(value * 1000);
/** A character's name: neutral and the same in every language (names are the user's to change). */
export const characterName = (index: number) => `S${index + 1}`;

/** A finished video translation of `ownerId`, or 7609. */
export async function finishedTranslation(jobRecords: DubbingPipelineDeps['jobRecords'], jobId: string, ownerId: string): Promise<{ input: TranslationInput; result: TranslationResult }> {
  const row = await jobRecords.findById(jobId);
  if (!row || row.type !== VIDEO_TRANSLATION_JOB || row.ownerId !== ownerId || row.status !== 'completed' || !row.output) throw new DomainError(ErrorCode.DUBBING_TRANSLATION_NOT_FINISHED);
  return { input: row.input as unknown as TranslationInput, result: row.output as TranslationResult };
}

/** The pipelines' shared helpers over their dependencies. */
export function dubbingPipelineKit(deps: DubbingPipelineDeps) {
  const { scratch, dubbing } = deps;
  const ffmpeg = (args: string[], signal: AbortSignal) => runFfmpeg(args, { signal, timeoutMs: MEDIA_TIMEOUT_MS });

  async function requireProject(projectId: string): Promise<StoredProject> {
    const project = await dubbing.project(projectId);
    if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    return project;
  }
  const readJson = async <T>(files: JobFiles, name: string): Promise<T | undefined> => ((await files.exists(name)) ? (JSON.parse(await scratch.readText(await files.path(name))) as T) : undefined);
  const writeJson = async (files: JobFiles, name: string, value: unknown) => scratch.writeText(await files.path(name), JSON.stringify(value));
  const mp3 = async (files: JobFiles, wav: string, name: string, stereo: boolean, signal: AbortSignal) => {
    await ffmpeg(encodeMp3Args({ input: await files.path(wav), output: await files.path(name), sampleRate: stereo ? MIX_SAMPLE_RATE : SPEECH_SAMPLE_RATE, bitrateKbps: stereo ? 192 : 96 }), signal);
    return name;
  };
  return { ffmpeg, requireProject, readJson, writeJson, mp3 };
}

export type DubbingPipelineKit = ReturnType<typeof dubbingPipelineKit>;
