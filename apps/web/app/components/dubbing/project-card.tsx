import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { DubbingProjectSummary } from "@voxwork/contract";
import { dubbingProjectDeleteCall, dubbingProjectDuplicateCall, dubbingProjectGetCall, dubbingProjectRenameCall } from "@voxwork/contract/client";
import { AudioLinesIcon, CopyIcon, EllipsisVerticalIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { editorPath } from "../../lib/dubbing/editor-paths";
import { formatDate, formatDuration } from "../history/history-format";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { Input, Label } from "../ui/input";
import { Progress } from "../ui/progress";
import { languageName } from "../voices/voice-labels";

/** One project in the grid: its poster (or an audio icon), status, length, languages, segments and last edit; rename, duplicate, delete. */
export function ProjectCard({ project, onChanged }: { project: DubbingProjectSummary; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [title, setTitle] = useState(project.title);
  const [busy, setBusy] = useState(false);
  const href = localizePath(editorPath(project.edition, project.id), locale);
  const languages = `${languageName(project.sourceLanguage, locale)} → ${project.targetLanguages.map((tag) => languageName(tag, locale)).join(", ")}`;

  async function run(action: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      setDialog(null);
      onChanged();
    } catch {
      // The client wrapper showed the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="group relative overflow-hidden rounded-2xl border border-border bg-surface" data-testid="dubbing-project-card" data-project-id={project.id} data-status={project.status}>
      <Link to={href} className="block focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={project.title}>
        <div className="flex aspect-video items-center justify-center bg-surface-muted">
          {project.posterUrl ? (
            <img src={project.posterUrl} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <AudioLinesIcon className="size-10 text-muted-foreground" aria-label={t("dubbing.list.audioOnly")} />
          )}
        </div>
        <div className="grid gap-1 p-3 text-sm">
          <p className="truncate pr-8 font-medium">{project.title}</p>
          <p className="truncate text-xs text-muted-foreground">{[formatDuration(project.durationMs / 1000), languages].join(" · ")}</p>
          <p className="text-xs text-muted-foreground">
            {[t("dubbing.list.segments", { count: project.segmentCount }), t("dubbing.list.updated", { date: formatDate(project.updatedAt, locale) })].join(" · ")}
          </p>
          {project.status !== "ready" ? <ProjectStatus project={project} onEnded={onChanged} /> : null}
        </div>
      </Link>
      <div className="absolute top-[calc(56.25%+0.25rem)] right-1">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="ghost" size="icon" aria-label={t("dubbing.list.actions", { title: project.title })} data-testid="dubbing-project-actions">
              <EllipsisVerticalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => { setTitle(project.title); setDialog("rename"); }} data-testid="dubbing-project-rename">
              <PencilIcon aria-hidden="true" />
              {t("dubbing.list.rename")}
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                void run(async () => {
                  const copy = await api.call(dubbingProjectDuplicateCall, { projectId: project.id });
                  toast.success(t("dubbing.list.duplicated", { title: copy.title }));
                })
              }
              data-testid="dubbing-project-duplicate"
            >
              <CopyIcon aria-hidden="true" />
              {t("dubbing.list.duplicate")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDialog("delete")} className="text-destructive" data-testid="dubbing-project-delete">
              <Trash2Icon aria-hidden="true" />
              {t("dubbing.list.delete")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <Dialog open={dialog === "rename"} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent closeLabel={t("dubbing.list.cancel")} data-testid="dubbing-rename-dialog">
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const next = title.trim();
              if (next && next !== project.title) void run(() => api.call(dubbingProjectRenameCall, { projectId: project.id, title: next }));
              else setDialog(null);
            }}
          >
            <DialogHeader>
              <DialogTitle>{t("dubbing.list.renameTitle")}</DialogTitle>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor={`rename-${project.id}`}>{t("dubbing.list.renameLabel")}</Label>
              <Input id={`rename-${project.id}`} value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} autoFocus />
            </div>
            <DialogActions cancelLabel={t("dubbing.list.cancel")}>
              <Button type="submit" disabled={busy || !title.trim()}>
                {t("dubbing.list.save")}
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={dialog === "delete"} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent closeLabel={t("dubbing.list.cancel")} role="alertdialog" data-testid="dubbing-delete-project-dialog">
          <DialogHeader>
            <DialogTitle>{t("dubbing.list.deleteTitle", { title: project.title })}</DialogTitle>
            <DialogDescription>{t("dubbing.list.deleteDescription")}</DialogDescription>
          </DialogHeader>
          <DialogActions cancelLabel={t("dubbing.list.cancel")}>
            <Button
              type="button"
              variant="destructive"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await api.call(dubbingProjectDeleteCall, { projectId: project.id });
                  toast.success(t("dubbing.list.deleted"));
                })
              }
              data-testid="dubbing-delete-project-confirm"
            >
              {t("dubbing.list.delete")}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </article>
  );
}

/** A project not ready: its preparation's progress (followed live), or why it failed. */
function ProjectStatus({ project, onEnded }: { project: DubbingProjectSummary; onEnded: () => void }) {
  const t = useT();
  const api = useApiClient();
  const [detail, setDetail] = useState<{ jobId: string | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    api.call(dubbingProjectGetCall, { projectId: project.id }).then(
      (full) => live && setDetail({ jobId: full.prepareJobId, error: full.error?.message ?? null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, project.id, project.status]);
  const { job } = useFollowedJob(project.status === "preparing" ? (detail?.jobId ?? null) : null);
  const ended = isJobEnded(job);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  if (project.status === "failed") {
    return (
      <p className="text-xs text-destructive" role="alert" data-testid="dubbing-project-failed">
        {t("dubbing.list.failed", { message: detail?.error ?? job?.error?.message ?? "" })}
      </p>
    );
  }
  return (
    <div className="grid gap-1" role="status" data-testid="dubbing-project-preparing">
      <span className="text-xs text-muted-foreground">{job ? t("dubbing.list.preparingProgress", { progress: Math.round(job.progress) }) : t("dubbing.list.preparing")}</span>
      <Progress value={job?.progress ?? 0} aria-label={t("dubbing.list.preparing")} className="h-1.5" />
    </div>
  );
}
