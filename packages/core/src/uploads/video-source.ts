import { ErrorCode } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import { roundTo } from '../rounding.ts';

/** A video upload a tool may work on: stored, readable (it has a length) and within the plan's longest video. */
export interface VideoSource {
  upload: UploadRow;
  storageKey: string;
  durationSeconds: number;
}

/**
 * The upload as a video a video tool accepts, or the error the user sees: not a readable video
 * (`VIDEO_NOT_READABLE`) or longer than the plan allows per job (`VIDEO_TOO_LONG`). Checked when a
 * job is accepted, before any points are frozen.
 */
export function acceptVideoUpload(upload: UploadRow, plan: { maxVideoMinutesPerJob: number }): VideoSource {
  if (upload.kind !== 'video' || !upload.storageKey) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
  const durationSeconds = upload.durationSeconds ?? 0;
  if (durationSeconds <= 0) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
  if (durationSeconds > plan.maxVideoMinutesPerJob * 60) throw new DomainError(ErrorCode.VIDEO_TOO_LONG, { minutes: roundTo(durationSeconds / 60, 1), max: plan.maxVideoMinutesPerJob });
  return { upload, storageKey: upload.storageKey, durationSeconds };
}

/** The upload's name without its extension: a job's default title. */
export const uploadTitle = (upload: UploadRow): string => upload.originalName.replace(/\.[^.]+$/, '');
