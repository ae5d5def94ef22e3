import type { JobEvent, JobStatus, JobView } from "@voxwork/contract";

/**
 * Pure rules of the live history: how stream events and snapshots change the listed jobs, and which
 * jobs must be read again (a final state needs the result: media links, output, finish time).
 */

export const ACTIVE_STATUSES: readonly JobStatus[] = ["queued", "running"];

export function isActive(status: JobStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

export interface HistoryFilter {
  /** Only these job types (undefined: every type). */
  types?: readonly string[] | undefined;
  statuses?: readonly JobStatus[] | undefined;
}

export function matchesFilter(job: Pick<JobView, "type" | "status">, filter: HistoryFilter): boolean {
  if (filter.types && !filter.types.includes(job.type)) return false;
  if (filter.statuses?.length && !filter.statuses.includes(job.status)) return false;
  return true;
}

export interface Change {
  jobs: JobView[];
  /** Listed jobs to read again (they reached a final state). */
  refresh: string[];
  /** Jobs not listed yet that belong in the list (new ones): read and add them. */
  add: string[];
}

/** One event of the stream: listed jobs take its status and progress; a final state is read again. */
export function applyEvent(jobs: readonly JobView[], event: JobEvent, filter: HistoryFilter): Change {
  const index = jobs.findIndex((job) => job.id === event.jobId);
  if (index === -1) {
    // Only new work is added live; an old job changing (a re-run) shows on the next load.
    const fresh = event.status === "queued" || event.status === "running";
    return { jobs: [...jobs], refresh: [], add: fresh && matchesFilter(event, filter) ? [event.jobId] : [] };
  }
  const current = jobs[index]!;
  // Progress is published without waiting, so a last "running" may arrive after the final state: a
  // finished job only starts again through "queued" (a re-run), never straight from "running".
  if (!isActive(current.status) && event.status === "running") return { jobs: [...jobs], refresh: [], add: [] };
  const updated: JobView = { ...current, status: event.status, progress: event.progress, currentStage: event.stage };
  const next = [...jobs];
  next[index] = updated;
  const ended = !isActive(event.status) && (isActive(current.status) || current.status !== event.status);
  return { jobs: next, refresh: ended ? [event.jobId] : [], add: [] };
}

/**
 * A (re)connection's snapshot: every queued or running job of the user as of now. A listed job we
 * believed active that is missing from it ended while we were away: read it again, so its final
 * state is never missed.
 */
export function applySnapshot(jobs: readonly JobView[], snapshot: readonly JobView[], filter: HistoryFilter): Change {
  const byId = new Map(snapshot.map((job) => [job.id, job]));
  const refresh: string[] = [];
  const next = jobs.map((job) => {
    const live = byId.get(job.id);
    if (live) return live;
    if (isActive(job.status)) refresh.push(job.id);
    return job;
  });
  const listed = new Set(jobs.map((job) => job.id));
  const add = snapshot.filter((job) => !listed.has(job.id) && matchesFilter(job, filter)).map((job) => job.id);
  return { jobs: next, refresh, add };
}

/** Puts a job read from the server into the list: replaces it, or adds it in created order (newest first). */
export function upsertJob(jobs: readonly JobView[], job: JobView): JobView[] {
  const index = jobs.findIndex((item) => item.id === job.id);
  if (index !== -1) {
    const next = [...jobs];
    next[index] = job;
    return next;
  }
  const position = jobs.findIndex((item) => item.createdAt < job.createdAt);
  const next = [...jobs];
  next.splice(position === -1 ? jobs.length : position, 0, job);
  return next;
}

/** Adds a further page, skipping jobs already listed (new jobs shift the pages while we read them). */
export function appendPage(jobs: readonly JobView[], page: readonly JobView[]): JobView[] {
  const listed = new Set(jobs.map((job) => job.id));
  return [...jobs, ...page.filter((job) => !listed.has(job.id))];
}
