import { ERASURE_PREVIEW_SECONDS, TOOL_PRICES, videoErasureCost, type ErasureRegion, type PictureBox } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { acceptVideoUpload, uploadTitle } from '../uploads/video-source.ts';
import { checkRegions } from '../pipeline-stages/erasure-regions.ts';
import { checkSubtitleTrack } from '../pipeline-stages/subtitle-readings.ts';
import type { ErasureDetection, ErasureFill, VideoErasureJobInput } from './video-erasure.pipeline.ts';

/** The job types of video erasure. */
export const VIDEO_ERASURE_JOBS = { detect: 'video-erasure.detect', preview: 'video-erasure.preview', erase: 'video-erasure.erase' } as const;

export interface VideoErasurePlan {
  maxVideoMinutesPerJob: number;
}

export interface VideoErasureServiceDeps {
  jobs: JobService;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<VideoErasurePlan>;
}

export interface VideoErasureRunRequest {
  uploadId: string;
  regions: ErasureRegion[];
  fill: ErasureFill;
}

export function createVideoErasureService(deps: VideoErasureServiceDeps) {
  /** The upload as a video this plan may erase (readable, not too long). */
  const videoOf = async (ownerId: string, uploadId: string) => acceptVideoUpload(await deps.findUpload(ownerId, uploadId), await deps.planOf(ownerId));

  return {
    async options(ownerId: string) {
      const plan = await deps.planOf(ownerId);
      return { pricePerMinute: TOOL_PRICES.videoErasurePerMinute, maxVideoMinutes: plan.maxVideoMinutesPerJob, previewSeconds: ERASURE_PREVIEW_SECONDS };
    },

    /**
     * A free job that finds the video's text (only the subtitle track picked, `subtitleTrack`, when
     * given); its result lists the regions and the candidate subtitle tracks for the user to review.
     */
    async detect(ownerId: string, request: { uploadId: string; detection: ErasureDetection; subtitleTrack?: PictureBox | undefined }) {
      const { upload, storageKey, durationSeconds } = await videoOf(ownerId, request.uploadId);
      checkSubtitleTrack(request.subtitleTrack, upload);
      const input = { uploadId: upload.id, uploadKey: storageKey, durationSeconds, detection: request.detection, ...(request.subtitleTrack ? { subtitleTrack: request.subtitleTrack } : {}) };
      const job = await deps.jobs.enqueue(VIDEO_ERASURE_JOBS.detect, input, { ownerId, cost: 0, title: uploadTitle(upload) });
      return { jobId: job.id };
    },

    /** A free 10-second preview of the regions erased, and the cost of the whole video. */
    async preview(ownerId: string, request: VideoErasureRunRequest & { startSeconds?: number | undefined }) {
      const { upload, storageKey, durationSeconds } = await videoOf(ownerId, request.uploadId);
      checkRegions(request.regions, { width: upload.width, height: upload.height, durationSeconds });
      // By default the preview starts a little before the first region does.
      const firstStart = Math.min(...request.regions.map((region) => region.startSeconds ?? 0));
      const startSeconds = request.startSeconds ?? Math.max(0, firstStart - 0.5);
      const job = await deps.jobs.enqueue(
        VIDEO_ERASURE_JOBS.preview,
        { uploadId: upload.id, uploadKey: storageKey, durationSeconds, regions: request.regions, fill: request.fill, startSeconds },
        { ownerId, cost: 0, title: uploadTitle(upload) },
      );
      return { jobId: job.id, cost: videoErasureCost(durationSeconds) };
    },

    /** The whole video erased; points per started minute, frozen now, released if it fails (no text found included). */
    async create(
      ownerId: string,
      request: VideoErasureRunRequest & { mode: 'automatic' | 'regions'; detection: ErasureDetection; subtitleTrack?: PictureBox | undefined; title?: string | undefined },
      options: Pick<EnqueueOptions, 'idempotency'> = {},
    ) {
      const { upload, storageKey, durationSeconds } = await videoOf(ownerId, request.uploadId);
      if (request.mode === 'regions' || request.regions.length > 0) checkRegions(request.regions, { width: upload.width, height: upload.height, durationSeconds });
      checkSubtitleTrack(request.subtitleTrack, upload);
      const cost = videoErasureCost(durationSeconds);
      const input: VideoErasureJobInput = {
        uploadId: upload.id,
        uploadKey: storageKey,
        durationSeconds,
        regions: request.regions,
        mode: request.mode,
        detection: request.detection,
        ...(request.subtitleTrack ? { subtitleTrack: request.subtitleTrack } : {}),
        fill: request.fill,
      };
      const job = await deps.jobs.enqueue(VIDEO_ERASURE_JOBS.erase, input, { ownerId, cost, title: request.title || uploadTitle(upload), ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
      return { jobId: job.id, cost };
    },
  };
}

export type VideoErasureService = ReturnType<typeof createVideoErasureService>;
