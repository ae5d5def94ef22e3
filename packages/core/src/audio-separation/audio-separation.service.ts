import { audioSeparationCost, ErrorCode, type AudioSeparatorOffer } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { AudioSeparationEngines } from '../engines/audio-separation-engines.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { roundTo } from '../rounding.ts';
import type { AudioSeparationJobInput } from './audio-separation.pipeline.ts';
import { separatorChoices } from './separator-choice.ts';

/** The job type of audio separation. */
export const AUDIO_SEPARATION_JOB = 'audio-separation.separate' as const;

export interface AudioSeparationPlan {
  /** The plan's longest file, audio or video alike (`maxVideoMinutesPerJob`). */
  maxMinutesPerJob: number;
}

export interface AudioSeparationServiceDeps {
  jobs: JobService;
  engines: AudioSeparationEngines;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<AudioSeparationPlan>;
}

const title = (upload: UploadRow) => upload.originalName.replace(/\.[^.]+$/, '');

export function createAudioSeparationService(deps: AudioSeparationServiceDeps) {
  const offers = (): AudioSeparatorOffer[] =>
    separatorChoices(deps.engines).map((offer) => ({
      id: offer.id,
      name: offer.name,
      location: offer.location,
      description: offer.description,
      background: offer.background,
      pricePerMinute: audioSeparationCost(60, offer.tier),
    }));

  return {
    async options(ownerId: string) {
      const plan = await deps.planOf(ownerId);
      return { separators: offers(), maxMinutes: plan.maxMinutesPerJob };
    },

    /** Both stems of an upload (audio, or a video's first audio track); points per started minute at the engine's tier, frozen now, released if the job fails. */
    async create(ownerId: string, request: { uploadId: string; engineId: string; title?: string | undefined }, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const engine = separatorChoices(deps.engines).find((offer) => offer.id === request.engineId);
      if (!engine) throw new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_NOT_SET_UP, { engine: request.engineId });
      const upload = await deps.findUpload(ownerId, request.uploadId);
      if (upload.kind === 'image' || !upload.storageKey) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
      if (upload.hasAudio === false) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK);
      const durationSeconds = upload.durationSeconds ?? 0;
      if (!(durationSeconds > 0)) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
      const plan = await deps.planOf(ownerId);
      if (durationSeconds > plan.maxMinutesPerJob * 60) throw new DomainError(ErrorCode.AUDIO_SEPARATION_TOO_LONG, { minutes: roundTo(durationSeconds / 60, 1), max: plan.maxMinutesPerJob });
      const cost = audioSeparationCost(durationSeconds, engine.tier);
      const input: AudioSeparationJobInput = { uploadId: upload.id, uploadKey: upload.storageKey, durationSeconds, engineId: engine.id };
      const job = await deps.jobs.enqueue(AUDIO_SEPARATION_JOB, input, { ownerId, cost, title: request.title || title(upload), ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
      return { jobId: job.id, cost };
    },
  };
}

export type AudioSeparationService = ReturnType<typeof createAudioSeparationService>;
