/**
 * The job registry: every job type, its input and the payload its queue carries (ids only:
 * handlers re-read state). Each input type lives with its tool's pipeline; this module imports the
 * tools, never the other way round (their pipelines speak `pipeline-definition.ts`). Adding a type
 * here without its pipeline in `job-pipelines.ts` and its policy below is a compile error.
 */
import { JOB_TYPES, type JobType } from '@voxwork/contract';
import type { SelfCheckJobInput } from '../system/self-check.pipeline.ts';
import type { PingJobInput } from '../system/ping.pipeline.ts';
import type { TtsJobInput } from '../text-to-speech/text-to-speech.pipeline.ts';
import type { StsJobInput } from '../speech-to-speech/speech-to-speech.pipeline.ts';
import type { VoiceCloneJobInput } from '../voice-cloning/voice-cloning.pipeline.ts';
import type { VideoTranslationJobInput } from '../video-translation/video-translation.pipeline.ts';
import type { VideoErasureDetectJobInput, VideoErasureJobInput, VideoErasurePreviewJobInput } from '../video-erasure/video-erasure.pipeline.ts';
import type { SubtitleBurnInJobInput } from '../subtitle-burn-in/subtitle-burn-in.pipeline.ts';
import type { SubtitleExtractionJobInput } from '../subtitle-extraction/subtitle-extraction.pipeline.ts';
import type { AudioSeparationJobInput } from '../audio-separation/audio-separation.pipeline.ts';
import type { AvatarFacesJobInput, AvatarJobInput } from '../avatar/avatar.pipeline.ts';
import type { DubbingExportJobInput, DubbingPrepareJobInput, DubbingSynthesizeJobInput, DubbingTranslateJobInput } from '../dubbing/dubbing-store.port.ts';
import type { PipelineDefinition } from './pipeline-definition.ts';

export interface JobInputs {
  /** Operators' media self-check: render a tone → encode in real time → measure. */
  'system.selfCheck': SelfCheckJobInput;
  /** A queue round trip with no work: measures scheduling overhead (bench:jobs) and proves a worker is alive. */
  'system.ping': PingJobInput;
  /** Text to speech: a script → one audio file + SRT/VTT from word timings. */
  'text-to-speech.synthesize': TtsJobInput;
  /** Speech to speech: a recording → the same speech in another voice, same timing. */
  'speech-to-speech.convert': StsJobInput;
  /** Voice cloning: a checked recording → a voice profile and a preview. */
  'voice-cloning.clone': VoiceCloneJobInput;
  /** Video translation: a video → the same video dubbed in other languages, with subtitles and stems. */
  'video-translation.dub': VideoTranslationJobInput;
  /** Video erasure: the text of a video found (free), a 10 s preview (free), the whole video erased. */
  'video-erasure.detect': VideoErasureDetectJobInput;
  'video-erasure.preview': VideoErasurePreviewJobInput;
  'video-erasure.erase': VideoErasureJobInput;
  'subtitle-burn-in.burn': SubtitleBurnInJobInput;
  /** Subtitle extraction: a video's burned-in subtitles read into timed lines, SRT, VTT and a transcript. */
  'subtitle-extraction.extract': SubtitleExtractionJobInput;
  /** Audio separation: a recording (or a video's first audio track) → a voice stem and a background stem. */
  'audio-separation.separate': AudioSeparationJobInput;
  'avatar.faces': AvatarFacesJobInput;
  'avatar.preview': AvatarJobInput;
  'avatar.render': AvatarJobInput;
  /** Dubbing: a project's media, lines, characters and stems prepared (free); segments translated and spoken (charged); an export (free). */
  'dubbing.prepare': DubbingPrepareJobInput;
  'dubbing.translate': DubbingTranslateJobInput;
  'dubbing.synthesize': DubbingSynthesizeJobInput;
  'dubbing.export': DubbingExportJobInput;
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

export type PipelineMap = { [N in JobName]: PipelineDefinition<JobInputs[N]> };

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

export const JOB_POLICIES: { [N in JobName]: JobPolicy } = {
  'system.selfCheck': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 15 * 60, usesPlanSlot: false },
  'system.ping': { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60, usesPlanSlot: false },
  'text-to-speech.synthesize': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true },
  'speech-to-speech.convert': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true },
  'voice-cloning.clone': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 20 * 60, usesPlanSlot: true },
  // Long work: each retry resumes at the stage that failed (checkpoints), so retries are cheap.
  'video-translation.dub': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true },
  // Erasure runs at 10–18 frames/s of 720p on two cores: a plan's longest video (120 min) may take 4–5 h; reading its text ≈ 0.4× its length.
  'video-erasure.detect': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true },
  'video-erasure.preview': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 30 * 60, usesPlanSlot: true },
  'video-erasure.erase': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 6 * 60 * 60, usesPlanSlot: true },
  'subtitle-burn-in.burn': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true },
  // Reading subtitles took 0.37–0.85× the video's length on two shared cores: a plan's longest video well within the two hours.
  'subtitle-extraction.extract': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true },
  // RNNoise runs far faster than real time; a remote isolator takes about the audio's length to answer.
  'audio-separation.separate': { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true },
  'avatar.faces': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 10 * 60, usesPlanSlot: true },
  'avatar.preview': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 30 * 60, usesPlanSlot: true },
  'avatar.render': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 6 * 60 * 60, usesPlanSlot: true },
  // Preparing reads the words as video translation's first stages do (OCR ≈ 0.4–0.9× the length); retries resume at the stage that failed.
  'dubbing.prepare': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true },
  // Charged: a retry resumes (translation is one call; synthesis keeps every take already stored).
  'dubbing.translate': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true },
  'dubbing.synthesize': { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true },
  'dubbing.export': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true },
};

/** The job types that take their owner's run slots. */
export const PLAN_SLOT_JOB_TYPES: readonly JobName[] = (Object.keys(JOB_POLICIES) as JobName[]).filter((name) => JOB_POLICIES[name].usesPlanSlot);
