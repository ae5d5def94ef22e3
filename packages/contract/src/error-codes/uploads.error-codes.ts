/**
 * Uploads and stored media (5001–5099).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const uploadErrorCodes = {
  /** Uploads and stored media (5001–5099). The file's content is not audio, video or an image. */
  UPLOAD_NOT_MEDIA: 5001,
  /** A media file of a kind the tools cannot use. */
  UPLOAD_UNSUPPORTED_TYPE: 5002,
  /** Larger than the plan's upload size. */
  UPLOAD_TOO_LARGE: 5003,
  /** Longer than the plan's video minutes per job. */
  UPLOAD_TOO_LONG: 5004,
  /** The file is damaged or truncated (no readable streams). */
  UPLOAD_DAMAGED: 5005,
  /** No such upload for this user (or it expired). */
  UPLOAD_NOT_FOUND: 5006,
  /** The file name is not allowed (path parts, control characters, empty). */
  UPLOAD_NAME_INVALID: 5007,
  /** The user's storage quota is used up. */
  STORAGE_QUOTA_EXCEEDED: 5008,
  /** The file is empty. */
  UPLOAD_EMPTY: 5009,
  /** A media link is unknown, tampered with or expired. */
  MEDIA_LINK_INVALID: 5010,
  /** The requested byte range lies outside the file. */
  RANGE_NOT_SATISFIABLE: 5011,
  /** The upload was sent in a way the server does not accept (missing length, wrong content type). */
  UPLOAD_REQUEST_INVALID: 5012,
  /** An image wider, taller or with more pixels than the plan's `imageLimits` (read from its header, never decoded). */
  UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE: 5013,
  /** A video whose frames exceed the plan's `videoFrameLimits`. */
  UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE: 5014,
  /**
   * At a job's ingest the file measures longer (from its packets) than the length the job was priced
   * at: refused before any work, its points released (`{seconds}`, `{priced}`).
   */
  MEDIA_LONGER_THAN_PRICED: 5015,
} as const;

export const uploadErrorMessages: ErrorAreaMessages<typeof uploadErrorCodes> = {
  en: {
    5001: 'This file is not an audio, video or image file.',
    5002: 'This kind of file ({type}) is not supported. Use MP4, MOV, WebM, MKV, MP3, WAV, M4A, OGG, FLAC, JPEG, PNG or WebP.',
    5003: 'This file is larger than your plan allows ({limit}). Upgrade your plan or use a smaller file.',
    5004: 'This media is longer than your plan allows ({limit} minutes). Upgrade your plan or trim the file.',
    5005: 'This file is damaged or incomplete and cannot be read.',
    5006: 'That upload does not exist or has expired.',
    5007: 'This file name is not allowed. Rename the file and try again.',
    5008: 'Your storage is full ({limit}). Delete some files or upgrade your plan.',
    5009: 'This file is empty.',
    5010: 'This media link is invalid or has expired.',
    5011: 'The requested part of the file does not exist.',
    5012: 'The upload request is not valid: {reason}',
    5013: 'This image is {width}×{height} pixels; your plan allows up to {maxSide} pixels a side and {megapixels} megapixels. Resize it or upgrade your plan.',
    5014: "This video's frames are {width}×{height} pixels; your plan allows up to {maxSide} pixels a side and {megapixels} megapixels. Scale it down or upgrade your plan.",
    5015: 'This file plays for {seconds} s, longer than the {priced} s it was priced at. Nothing was charged: upload the file again to have it priced at its real length.',
  },
  zh: {
    5001: '此文件不是音频、视频或图片文件。',
    5002: '不支持此类文件（{type}）。请使用 MP4、MOV、WebM、MKV、MP3、WAV、M4A、OGG、FLAC、JPEG、PNG 或 WebP。',
    5003: '文件超过了你的套餐上限（{limit}）。请升级套餐或使用更小的文件。',
    5004: '媒体时长超过了你的套餐上限（{limit} 分钟）。请升级套餐或剪短文件。',
    5005: '文件已损坏或不完整，无法读取。',
    5006: '上传不存在或已过期。',
    5007: '不允许使用此文件名，请重命名后重试。',
    5008: '你的存储空间已满（{limit}）。请删除部分文件或升级套餐。',
    5009: '文件为空。',
    5010: '媒体链接无效或已过期。',
    5011: '请求的文件范围不存在。',
    5012: '上传请求无效：{reason}',
    5013: '这张图片为 {width}×{height} 像素，你的套餐最多允许每边 {maxSide} 像素、共 {megapixels} 百万像素。请缩小图片或升级套餐。',
    5014: '该视频画面为 {width}×{height} 像素，你的套餐最多允许每边 {maxSide} 像素、共 {megapixels} 百万像素。请降低分辨率或升级套餐。',
    5015: '该文件实际时长 {seconds} 秒，超过了计价时的 {priced} 秒。本次未扣除任何积分：请重新上传该文件，按实际时长计价。',
  },
};
