import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DubbingProject } from "@voxwork/contract";
import { dubbingProjectRenameCall } from "@voxwork/contract/client";
import { fitAllOps, segmentOverruns, type DubbingCharacter, type DubbingEdition, type DubbingOp, type DubbingSegment, type DubbingSegmentFields } from "@voxwork/contract/dubbing";
import { AudioLinesIcon, CombineIcon, GlobeIcon, DownloadIcon, GaugeIcon, HistoryIcon, LanguagesIcon, MicIcon, PauseIcon, PlayIcon, PlusIcon, ScissorsIcon, SparklesIcon, Trash2Icon, UsersIcon, Volume1Icon, Volume2Icon, VolumeXIcon, WandIcon, BookOpenIcon } from "lucide-react";
import { toast } from "sonner";
import { usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import type { OriginalMode } from "../../lib/dubbing/dub-player";
import { markAfterPaint, measureUntilPaint } from "../../lib/dubbing/perf-marks";
import { addOps, charactersOps, deleteOps, docFromProject, mergeOps, segmentAt, setFieldsOps, splitOps, timesOps } from "../../lib/dubbing/editor-state";
import { projectListPath } from "../../lib/dubbing/editor-paths";
import { Button } from "../ui/button";
import { CastBibleDialog } from "./cast-bible-dialog";
import { CharactersDialog } from "./characters-dialog";
import { LanguagesDialog } from "./languages-dialog";
import { DeleteSegmentsDialog } from "./delete-segments-dialog";
import { DetailsHeader } from "./details-header";
import { ExportDialog } from "./export-dialog";
import { JobProgress } from "./job-progress";
import { OverrunsPanel } from "./overruns-panel";
import { PlayerClock } from "./player-clock";
import { RecordItemDialog } from "./record-item-dialog";
import { SegmentInspector } from "./segment-inspector";
import { SpeedDialog } from "./speed-dialog";
import { SynthesisDialog } from "./synthesis-dialog";
import { Timeline } from "./timeline";
import { ToolbarButton } from "./toolbar-button";
import { TranslateAllDialog } from "./translate-all-dialog";
import { useDubPlayer } from "./use-dub-player";
import { useDubbingOptions } from "./use-dubbing-options";
import { useDubbingProjectSync } from "./use-dubbing-project-sync";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { VersionHistoryDialog } from "./version-history-dialog";

type DialogName = "languages" | "characters" | "translate" | "synthesis" | "speed" | "record" | "delete" | "export" | "versions" | "cast";

/** Segment ids are chosen here (an edit made offline already has one): 22 url-safe characters. */
const newSegmentId = () => `s${crypto.randomUUID().replace(/-/g, "").slice(0, 21)}`;

/**
 * The dubbing editor (both editions; pro features only in pro): the header, the preview with the
 * dub played over it, the selected segment's inspector, the timeline, the dialogs, the running
 * jobs, and the autosave (`EditQueue`): every action is one batch, shown at once, undoable, sent
 * in order and replayed after a reload or a network loss; conflicts and changes made elsewhere are
 * shown as notices. The autosave and the polls are `useDubbingProjectSync`, the player
 * `useDubPlayer`, the keyboard `useEditorShortcuts`.
 */
export function DubbingEditor({ project: initial, edition }: { project: DubbingProject; edition: DubbingEdition }) {
  const t = useT();
  const tp = usePlural();
  const api = useApiClient();
  const pro = edition === "pro";
  const options = useDubbingOptions();
  const [language, setLanguage] = useState(initial.targetLanguages[0] ?? "en");
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [originalMode, setOriginalMode] = useState<OriginalMode>("ducked");
  const { project, setProject, queue, snapshot, refresh, jobIds, jobEnded, started } = useDubbingProjectSync(initial);
  useEffect(() => markAfterPaint("dubbing:editor-ready", { segments: initial.segments.length }), [initial.segments.length]);
  const doc = snapshot.doc;
  const segments = doc.segments;
  const durationMs = project.durationMs;
  const languages = pro ? doc.targetLanguages : doc.targetLanguages.slice(0, 1);

  useEffect(() => {
    if (!languages.includes(language) && languages[0]) setLanguage(languages[0]);
  }, [languages, language]);

  // The player: the media element is the clock; the takes of the current language play over it.
  const { media, player, playing, peaks, onTimeMoved, getPlayhead, isPlaying, seek } = useDubPlayer({ mediaUrl: project.media.url, peaksUrl: project.media.peaksUrl, segments, language, originalMode });

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
  useEditorShortcuts({ queue, player, selection, setSelection, setDialog, actionsRef, seek, getPlayhead, mediaKind: project.mediaKind, undo, redo });

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
