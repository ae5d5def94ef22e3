import { ErrorCode, TOOL_PRICES, subtitleBurnInCost, type BurnInStyle } from '@voxwork/contract';
import { SubtitleParseError } from '@voxwork/contract/subtitles';
import { parseSubtitleFileInput, type SubtitleFileInput } from '@voxwork/contract/subtitle-encoding';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { roundTo } from '../rounding.ts';
import { acceptVideoUpload, uploadTitle } from '../uploads/video-source.ts';
import type { SubtitleBurnInJobInput } from './subtitle-burn-in.pipeline.ts';

/** The job type of subtitle burn-in. */
export const SUBTITLE_BURN_IN_JOB = 'subtitle-burn-in.burn';

export interface SubtitleBurnInServiceDeps {
  jobs: JobService;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<{ maxVideoMinutesPerJob: number }>;
}

export interface SubtitleBurnInRequest {
  uploadId: string;
  /** Text, or the file's bytes in base64 in any common encoding. */
  subtitleFile: SubtitleFileInput;
  style: BurnInStyle;
  title?: string | undefined;
}

export function createSubtitleBurnInService(deps: SubtitleBurnInServiceDeps) {
  return {
    async options(ownerId: string) {
      const plan = await deps.planOf(ownerId);
      return { pricePerMinute: TOOL_PRICES.subtitleBurnInPerMinute, maxVideoMinutes: plan.maxVideoMinutesPerJob };
    },

    /**
     * Accepts a burn-in: the file must read (SRT, VTT or ASS) and have a line within the video;
     * lines that start after the video ends are left out (counted in the answer). Points per
     * started minute, frozen now, released if the job fails.
     */
    async create(ownerId: string, request: SubtitleBurnInRequest, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const { upload, storageKey, durationSeconds } = acceptVideoUpload(await deps.findUpload(ownerId, request.uploadId), await deps.planOf(ownerId));
      let parsed;
      try {
        parsed = parseSubtitleFileInput(request.subtitleFile);
      } catch (error) {
        if (error instanceof SubtitleParseError) throw new DomainError(ErrorCode.SUBTITLE_FILE_INVALID, { reason: error.reason });
        throw error;
      }
      const lines = parsed.lines.filter((line) => line.startSeconds < durationSeconds);
      if (!lines.length) throw new DomainError(ErrorCode.BURN_IN_NO_LINES_IN_VIDEO, { count: parsed.lines.length, duration: roundTo(durationSeconds, 1) });
      const cost = subtitleBurnInCost(durationSeconds);
      const input: SubtitleBurnInJobInput = { uploadId: upload.id, uploadKey: storageKey, durationSeconds, fileName: request.subtitleFile.name, lines, style: request.style };
      const job = await deps.jobs.enqueue(SUBTITLE_BURN_IN_JOB, input, { ownerId, cost, title: request.title || uploadTitle(upload), ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
      return { jobId: job.id, cost, lines: lines.length, linesAfterEnd: parsed.lines.length - lines.length, subtitleFile: parsed.read };
    },
  };
}

export type SubtitleBurnInService = ReturnType<typeof createSubtitleBurnInService>;
