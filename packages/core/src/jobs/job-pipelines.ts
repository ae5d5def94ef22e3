/** The pipeline registry: every job type's pipeline, built once per process from the tools' factories. */
import type { SpeechRepository } from '@voxwork/db';
import type { SpeechEngines } from '../engines/speech-engines.port.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { pingPipeline } from '../system/ping.pipeline.ts';
import { selfCheckPipeline } from '../system/self-check.pipeline.ts';
import { createSpeechToSpeechPipeline } from '../speech-to-speech/speech-to-speech.pipeline.ts';
import { createTextToSpeechPipeline } from '../text-to-speech/text-to-speech.pipeline.ts';
import { createVoiceCloningPipeline } from '../voice-cloning/voice-cloning.pipeline.ts';
import { createVideoTranslationPipeline } from '../video-translation/video-translation.pipeline.ts';
import { createVideoErasureDetectPipeline, createVideoErasurePipeline, createVideoErasurePreviewPipeline } from '../video-erasure/video-erasure.pipeline.ts';
import { createSubtitleBurnInPipeline } from '../subtitle-burn-in/subtitle-burn-in.pipeline.ts';
import { createSubtitleExtractionPipeline } from '../subtitle-extraction/subtitle-extraction.pipeline.ts';
import { createAudioSeparationPipeline } from '../audio-separation/audio-separation.pipeline.ts';
import type { AudioSeparationEngines } from '../engines/audio-separation-engines.port.ts';
import type { AvatarEngines } from '../engines/avatar-engines.port.ts';
import { createAvatarFacesPipeline, createAvatarPreviewPipeline, createAvatarRenderPipeline } from '../avatar/avatar.pipeline.ts';
import { createDubbingPipelines, type DubbingPipelineDeps } from '../dubbing/dubbing.pipeline.ts';
import type { DubbingStore } from '../dubbing/dubbing-store.port.ts';
import type { PipelineMap } from './job-types.ts';

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
}

/** The pipeline of every job type. A job type without one fails to compile here. */
export function createJobPipelines(deps: JobPipelineDeps): PipelineMap {
  const dubbing = createDubbingPipelines(deps);
  return {
    'system.selfCheck': selfCheckPipeline,
    'system.ping': pingPipeline,
    'text-to-speech.synthesize': createTextToSpeechPipeline(deps),
    'speech-to-speech.convert': createSpeechToSpeechPipeline(deps),
    'voice-cloning.clone': createVoiceCloningPipeline(deps),
    'video-translation.dub': createVideoTranslationPipeline(deps),
    'video-erasure.detect': createVideoErasureDetectPipeline(deps),
    'video-erasure.preview': createVideoErasurePreviewPipeline(deps),
    'video-erasure.erase': createVideoErasurePipeline(deps),
    'subtitle-burn-in.burn': createSubtitleBurnInPipeline(deps),
    'subtitle-extraction.extract': createSubtitleExtractionPipeline(deps),
    'audio-separation.separate': createAudioSeparationPipeline(deps),
    'avatar.faces': createAvatarFacesPipeline(deps),
    'avatar.preview': createAvatarPreviewPipeline(deps),
    'avatar.render': createAvatarRenderPipeline(deps),
    'dubbing.prepare': dubbing.prepare,
    'dubbing.translate': dubbing.translate,
    'dubbing.synthesize': dubbing.synthesize,
    'dubbing.export': dubbing.export,
  };
}
