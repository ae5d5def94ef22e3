import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { ErrorCode, type DubbingProject } from "@voxwork/contract";
import { ApiError, HttpError, TimeoutError, dubbingEditCall, dubbingProjectGetCall, dubbingProjectRenameCall, dubbingProjectStateCall } from "@voxwork/contract/client";
import { fitAllOps, formatTimecode, segmentOverruns, type DubbingCharacter, type DubbingEdition, type DubbingOp, type DubbingSegment, type DubbingSegmentFields } from "@voxwork/contract/dubbing";
import { AudioLinesIcon, CombineIcon, GlobeIcon, DownloadIcon, GaugeIcon, HistoryIcon, LanguagesIcon, MicIcon, PauseIcon, PlayIcon, PlusIcon, ScissorsIcon, SparklesIcon, Trash2Icon, UsersIcon, Volume1Icon, Volume2Icon, VolumeXIcon, WandIcon, BookOpenIcon } from "lucide-react";
import { toast } from "sonner";
import { usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { useQuietApiClient } from "../../lib/dubbing/quiet-api-client";
import { DubPlayer, loadPeaks, type OriginalMode } from "../../lib/dubbing/dub-player";
import { markAfterPaint, measureUntilPaint } from "../../lib/dubbing/perf-marks";
import { EditQueue, storageKeyFor, type EditAnswer } from "../../lib/dubbing/edit-queue";
import { addOps, charactersOps, deleteOps, docFromProject, mergeOps, neighbourSegment, segmentAt, setFieldsOps, splitOps, timesOps } from "../../lib/dubbing/editor-state";
import { projectListPath } from "../../lib/dubbing/editor-paths";
import { arrowStepMs, shuttleRate } from "../../lib/dubbing/timeline-math";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { Progress } from "../ui/progress";
import { CastBibleDialog } from "./cast-bible-dialog";
import { CharactersDialog } from "./characters-dialog";
import { LanguagesDialog } from "./languages-dialog";
import { DeleteSegmentsDialog } from "./delete-segments-dialog";
import { DetailsHeader } from "./details-header";
import { ExportDialog } from "./export-dialog";
import { OverrunsPanel } from "./overruns-panel";
import { RecordItemDialog } from "./record-item-dialog";
import { SegmentInspector } from "./segment-inspector";
import { SpeedDialog } from "./speed-dialog";
import { SynthesisDialog } from "./synthesis-dialog";
import { Timeline } from "./timeline";
import { TranslateAllDialog } from "./translate-all-dialog";
import { useDubbingOptions } from "./use-dubbing-options";
import { VersionHistoryDialog } from "./version-history-dialog";

type DialogName = "languages" | "characters" | "translate" | "synthesis" | "speed" | "record" | "delete" | "export" | "versions" | "cast";
const POLL_MS = 10_000;
/** The project's links (media, takes) are read again this often even when nothing changed, well before they expire (6 h). */
const LINKS_REFRESH_MS = 60 * 60_000;

const retryable = (error: unknown) =>
  error instanceof TimeoutError || (error instanceof ApiError && (error.code === ErrorCode.NETWORK_ERROR || error.code === ErrorCode.TOO_MANY_REQUESTS)) || (error instanceof HttpError && (error.status >= 500 || error.status === 429));

const newId = () => crypto.randomUUID();
/** Segment ids are chosen here (an edit made offline already has one): 22 url-safe characters. */
const newSegmentId = () => `s${crypto.randomUUID().replace(/-/g, "").slice(0, 21)}`;

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The dubbing editor (both editions; pro features only in pro): the header, the preview with the
 * dub played over it, the selected segment's inspector, the timeline, the dialogs, the running
 * jobs, and the autosave (`EditQueue`): every action is one batch, shown at once, undoable, sent
 * in order and replayed after a reload or a network loss; conflicts and changes made elsewhere are
 * shown as notices.
 */
export function DubbingEditor({ project: initial, edition }: { project: DubbingProject; edition: DubbingEdition }) {
  const t = useT();
  const tp = usePlural();
  const api = useApiClient();
  const quietApi = useQuietApiClient();
  const pro = edition === "pro";
  const options = useDubbingOptions();
  const [project, setProject] = useState(initial);
  const [language, setLanguage] = useState(initial.targetLanguages[0] ?? "en");
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [jobIds, setJobIds] = useState<string[]>(() => initial.activeJobs.map((job) => job.jobId));
  const [originalMode, setOriginalMode] = useState<OriginalMode>("ducked");
  const [playing, setPlaying] = useState(false);
  const [peaks, setPeaks] = useState<Uint8Array | null>(null);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const player = useRef<DubPlayer | null>(null);
  const shuttle = useRef(0);
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
  useEffect(() => markAfterPaint("dubbing:editor-ready", { segments: initial.segments.length }), [initial.segments.length]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const doc = snapshot.doc;
  const segments = doc.segments;
  const durationMs = project.durationMs;
  const languages = pro ? doc.targetLanguages : doc.targetLanguages.slice(0, 1);

  useEffect(() => {
    if (!languages.includes(language) && languages[0]) setLanguage(languages[0]);
  }, [languages, language]);

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

  // The original's waveform.
  useEffect(() => {
    const url = project.media.peaksUrl;
    if (!url) return;
    const controller = new AbortController();
    loadPeaks(url, controller.signal).then(setPeaks, () => undefined);
    return () => controller.abort();
  }, [project.media.peaksUrl]);

  // The player: the media element is the clock; the takes of the current language play over it.
  // While paused, the playhead and the clock move when the media's time does (a seek), not every frame.
  const timeListeners = useRef(new Set<() => void>());
  const onTimeMoved = useCallback((listener: () => void) => {
    timeListeners.current.add(listener);
    return () => void timeListeners.current.delete(listener);
  }, []);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const instance = new DubPlayer(element);
    player.current = instance;
    const off = instance.onPlayingChange(setPlaying);
    const moved = () => {
      for (const listener of timeListeners.current) listener();
    };
    const events = ["seeking", "seeked", "timeupdate", "loadedmetadata"] as const;
    for (const name of events) element.addEventListener(name, moved);
    moved();
    return () => {
      off();
      for (const name of events) element.removeEventListener(name, moved);
      instance.dispose();
      player.current = null;
    };
  }, [project.media.url]);
  useEffect(() => {
    player.current?.setTakes(
      segments.flatMap((segment) => {
        const take = segment.takes[language];
        return take ? [{ id: `${segment.id}:${take.url}`, startMs: segment.startMs, url: take.url, durationMs: take.durationMs, speed: segment.speed, volume: segment.volume }] : [];
      }),
    );
  }, [segments, language]);
  useEffect(() => player.current?.setOriginal(originalMode), [originalMode, project.media.url]);
  const getPlayhead = useCallback(() => player.current?.timeMs ?? 0, []);
  const isPlaying = useCallback(() => player.current?.playing ?? false, []);
  const seek = useCallback((ms: number) => {
    player.current?.seek(ms);
  }, []);

  // ── Edits ──
  const edit = useCallback(
    (ops: DubbingOp[]) => {
      const startedAt = performance.now();
      const applied = queue.edit(ops);
      if (applied) measureUntilPaint("dubbing:edit", startedAt, { ops: ops.length });
      return applied;
    },
    [queue],
  );
  // Undo and redo are edits too: measured the same way.
  const undo = useCallback(() => {
    const startedAt = performance.now();
    if (queue.undo()) measureUntilPaint("dubbing:edit", startedAt, { ops: 0 });
  }, [queue]);
  const redo = useCallback(() => {
    const startedAt = performance.now();
    if (queue.redo()) measureUntilPaint("dubbing:edit", startedAt, { ops: 0 });
  }, [queue]);
  const selected = useMemo(() => segments.filter((segment) => selection.has(segment.id)).map((segment) => segment.id), [segments, selection]);
  const primary: DubbingSegment | null = selected.length === 1 ? (segments.find((segment) => segment.id === selected[0]) ?? null) : null;
  const numberOf = (id: string | undefined) => (id ? segments.findIndex((segment) => segment.id === id) + 1 : 0);
  // Takes that run past their segment's end in this language (issue 31.3): listed, fixed in the inspector, checked by export.
  const overruns = useMemo(() => segmentOverruns(segments, language, durationMs), [segments, language, durationMs]);
  const goToSegment = useCallback(
    (segmentId: string) => {
      const segment = segments.find((candidate) => candidate.id === segmentId);
      if (!segment) return;
      setSelection(new Set([segmentId]));
      player.current?.seek(segment.startMs);
    },
    [segments],
  );

  const select = useCallback((id: string | null, mode: "replace" | "toggle") => {
    setSelection((current) => {
      if (!id) return new Set();
      if (mode === "replace") return new Set([id]);
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const onTimes = useCallback((times: Map<string, { startMs: number; endMs: number }>) => edit(timesOps(queue.getSnapshot().doc, times)), [edit, queue]);

  const actions = {
    split: () => {
      const at = getPlayhead();
      const target = (primary && primary.startMs < at && at < primary.endMs ? primary : null) ?? segmentAt(doc, at);
      const id = newSegmentId();
      if (!target || !edit(splitOps(doc, target.id, at, id))) return void toast.error(t("dubbing.timeline.noSplit"));
      setSelection(new Set([id]));
    },
    merge: () => {
      if (!edit(mergeOps(doc, selected))) return void toast.error(t("dubbing.timeline.noMerge"));
      setSelection(new Set(selected.slice(0, 1)));
    },
    add: () => {
      const id = newSegmentId();
      const character = primary?.characterId ?? doc.characters[0]?.id;
      if (!character || !edit(addOps(doc, getPlayhead(), id, character, durationMs))) return void toast.error(t("dubbing.timeline.noRoom"));
      setSelection(new Set([id]));
    },
    remove: () => {
      if (!selected.length) return;
      edit(deleteOps(doc, selected));
      setSelection(new Set());
    },
    fitAll: () => {
      const { ops, unfitted } = fitAllOps(segments, language, durationMs);
      if (ops.length) {
        edit(ops);
        toast.success(tp("dubbing.editor.fitted", ops.length));
      } else if (!unfitted.length) toast.success(t("dubbing.editor.nothingToFit"));
      if (unfitted.length) toast.warning(t("dubbing.editor.stillUnfitted", { segments: unfitted.map((id) => `#${numberOf(id)}`).join(", ") }));
    },
    fields: (fields: DubbingSegmentFields) => primary && edit(setFieldsOps(doc, [primary.id], fields)),
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // ── Keyboard ──
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || document.querySelector("[role=dialog],[role=alertdialog]")) return;
      const key = event.key.toLowerCase();
      const mod = event.ctrlKey || event.metaKey;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (mod && key === "z") return run(() => (event.shiftKey ? redo() : undo()));
      if (mod && key === "y") return run(() => redo());
      if (mod || event.altKey) return;
      const instance = player.current;
      const current = queue.getSnapshot().doc;
      switch (key) {
        case " ":
          return run(() => instance?.toggle());
        case "j":
        case "k":
        case "l":
          return run(() => {
            shuttle.current = shuttleRate(shuttle.current, key);
            instance?.shuttle(shuttle.current);
          });
        case "arrowleft":
        case "arrowright":
          return run(() => seek(getPlayhead() + (key === "arrowleft" ? -1 : 1) * arrowStepMs(project.mediaKind, event.shiftKey)));
        case "arrowup":
        case "arrowdown":
          return run(() => {
            const next = neighbourSegment(current, selectionRef.current.size === 1 ? [...selectionRef.current][0]! : null, key === "arrowup" ? -1 : 1, getPlayhead());
            if (!next) return;
            setSelection(new Set([next.id]));
            seek(next.startMs);
          });
        case "delete":
        case "backspace":
          return run(() => selectionRef.current.size && setDialog("delete"));
        case "s":
          return run(() => actionsRef.current.split());
        case "m":
          return run(() => actionsRef.current.merge());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [queue, seek, getPlayhead, project.mediaKind, undo, redo]);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  // ── Jobs ──
  const jobEnded = useCallback(
    (jobId: string) => {
      setJobIds((current) => current.filter((id) => id !== jobId));
      void refresh(true);
    },
    [refresh],
  );
  const started = (jobId: string) => setJobIds((current) => [...new Set([...current, jobId])]);

  const rename = (title: string) => {
    api.call(dubbingProjectRenameCall, { projectId: project.id, title }).then(
      (summary) => setProject((current) => ({ ...current, title: summary.title })),
      () => undefined,
    );
  };
  const adoptServer = (fresh: DubbingProject) => {
    setProject(fresh);
    queue.reset(docFromProject(fresh));
    setSelection(new Set());
  };
  const save = snapshot.save;
  // The header's buttons do not change with edits: made once (per language), so an edit does not render them.
  const headerTools = useMemo(
    () => (
      <>
        {pro ? <ToolbarButton icon={<GlobeIcon />} label={t("dubbing.editor.languages")} onClick={() => setDialog("languages")} testId="dubbing-open-languages" /> : null}
        <ToolbarButton icon={<UsersIcon />} label={t("dubbing.editor.characters")} onClick={() => setDialog("characters")} testId="dubbing-open-characters" />
        <ToolbarButton icon={<LanguagesIcon />} label={t("dubbing.editor.translateAll")} onClick={() => setDialog("translate")} testId="dubbing-open-translate" />
        <ToolbarButton icon={<SparklesIcon />} label={t("dubbing.editor.synthesize")} onClick={() => setDialog("synthesis")} testId="dubbing-open-synthesis" />
        <ToolbarButton icon={<WandIcon />} label={t("dubbing.editor.fitAll")} onClick={() => actionsRef.current.fitAll()} testId="dubbing-fit-all" compact />
        <ToolbarButton icon={<GaugeIcon />} label={t("dubbing.editor.speed")} onClick={() => setDialog("speed")} testId="dubbing-open-speed" compact />
        <ToolbarButton icon={<HistoryIcon />} label={t("dubbing.editor.versions")} onClick={() => setDialog("versions")} testId="dubbing-open-versions" compact />
        {pro ? <ToolbarButton icon={<BookOpenIcon />} label={t("dubbing.editor.cast")} onClick={() => setDialog("cast")} testId="dubbing-open-cast" /> : null}
        <Button type="button" onClick={() => setDialog("export")} data-testid="dubbing-open-export">
          <DownloadIcon aria-hidden="true" />
          {t("dubbing.editor.export")}
        </Button>
      </>
    ),
    [pro, t],
  );
  // A dialog is mounted only while open: closed, it costs an edit nothing (some read every segment).
  const dialogProps = (name: DialogName) => ({ open: true, onOpenChange: (open: boolean) => setDialog(open ? name : null) });
  const conflictNames = save.kind === "conflict" ? save.segmentIds.map((id) => (id === null ? t("dubbing.save.settings") : `#${numberOf(id)}`)).join(", ") : "";

  return (
    <section className="mx-auto grid w-full max-w-[100rem] grid-cols-[minmax(0,1fr)] gap-4" data-testid="dubbing-editor" data-edition={edition} data-project-id={project.id}>
      <DetailsHeader
        backPath={projectListPath(edition)}
        title={project.title}
        onRename={rename}
        languages={languages}
        language={language}
        onLanguage={pro ? setLanguage : null}
        save={save}
        canUndo={snapshot.canUndo}
        canRedo={snapshot.canRedo}
        onUndo={undo}
        onRedo={redo}
      >
        {headerTools}
      </DetailsHeader>

      {save.kind === "conflict" ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-3 text-sm" role="alert" data-testid="dubbing-conflict">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{t("dubbing.save.conflictTitle", { segments: conflictNames })}</p>
            <p className="text-muted-foreground">{t("dubbing.save.conflictBody")}</p>
          </div>
          <Button type="button" size="sm" onClick={() => queue.keepMine()} data-testid="dubbing-keep-mine">
            {t("dubbing.save.keepMine")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => queue.takeTheirs()} data-testid="dubbing-take-theirs">
            {t("dubbing.save.takeTheirs")}
          </Button>
        </div>
      ) : null}
      {snapshot.remoteChange ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-primary-soft/40 p-3 text-sm" role="status" data-testid="dubbing-remote-change">
          <p className="min-w-0 flex-1">{t("dubbing.editor.remoteChange")}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => queue.dismissRemoteChange()}>
            {t("dubbing.editor.dismiss")}
          </Button>
        </div>
      ) : null}
      {jobIds.length ? (
        <div className="grid gap-2" data-testid="dubbing-jobs">
          {jobIds.map((jobId) => (
            <JobProgress key={jobId} jobId={jobId} type={project.activeJobs.find((job) => job.jobId === jobId)?.type ?? null} onEnded={jobEnded} />
          ))}
        </div>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 desktop:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid content-start gap-2">
          {project.media.url ? (
            project.mediaKind === "video" ? (
              <video ref={media} src={project.media.url} playsInline preload="metadata" className="aspect-video max-h-[50vh] w-full rounded-xl bg-black object-contain" aria-label={t("dubbing.editor.preview", { title: project.title })} data-testid="dubbing-preview" />
            ) : (
              <div className="flex aspect-[4/1] items-center justify-center rounded-xl bg-surface-muted">
                <AudioLinesIcon className="size-10 text-muted-foreground" aria-hidden="true" />
                <audio ref={media} src={project.media.url} preload="metadata" aria-label={t("dubbing.editor.preview", { title: project.title })} data-testid="dubbing-preview" />
              </div>
            )
          ) : (
            <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t("dubbing.editor.noMedia")}</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="icon" onClick={() => player.current?.toggle()} disabled={!project.media.url} aria-label={playing ? t("dubbing.editor.pause") : t("dubbing.editor.play")} data-testid="dubbing-play">
              {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
            </Button>
            <PlayerClock getPlayhead={getPlayhead} playing={playing} onTimeMoved={onTimeMoved} durationMs={durationMs} />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setOriginalMode((mode) => (mode === "full" ? "ducked" : mode === "ducked" ? "muted" : "full"))}
              aria-label={t("dubbing.editor.originalSound")}
              data-testid="dubbing-original-mode"
              data-mode={originalMode}
            >
              {originalMode === "full" ? <Volume2Icon aria-hidden="true" /> : originalMode === "ducked" ? <Volume1Icon aria-hidden="true" /> : <VolumeXIcon aria-hidden="true" />}
              {t(originalMode === "full" ? "dubbing.editor.originalFull" : originalMode === "ducked" ? "dubbing.editor.originalDucked" : "dubbing.editor.originalMuted")}
            </Button>
            <span className="ml-auto text-xs text-muted-foreground">{tp("dubbing.editor.segmentCount", segments.length)}</span>
          </div>
        </div>
        <aside className="rounded-2xl border border-border bg-surface p-4" aria-label={t("dubbing.inspector.title")}>
          <SegmentInspector key={primary?.id ?? "none"} segment={primary} number={numberOf(primary?.id)} selectedCount={selected.length} characters={doc.characters} language={language} durationMs={durationMs} overrun={overruns.find((overrun) => overrun.segmentId === primary?.id)} onFields={actions.fields} onRecord={() => primary && setDialog("record")} />
        </aside>
      </div>

      <OverrunsPanel overruns={overruns} onGoTo={goToSegment} />
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("dubbing.timeline.label")}>
        <ToolbarButton icon={<ScissorsIcon />} label={t("dubbing.timeline.split")} onClick={actions.split} testId="dubbing-split" />
        <ToolbarButton icon={<CombineIcon />} label={t("dubbing.timeline.merge")} onClick={actions.merge} disabled={selected.length < 2} testId="dubbing-merge" />
        <ToolbarButton icon={<PlusIcon />} label={t("dubbing.timeline.add")} onClick={actions.add} testId="dubbing-add" />
        <ToolbarButton icon={<Trash2Icon />} label={t("dubbing.timeline.delete")} onClick={() => setDialog("delete")} disabled={!selected.length} testId="dubbing-delete" />
        <ToolbarButton icon={<MicIcon />} label={t("dubbing.editor.record")} onClick={() => setDialog("record")} disabled={!primary} testId="dubbing-record" />
      </div>
      <Timeline segments={segments} characters={doc.characters} language={language} durationMs={durationMs} selection={selection} onSelect={select} onTimes={onTimes} getPlayhead={getPlayhead} isPlaying={isPlaying} playing={playing} onTimeMoved={onTimeMoved} onSeek={seek} peaks={peaks} />
      <p className="text-xs text-muted-foreground">{t("dubbing.editor.shortcuts")}</p>

      {pro && dialog === "languages" ? (
        <LanguagesDialog
          {...dialogProps("languages")}
          languages={doc.targetLanguages}
          available={options?.voiceLanguages ?? []}
          max={options?.maxLanguages.pro ?? doc.targetLanguages.length}
          characters={doc.characters}
          onSave={(targetLanguages, characters) => {
            if (!edit([{ kind: "settings.put", baseRevision: 0, fields: { targetLanguages, characters } }])) return;
            if (!targetLanguages.includes(language)) setLanguage(targetLanguages[0]!);
            else if (targetLanguages.length > doc.targetLanguages.length) setLanguage(targetLanguages.at(-1)!);
          }}
        />
      ) : null}
      {dialog === "characters" ? <CharactersDialog {...dialogProps("characters")} characters={doc.characters} languages={languages} pro={pro} onSave={(characters: DubbingCharacter[]) => edit(charactersOps(characters))} /> : null}
      {dialog === "translate" ? <TranslateAllDialog {...dialogProps("translate")} projectId={project.id} language={language} sourceLanguage={project.sourceLanguage} selected={selected} revision={snapshot.confirmed.revision} options={options} onStarted={started} /> : null}
      {dialog === "synthesis" ? <SynthesisDialog {...dialogProps("synthesis")} projectId={project.id} language={language} selected={selected} revision={snapshot.confirmed.revision} onStarted={started} /> : null}
      {dialog === "speed" ? <SpeedDialog {...dialogProps("speed")} segments={segments} selected={selected} language={language} onApply={(ids, speed) => edit(setFieldsOps(doc, ids, { speed }))} /> : null}
      {dialog === "record" ? (
        <RecordItemDialog
          {...dialogProps("record")}
          projectId={project.id}
          segment={primary}
          number={numberOf(primary?.id)}
          language={language}
          onRecorded={() => void refresh(true)}
        />
      ) : null}
      {dialog === "delete" ? <DeleteSegmentsDialog {...dialogProps("delete")} count={selected.length} onConfirm={actions.remove} /> : null}
      {dialog === "export" ? <ExportDialog {...dialogProps("export")} projectId={project.id} languages={languages} currentLanguage={language} mediaKind={project.mediaKind} pro={pro} unsaved={save.kind !== "saved"} segments={segments} durationMs={durationMs}
          onGoTo={(segmentId, target) => {
            setDialog(null);
            if (target !== language) setLanguage(target);
            goToSegment(segmentId);
          }}
        /> : null}
      {dialog === "versions" ? <VersionHistoryDialog {...dialogProps("versions")} projectId={project.id} canRestore={save.kind === "saved"} onRestored={adoptServer} /> : null}
      {pro && dialog === "cast" ? (
        <CastBibleDialog
          {...dialogProps("cast")}
          projectId={project.id}
          glossary={doc.glossary}
          pronunciations={doc.pronunciations}
          canApply={save.kind === "saved"}
          onSettings={(fields) => edit([{ kind: "settings.put", baseRevision: 0, fields }])}
          onApplied={adoptServer}
        />
      ) : null}
    </section>
  );
}

/**
 * A tool of the editor: icon and name; below 640 px the name is for assistive technology only.
 * `compact` tools (the ones used least) show only their icon below 1536 px too, with the name as a
 * tooltip, so dubbing pro's header keeps to one row at 1440 px (decision 050).
 */
function ToolbarButton({ icon, label, onClick, disabled, testId, compact = false }: { icon: React.ReactNode; label: string; onClick: () => void; disabled?: boolean; testId: string; compact?: boolean }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={disabled} title={compact ? label : undefined} data-testid={testId}>
      <span aria-hidden="true" className="contents">
        {icon}
      </span>
      <span className={compact ? "max-2xl:sr-only" : "max-sm:sr-only"}>{label}</span>
    </Button>
  );
}

/** A translate, synthesis or export job of the project, followed live; the project is read again when it ends. */
function JobProgress({ jobId, type, onEnded }: { jobId: string; type: string | null; onEnded: (jobId: string) => void }) {
  const t = useT();
  const { job, missing } = useFollowedJob(jobId);
  const ended = isJobEnded(job) || missing;
  useEffect(() => {
    if (ended) onEnded(jobId);
  }, [ended, jobId, onEnded]);
  const kind = job?.type ?? type ?? "";
  const name = kind.includes("translat") ? t("dubbing.editor.jobTranslate") : kind.includes("synth") ? t("dubbing.editor.jobSynthesize") : kind.includes("export") ? t("dubbing.editor.jobExport") : t("dubbing.editor.jobOther");
  const progress = Math.round(job?.progress ?? 0);
  return (
    <div className="grid gap-1 rounded-xl border border-border bg-surface p-3" role="status" data-testid="dubbing-job" data-job-id={jobId}>
      <span className="text-sm">{t("dubbing.editor.jobRunning", { job: name, progress })}</span>
      <Progress value={progress} aria-label={name} className="h-1.5" />
    </div>
  );
}

/** The time under the preview, read from the player ten times a second while it plays and on each seek (its own state: the editor does not render for it). */
function PlayerClock({ getPlayhead, playing, onTimeMoved, durationMs }: { getPlayhead: () => number; playing: boolean; onTimeMoved: (listener: () => void) => () => void; durationMs: number }) {
  const t = useT();
  const [clock, setClock] = useState(0);
  useEffect(() => {
    const read = () => setClock(getPlayhead());
    read();
    const off = onTimeMoved(read);
    const timer = playing ? window.setInterval(read, 100) : null;
    return () => {
      off();
      if (timer !== null) window.clearInterval(timer);
    };
  }, [getPlayhead, playing, onTimeMoved]);
  const hours = durationMs >= 3_600_000;
  return (
    <span className="font-mono text-sm tabular-nums" data-testid="dubbing-clock" data-ms={Math.round(clock)}>
      {t("dubbing.editor.time", { current: formatTimecode(clock, hours), duration: formatTimecode(durationMs, hours) })}
    </span>
  );
}
