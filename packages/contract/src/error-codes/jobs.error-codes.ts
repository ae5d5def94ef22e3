/**
 * Jobs and their share links (2001–2005, 2101–2103).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const jobErrorCodes = {
  JOB_NOT_FOUND: 2001,
  JOB_FAILED: 2002,
  JOB_BUSY: 2003,
  /** The plan's running slots are taken and its `waitingJobs` are all waiting: no room for another job. */
  JOB_QUEUE_FULL: 2004,
  /** The job is not waiting for its owner at this step (it is running, or has finished). */
  JOB_NOT_WAITING: 2005,
  /** A share link is unknown or was revoked (or its job was deleted). */
  SHARE_LINK_NOT_FOUND: 2101,
  /** Only a finished job with output files can be shared. */
  SHARE_JOB_NOT_READY: 2102,
  /** The job has the maximum number of active share links. */
  SHARE_LINK_LIMIT: 2103,
} as const;

export const jobErrorMessages: ErrorAreaMessages<typeof jobErrorCodes> = {
  en: {
    2001: 'That job does not exist.',
    2002: 'The job failed: {reason}',
    2003: 'This job is running. Wait for it to finish or cancel it first.',
    2004: 'You already have {running} job(s) running and {waiting} waiting, the most your plan allows. Wait for one to finish or upgrade your plan.',
    2005: 'This job is not waiting for you at this step any more (it is running again or has finished). Reload the page to see where it is.',
    2101: 'This link does not exist or has been revoked.',
    2102: 'Only a finished result with files can be shared.',
    2103: 'This result already has {limit} active links. Revoke one first.',
  },
  zh: {
    2001: '任务不存在。',
    2002: '任务失败：{reason}',
    2003: '任务正在运行，请等待完成或先取消。',
    2004: '你已有 {running} 个任务在运行、{waiting} 个在排队，已达套餐上限。请等待任务完成或升级套餐。',
    2005: '该任务已不在这一步等待你（它已重新运行或已完成）。请刷新页面查看进度。',
    2101: '此链接不存在或已被撤销。',
    2102: '只有已完成且有文件的结果才能分享。',
    2103: '此结果已有 {limit} 个有效链接，请先撤销一个。',
  },
};
