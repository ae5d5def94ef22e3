import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ErrorCode, type JobStatus, type JobView } from "@voxwork/contract";
import { ApiError, streamJobs, jobCancelCall, jobDeleteCall, jobGetCall, jobListCall, jobRenameCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { usePublicConfig } from "../../lib/public-config";
import { appendPage, applyEvent, applySnapshot, type Change, isActive, upsertJob } from "./job-history-state";

export interface JobHistoryOptions {
  /** Job types to list; undefined lists every type, an empty list nothing (a tool without jobs yet). */
  types: readonly string[] | undefined;
  statuses: readonly JobStatus[] | undefined;
  pageSize: number;
}

/** Window event a tool page dispatches after queueing a job, so every history on the page lists it at once. */
export const JOB_ANNOUNCED_EVENT = "voxwork:job-announced";

/** Tells the histories on this page about a job just queued (`announceJob(jobId)` after the tool's call). */
export function announceJob(jobId: string): void {
  window.dispatchEvent(new CustomEvent(JOB_ANNOUNCED_EVENT, { detail: { jobId } }));
}

/**
 * The caller's jobs, newest first, a page at a time, kept live by the job stream (SSE) while any
 * listed job is queued or running: progress and status as they happen, the result read again when
 * a job ends, and after every (re)connection the snapshot's jobs reconciled so a final state
 * reached while disconnected is never missed. The stream connects after the first page is in, so
 * its snapshot is newer than the page. With nothing running no connection is held open; jobs
 * started elsewhere show when the page is shown again (first page re-read) or when a tool on the
 * page announces them (`announceJob`).
 */
export function useJobHistory({ types, statuses, pageSize }: JobHistoryOptions) {
  const api = useApiClient();
  const config = usePublicConfig();
  const token = useCurrentUser().token;
  const [jobs, setJobsState] = useState<JobView[]>([]);
  const jobsRef = useRef<JobView[]>([]);
  const adding = useRef(new Set<string>());
  const [total, setTotal] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [connection, setConnection] = useState<"open" | "reconnecting" | "closed">("closed");
  const filterKey = JSON.stringify([types ?? null, statuses ?? null]);
  // Keyed by value: callers may pass a new array on every render.
  const filter = useMemo(() => ({ types, statuses }), [filterKey]);
  const nothingToList = types !== undefined && types.length === 0;

  const setJobs = useCallback((next: JobView[]) => {
    jobsRef.current = next;
    setJobsState(next);
  }, []);

  const listBody = useCallback(
    (page: number) => ({ pageNum: page, pageSize, ...(filter.types ? { types: [...filter.types] } : {}), ...(filter.statuses?.length ? { statuses: [...filter.statuses] } : {}) }),
    [filter, pageSize],
  );

  /** Reads one job again (fresh result links); a job that is gone leaves the list. */
  const refresh = useCallback(
    async (jobId: string): Promise<JobView | undefined> => {
      try {
        const job = await api.call(jobGetCall, { jobId });
        setJobs(upsertJob(jobsRef.current, job));
        return job;
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.JOB_NOT_FOUND) setJobs(jobsRef.current.filter((item) => item.id !== jobId));
        return undefined;
      }
    },
    [api, setJobs],
  );

  /** Reads a job that is not listed yet and adds it (once, however many events name it meanwhile). */
  const add = useCallback(
    async (jobId: string) => {
      if (adding.current.has(jobId) || jobsRef.current.some((job) => job.id === jobId)) return;
      adding.current.add(jobId);
      try {
        const job = await api.call(jobGetCall, { jobId });
        if (jobsRef.current.some((item) => item.id === jobId)) return setJobs(upsertJob(jobsRef.current, job));
        setJobs(upsertJob(jobsRef.current, job));
        setTotal((value) => value + 1);
      } catch {
        // Shown by the client wrapper.
      } finally {
        adding.current.delete(jobId);
      }
    },
    [api, setJobs],
  );

  const apply = useCallback(
    (change: Change) => {
      setJobs(change.jobs);
      for (const jobId of change.refresh) void refresh(jobId);
      for (const jobId of change.add) void add(jobId);
    },
    [add, refresh, setJobs],
  );

  // The first page, again whenever the filter changes.
  useEffect(() => {
    if (!token) return;
    if (nothingToList) {
      setJobs([]);
      setTotal(0);
      setStatus("ready");
      return;
    }
    let live = true;
    setStatus("loading");
    api.call(jobListCall, listBody(1)).then(
      (page) => {
        if (!live) return;
        setJobs(page.list);
        setTotal(page.total);
        setPageNum(1);
        setStatus("ready");
        setGeneration((value) => value + 1);
      },
      () => live && setStatus("error"),
    );
    return () => {
      live = false;
    };
  }, [api, token, listBody, nothingToList, setJobs]);

  // Jobs started elsewhere: re-read the first page when the page is shown again, and add the jobs a
  // tool on this page announces.
  useEffect(() => {
    if (!token || nothingToList) return;
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      api.call(jobListCall, listBody(1)).then(
        (page) => {
          let next = jobsRef.current;
          for (const job of page.list) next = upsertJob(next, job);
          setJobs(next);
          setTotal(page.total);
        },
        () => undefined,
      );
    };
    const onAnnounced = (event: Event) => {
      const jobId = (event as CustomEvent<{ jobId?: unknown }>).detail?.jobId;
      if (typeof jobId === "string") void add(jobId);
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener(JOB_ANNOUNCED_EVENT, onAnnounced);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(JOB_ANNOUNCED_EVENT, onAnnounced);
    };
  }, [api, token, listBody, nothingToList, add, setJobs]);

  // The live stream, (re)started after each first page, held while a listed job is active.
  const anyActive = jobs.some((job) => isActive(job.status));
  useEffect(() => {
    if (!token || generation === 0 || nothingToList || !anyActive) return;
    const stream = streamJobs({
      baseUrl: config.apiBaseUrl,
      token,
      onSnapshot: (snapshot) => apply(applySnapshot(jobsRef.current, snapshot, filter)),
      onEvent: (event) => apply(applyEvent(jobsRef.current, event, filter)),
      onStatus: setConnection,
    });
    return () => stream.close();
  }, [config.apiBaseUrl, token, generation, filter, apply, nothingToList, anyActive]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const page = await api.call(jobListCall, listBody(pageNum + 1));
      setJobs(appendPage(jobsRef.current, page.list));
      setTotal(page.total);
      setPageNum(pageNum + 1);
      // A job of this page may have ended between the read and now: read the active ones again.
      for (const job of page.list) if (isActive(job.status)) void refresh(job.id);
    } catch {
      // The client wrapper has shown the error.
    } finally {
      setLoadingMore(false);
    }
  }, [api, listBody, pageNum, refresh, setJobs]);

  const rename = useCallback(
    async (jobId: string, title: string) => {
      await api.call(jobRenameCall, { jobId, title });
      setJobs(jobsRef.current.map((job) => (job.id === jobId ? { ...job, title } : job)));
    },
    [api, setJobs],
  );

  const remove = useCallback(
    async (jobId: string) => {
      await api.call(jobDeleteCall, { jobId });
      setJobs(jobsRef.current.filter((job) => job.id !== jobId));
      setTotal((value) => Math.max(0, value - 1));
    },
    [api, setJobs],
  );

  const cancel = useCallback(
    async (jobId: string) => {
      const job = await api.call(jobCancelCall, { jobId });
      setJobs(upsertJob(jobsRef.current, job));
    },
    [api, setJobs],
  );

  return { jobs, total, status, loadingMore, hasMore: jobs.length < total, connection, loadMore, refresh, rename, remove, cancel };
}

export type JobHistory = ReturnType<typeof useJobHistory>;
