import { ErrorCode, messageFor, type JobView } from "@voxwork/contract";
import type { Locale } from "../i18n";

/**
 * Why a job failed, in the page's language: the error catalogue's message for a domain error (its
 * code), unless that message needs parameters the job does not keep; then, and for a plain
 * failure, the words the worker stored.
 */
export function jobFailureReason(job: Pick<JobView, "error">, locale: Locale): string {
  if (!job.error) return "";
  const message = job.error.code !== ErrorCode.JOB_FAILED ? messageFor(locale, job.error.code) : undefined;
  return message && !/\{\w+\}/.test(message) ? message : job.error.message;
}
