import { ErrorCode, PLANS, type ComboDetail, type PictureLimits } from '@voxwork/contract';
import type { MediaInfo } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';

const MB = 1024 * 1024;

export type UploadKind = 'video' | 'audio' | 'image';

/** Content types the tools accept, by the mime `file-type` reports. */
export const ACCEPTED_MEDIA: Readonly<Record<string, { kind: UploadKind; extension: string }>> = {
  'video/mp4': { kind: 'video', extension: 'mp4' },
  'video/x-m4v': { kind: 'video', extension: 'm4v' },
  'video/quicktime': { kind: 'video', extension: 'mov' },
  'video/webm': { kind: 'video', extension: 'webm' },
  'video/matroska': { kind: 'video', extension: 'mkv' },
  'video/x-matroska': { kind: 'video', extension: 'mkv' },
  'audio/mpeg': { kind: 'audio', extension: 'mp3' },
  'audio/wav': { kind: 'audio', extension: 'wav' },
  'audio/x-wav': { kind: 'audio', extension: 'wav' },
  'audio/wave': { kind: 'audio', extension: 'wav' },
  'audio/vnd.wave': { kind: 'audio', extension: 'wav' },
  'audio/x-m4a': { kind: 'audio', extension: 'm4a' },
  'audio/mp4': { kind: 'audio', extension: 'm4a' },
  'audio/aac': { kind: 'audio', extension: 'aac' },
  'audio/ogg': { kind: 'audio', extension: 'ogg' },
  'audio/ogg; codecs=opus': { kind: 'audio', extension: 'opus' },
  'audio/opus': { kind: 'audio', extension: 'opus' },
  'audio/flac': { kind: 'audio', extension: 'flac' },
  'audio/x-flac': { kind: 'audio', extension: 'flac' },
  'image/jpeg': { kind: 'image', extension: 'jpg' },
  'image/png': { kind: 'image', extension: 'png' },
  'image/webp': { kind: 'image', extension: 'webp' },
};

/** The plan facts uploads are checked against (picture bounds default to the smallest plan's). */
export type UploadPlan = Pick<ComboDetail, 'uploadSizeMb' | 'maxVideoMinutesPerJob'> & Partial<Pick<ComboDetail, 'storageQuotaMb' | 'imageLimits' | 'videoFrameLimits'>>;

/** What a plan allows. The quota is 20 uploads of the largest size until the plan names its own. */
export function uploadLimits(plan: Pick<ComboDetail, 'uploadSizeMb' | 'maxVideoMinutesPerJob'> & { storageQuotaMb?: number }) {
  return {
    maxBytes: plan.uploadSizeMb * MB,
    maxDurationSeconds: plan.maxVideoMinutesPerJob * 60,
    quotaBytes: (plan.storageQuotaMb ?? plan.uploadSizeMb * 20) * MB,
  };
}

/** A plan's picture bounds: images, and the frames of videos (an audio file's cover art counts as an image). */
export interface PictureBounds {
  image: PictureLimits;
  videoFrame: PictureLimits;
}

export function pictureBounds(plan: Partial<Pick<ComboDetail, 'imageLimits' | 'videoFrameLimits'>>): PictureBounds {
  const smallest = PLANS[0]!.comboDetail;
  return { image: plan.imageLimits ?? smallest.imageLimits, videoFrame: plan.videoFrameLimits ?? smallest.videoFrameLimits };
}

export type UploadLimits = ReturnType<typeof uploadLimits>;

export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${Math.round(mb)} MB`;
}

/** Size and quota, checked before any byte is accepted (declared length) and again at the end. */
export function checkSize(size: number, limits: UploadLimits, usedBytes: number): void {
  if (size === 0) throw new DomainError(ErrorCode.UPLOAD_EMPTY);
  if (size > limits.maxBytes) throw new DomainError(ErrorCode.UPLOAD_TOO_LARGE, { limit: formatMegabytes(limits.maxBytes) });
  if (usedBytes + size > limits.quotaBytes) throw new DomainError(ErrorCode.STORAGE_QUOTA_EXCEEDED, { limit: formatMegabytes(limits.quotaBytes) });
}

/** The kind of a sniffed file, or the catalogue error that refuses it. */
export function classify(sniffed: { mime: string; extension: string } | undefined): { kind: UploadKind; mime: string; extension: string } {
  if (!sniffed) throw new DomainError(ErrorCode.UPLOAD_NOT_MEDIA);
  const accepted = ACCEPTED_MEDIA[sniffed.mime];
  if (accepted) return { kind: accepted.kind, mime: sniffed.mime, extension: accepted.extension };
  if (/^(video|audio|image)\//.test(sniffed.mime)) throw new DomainError(ErrorCode.UPLOAD_UNSUPPORTED_TYPE, { type: sniffed.extension.toUpperCase() });
  throw new DomainError(ErrorCode.UPLOAD_NOT_MEDIA);
}

/**
 * The bounds a picture of this kind is checked against: images by `image`, video frames by
 * `videoFrame`; an audio file's cover art is an image.
 */
export function pictureLimitsFor(kind: UploadKind, bounds: PictureBounds): PictureLimits {
  return kind === 'video' ? bounds.videoFrame : bounds.image;
}

/** A picture within its plan's bounds (width, height, pixels), or the catalogue error that refuses it. */
export function checkPicture(kind: 'image' | 'video', size: { width: number; height: number }, pictures: PictureBounds): void {
  const bounds = pictureLimitsFor(kind, pictures);
  if (size.width <= bounds.maxSide && size.height <= bounds.maxSide && size.width * size.height <= bounds.maxPixels) return;
  throw new DomainError(kind === 'image' ? ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE : ErrorCode.UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE, {
    width: size.width,
    height: size.height,
    maxSide: bounds.maxSide,
    megapixels: Math.round(bounds.maxPixels / 100_000) / 10,
  });
}

/**
 * Checks what ffprobe read against the kind and the plan; returns the facts to store. An image's
 * size is the one its header declares (`declared`, already checked against the plan before
 * ffprobe ran); a picture whose size cannot be read is damaged, never stored as 0×0.
 */
export function checkProbe(
  kind: UploadKind,
  info: MediaInfo | undefined,
  limits: UploadLimits,
  pictures: { bounds?: PictureBounds; declared?: { width: number; height: number } | undefined } = {},
) {
  const { declared, bounds = pictureBounds({}) } = pictures;
  if (!info) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
  const video = info.streams.find((stream) => stream.type === 'video' && !stream.attachedPicture);
  const audio = info.streams.find((stream) => stream.type === 'audio');
  if (kind === 'video' && !video) {
    // An mp4/webm holding only sound is an audio upload.
    if (!audio) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
  }
  if (kind === 'audio' && !audio) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
  if (kind === 'image' && !info.streams.some((stream) => stream.type === 'video')) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
  const finalKind: UploadKind = kind === 'video' && !video ? 'audio' : kind;
  const duration = finalKind === 'image' ? null : info.durationSeconds;
  if (finalKind !== 'image' && (duration === undefined || duration === null || !(duration > 0))) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
  if (duration && duration > limits.maxDurationSeconds) throw new DomainError(ErrorCode.UPLOAD_TOO_LONG, { limit: Math.round(limits.maxDurationSeconds / 60) });
  const picture = finalKind === 'audio' ? undefined : (video ?? info.streams.find((stream) => stream.type === 'video'));
  let size: { width: number; height: number } | undefined;
  if (finalKind !== 'audio') {
    size = finalKind === 'image' ? declared : picture?.width && picture.height ? { width: picture.width, height: picture.height } : undefined;
    if (!size || !(size.width > 0) || !(size.height > 0)) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
    checkPicture(finalKind, size, bounds);
  }
  return {
    kind: finalKind,
    durationSeconds: duration ?? null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    hasAudio: Boolean(audio),
  };
}
