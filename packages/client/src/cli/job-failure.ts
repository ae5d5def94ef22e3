import type { Job } from '../voxwork-client.ts';
import type { CliMessages } from './cli-messages.ts';

/**
 * Why a job failed, as the command prints it: the catalogue message the server gave in the
 * language asked (`Accept-Language` follows `--lang`), params filled in, and its code.
 */
export function jobFailureText(job: Pick<Job, 'error'>, messages: CliMessages): string {
  if (!job.error) return messages.unknownError;
  return messages.jobError(job.error.message || messages.unknownError, job.error.code);
}
