import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { ErrorCode, type DubbingProject } from "@voxwork/contract";
import { ApiError, HttpError, TimeoutError, dubbingEditCall, dubbingProjectGetCall, dubbingProjectStateCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useT } from "../../i18n";
import { useQuietApiClient } from "../../lib/dubbing/quiet-api-client";
import { EditQueue, storageKeyFor, type EditAnswer } from "../../lib/dubbing/edit-queue";
import { docFromProject } from "../../lib/dubbing/editor-state";

const POLL_MS = 10_000;
/** The project's links (media, takes) are read again this often even when nothing changed, well before they expire (6 h). */
const LINKS_REFRESH_MS = 60 * 60_000;

const retryable = (error: unknown) =>
  error instanceof TimeoutError || (error instanceof ApiError && (error.code === ErrorCode.NETWORK_ERROR || error.code === ErrorCode.TOO_MANY_REQUESTS)) || (error instanceof HttpError && (error.status >= 500 || error.status === 429));

const newId = () => crypto.randomUUID();

/**
 * The dubbing editor's project kept in step with the server: the autosave (`EditQueue`: every
 * action is one batch, shown at once, undoable, sent in order and replayed after a reload or a
 * network loss), the poll that reads the project again when it changed elsewhere or its links grow
 * old, and the project's running jobs (the project is read again when one ends).
 */
export function useDubbingProjectSync(initial: DubbingProject) {
  const t = useT();
  const quietApi = useQuietApiClient();
  const [project, setProject] = useState(initial);
  const [jobIds, setJobIds] = useState<string[]>(() => initial.activeJobs.map((job) => job.jobId));
  const apiRef = useRef(quietApi);
  apiRef.current = quietApi;

  // The autosave queue, one per project for the page's life.
  const queue = useMemo(
    () =>
      new EditQueue(docFromProject(initial), {
        send: (batch) => apiRef.current.call(dubbingEditCall, { projectId: initial.id, batchId: batch.batchId, ops: batch.ops, force: batch.force }) as Promise<EditAnswer>,
        isRetryable: retryable,
        onRejected: () => toast.error(t("dubbing.save.rejected")),
        storage: typeof localStorage === "undefined" ? null : localStorage,
        storageKey: storageKeyFor(initial.id),
        newId,
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      }),
    [initial.id],
  );
  useEffect(() => () => queue.dispose(), [queue]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Network back: send now.
  useEffect(() => {
    const online = () => queue.retryNow();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [queue]);

  // Reading the project again (a poll that saw a change, a finished job): merged under the queued edits.
  const linksReadAt = useRef(Date.now());
  const refresh = useCallback(
    async (quiet: boolean) => {
      try {
        const fresh = await apiRef.current.call(dubbingProjectGetCall, { projectId: initial.id });
        linksReadAt.current = Date.now();
        setProject(fresh);
        queue.adoptRemote(docFromProject(fresh), { quiet });
        setJobIds((current) => [...new Set([...current, ...fresh.activeJobs.map((job) => job.jobId)])]);
      } catch {
        // Offline: the next poll tries again.
      }
    },
    [initial.id, queue],
  );
  // The poll asks for the revisions only; the whole project (every segment) is read when one moved,
  // so an idle editor costs the page and the server almost nothing while people edit.
  useEffect(() => {
    const poll = async () => {
      try {
        const state = await apiRef.current.call(dubbingProjectStateCall, { projectId: initial.id });
        const known = queue.getSnapshot().confirmed;
        setJobIds((current) => (state.activeJobs.every((job) => current.includes(job.jobId)) ? current : [...new Set([...current, ...state.activeJobs.map((job) => job.jobId)])]));
        if (state.revision > known.revision || state.settingsRevision > known.settingsRevision || Date.now() - linksReadAt.current > LINKS_REFRESH_MS) await refresh(false);
      } catch {
        // Offline: the next poll tries again.
      }
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void poll();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh, initial.id, queue]);
  useEffect(() => {
    if (snapshot.needsReload) void refresh(true);
  }, [snapshot.needsReload, refresh]);

  // ── Jobs ──
  const jobEnded = useCallback(
    (jobId: string) => {
      setJobIds((current) => current.filter((id) => id !== jobId));
      void refresh(true);
    },
    [refresh],
  );
  const started = (jobId: string) => setJobIds((current) => [...new Set([...current, jobId])]);

  return { project, setProject, queue, snapshot, refresh, jobIds, jobEnded, started };
}
