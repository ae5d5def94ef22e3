import { useEffect, useRef, useState } from "react";
import type { ApiClient } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";
import { isJobEnded, useFollowedJob } from "./use-followed-job";

/**
 * One run of a tool page: the job it started, followed live (`job`, `connection`), whether one is
 * being asked for or still runs (`running`), and `start`, which asks for the job and keeps its id.
 * A refused start returns null: the client wrapper has shown the catalogue message.
 */
export function useToolRun() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const followed = useFollowedJob(jobId);
  const running = submitting || (jobId !== null && !isJobEnded(followed.job));

  async function start<T extends { jobId: string }>(create: () => Promise<T>): Promise<T | null> {
    setSubmitting(true);
    try {
      const created = await create();
      setJobId(created.jobId);
      return created;
    } catch {
      return null;
    } finally {
      setSubmitting(false);
    }
  }

  return { ...followed, jobId, setJobId, submitting, running, start };
}

/** A tool's options, read once the person is signed in; null until they answer (a failed read stays null: the client wrapper said why). */
export function useToolOptions<T>(signedIn: boolean, load: (api: ApiClient) => Promise<T>): T | null {
  const api = useApiClient();
  const [options, setOptions] = useState<T | null>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    latest.current(api).then(
      (answer) => live && setOptions(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, signedIn]);
  return options;
}
