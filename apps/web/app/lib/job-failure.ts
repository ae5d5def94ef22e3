import { ErrorCode, messageFor, type JobView } from "@voxwork/contract";
import type { Locale } from "../i18n";

/**
 * Why a job failed, in the page's language: the error catalogue's message for a domain error (its
 * code, with the params the job keeps); for a plain failure, the worker's words (`params.reason`).
 * When the catalogue cannot say it (an unknown code), the message the server gave.
 */
export function jobFailureReason(job: Pick<JobView, "error">, locale: Locale): string {
  if (!job.error) return "";
  const params = job.error.params ?? {};
  if (job.error.code === ErrorCode.JOB_FAILED) return params.reason !== undefined ? String(params.reason) : job.error.message;
  const message = messageFor(locale, job.error.code, params);
  return message && !/\{\w+\}/.test(message) ? message : job.error.message;
}
