import { ErrorCode, TOOL_PRICES, subtitleExtractionCost, type PictureBox, type SubtitleScript } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { checkSubtitleTrack } from '../pipeline-stages/subtitle-readings.ts';
import { acceptVideoUpload, uploadTitle } from '../uploads/video-source.ts';
import type { SubtitleExtractionJobInput } from './subtitle-extraction.pipeline.ts';

/** The job type of subtitle extraction. */
export const SUBTITLE_EXTRACTION_JOB = 'subtitle-extraction.extract';

export interface SubtitleExtractionPlan {
  maxVideoMinutesPerJob: number;
}

export interface SubtitleExtractionServiceDeps {
  jobs: JobService;
  videoEngines: Pick<VideoEngines, 'textReaders'>;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<SubtitleExtractionPlan>;
}

export function createSubtitleExtractionService(deps: SubtitleExtractionServiceDeps) {
  return {
    async options(ownerId: string) {
      const plan = await deps.planOf(ownerId);
      const readers = deps.videoEngines.textReaders().map(({ id, location, name, languages }) => ({ id, location, name, languages }));
      return { readers, pricePerMinute: TOOL_PRICES.subtitleExtractionPerMinute, maxVideoMinutes: plan.maxVideoMinutesPerJob };
    },

    /**
     * Reads the video's burned-in subtitles (only the track picked, `subtitleTrack`, when given); points
     * per started minute, frozen now, released if it fails (no subtitles found included).
     */
    async create(ownerId: string, request: { uploadId: string; languages: SubtitleScript[]; title?: string | undefined; subtitleTrack?: PictureBox | undefined }, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const { upload, storageKey, durationSeconds } = acceptVideoUpload(await deps.findUpload(ownerId, request.uploadId), await deps.planOf(ownerId));
      checkSubtitleTrack(request.subtitleTrack, upload);
      const reader = deps.videoEngines.textReaders()[0];
      if (!reader) throw new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: 'text-detector' });
      const cost = subtitleExtractionCost(durationSeconds);
      const languages = (['zh', 'en'] as const).filter((script) => request.languages.includes(script));
      const input: SubtitleExtractionJobInput = { uploadId: upload.id, uploadKey: storageKey, durationSeconds, languages, engineId: reader.id, ...(request.subtitleTrack ? { subtitleTrack: request.subtitleTrack } : {}) };
      const job = await deps.jobs.enqueue(SUBTITLE_EXTRACTION_JOB, input, { ownerId, cost, title: request.title || uploadTitle(upload), ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
      return { jobId: job.id, cost };
    },
  };
}

export type SubtitleExtractionService = ReturnType<typeof createSubtitleExtractionService>;
