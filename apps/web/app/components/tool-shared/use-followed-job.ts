import { useEffect, useRef, useState } from "react";
import { ErrorCode, type JobView } from "@voxwork/contract";
import { ApiError, streamJobs, jobGetCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";
import { announceJob } from "../history/use-job-history";
import { useCurrentUser } from "../../lib/current-user";
import { usePublicConfig } from "../../lib/public-config";
import { refreshAccount } from "../../lib/session";

export type FollowState = "idle" | "open" | "reconnecting" | "closed";

const ENDED = new Set<JobView["status"]>(["completed", "failed", "cancelled"]);

export const isJobEnded = (job: Pick<JobView, "status"> | null): boolean => !!job && ENDED.has(job.status);

/**
 * One job followed live: read once, then progress from the job stream; when it ends, read again
 * for its result files (signed links) and refresh the account (the points were settled). The
 * account is read on the first read of a running job too (its points were reserved).
 * `missing` when the job does not exist (or is not the caller's).
 */
export function useFollowedJob(jobId: string | null): { job: JobView | null; connection: FollowState; missing: boolean } {
  const api = useApiClient();
  const config = usePublicConfig();
  const { token } = useCurrentUser();
  const [job, setJob] = useState<JobView | null>(null);
  const [connection, setConnection] = useState<FollowState>("idle");
  const [missing, setMissing] = useState(false);
  const apiRef = useRef(api);
  apiRef.current = api;

  // The content history on the page lists the new job at once (and follows it live).
  useEffect(() => {
    if (jobId) announceJob(jobId);
  }, [jobId]);

  useEffect(() => {
    setJob(null);
    setMissing(false);
    if (!jobId || !token) return;
    let live = true;
    let finished = false;
    const readFinal = async () => {
      if (finished) return;
      finished = true;
      try {
        const final = await apiRef.current.call(jobGetCall, { jobId });
        if (live) setJob(final);
      } catch {
        // The client wrapper showed the error.
      }
      void refreshAccount(apiRef.current);
      stream.close();
    };
    const stream = streamJobs({
      baseUrl: config.apiBaseUrl,
      token,
      jobId,
      onStatus: (status) => live && setConnection(status),
      onSnapshot: (jobs) => {
        const current = jobs.find((candidate) => candidate.id === jobId);
        if (!current || !live) return;
        setJob(current);
        if (ENDED.has(current.status)) void readFinal();
      },
      onEvent: (event) => {
        if (event.jobId !== jobId || !live) return;
        setJob((previous) => (previous ? { ...previous, status: event.status, progress: event.progress, currentStage: event.stage } : previous));
        if (ENDED.has(event.status)) void readFinal();
      },
    });
    apiRef.current.call(jobGetCall, { jobId }).then(
      (first) => {
        if (!live) return;
        setJob((previous) => previous ?? first);
        if (ENDED.has(first.status)) void readFinal();
        // Accepted, its points are held: the header's balance says so now, not once it ends.
        else void refreshAccount(apiRef.current);
      },
      (error: unknown) => {
        if (!live || !(error instanceof ApiError) || error.code !== ErrorCode.JOB_NOT_FOUND) return;
        setMissing(true);
        stream.close();
      },
    );
    return () => {
      live = false;
      stream.close();
    };
  }, [jobId, token, config.apiBaseUrl]);

  return { job, connection, missing };
}
