import { useId, useRef, useState, type FormEvent } from "react";
import type { JobStatus, JobView } from "@voxwork/contract";
import { AudioLinesIcon, FileTextIcon, HistoryIcon, MoreHorizontalIcon, VideoIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { Link } from "react-router";
import { jobKind, jobToolLabelKey, jobTypesOf, resultPagePath, toolLabelKey, toolsWithJobs, type OutputKind, type ToolId } from "../../lib/job-kinds";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { Input, Label } from "../ui/input";
import { Progress } from "../ui/progress";
import { toast } from "../ui/sonner";
import { formatBytes, formatDate, formatDuration } from "./history-format";
import { isActive } from "./job-history-state";
import { JobResultDialog } from "./job-result-dialog";
import { ShareDialog } from "./share-dialog";
import { useJobHistory, type JobHistory } from "./use-job-history";

const STATUSES: readonly JobStatus[] = ["queued", "running", "paused", "completed", "failed", "cancelled"];

export interface ContentHistoryProps {
  /** Only jobs of these tools (a tool page passes its own); every job when absent. */
  tools?: readonly ToolId[];
  /** Heading; "Your content" when absent. */
  title?: string;
  pageSize?: number;
  className?: string;
}

const OUTPUT_ICONS: Record<OutputKind, typeof AudioLinesIcon> = { audio: AudioLinesIcon, video: VideoIcon, text: FileTextIcon };

/**
 * The content history every workbench tool page shows (spec: content-history): the user's jobs,
 * newest first, live over the job stream, filterable by tool and status, paged with "Load more",
 * with open, download, share, rename, delete and cancel.
 */
export function ContentHistory({ tools, title, pageSize = 10, className }: ContentHistoryProps) {
  const t = useT();
  const headingId = useId();
  const toolChoices = tools ?? toolsWithJobs();
  const [tool, setTool] = useState<ToolId | "">("");
  const [status, setStatus] = useState<JobStatus | "">("");
  const activeTools = tool ? [tool] : tools;
  const history = useJobHistory({ types: activeTools ? jobTypesOf(activeTools) : undefined, statuses: status ? [status] : undefined, pageSize });
  const [opened, setOpened] = useState<JobView | null>(null);
  const [sharing, setSharing] = useState<JobView | null>(null);
  const [deleting, setDeleting] = useState<JobView | null>(null);
  const filtered = Boolean(tool || status);
  const label = (job: JobView) => job.title || t("history.untitled");
  // Dialogs opened from a row give focus back to what opened them (keyboard users keep their place).
  const returnFocus = useRef<HTMLElement | null>(null);
  const remember = () => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restoreFocus = () =>
    requestAnimationFrame(() => {
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    });

  async function open(job: JobView) {
    remember();
    setOpened(job);
    // Fresh media links (they are short-lived).
    const fresh = await history.refresh(job.id);
    if (fresh) setOpened((current) => (current?.id === job.id ? fresh : current));
  }

  async function download(job: JobView, index: number) {
    const fresh = (await history.refresh(job.id)) ?? job;
    const file = fresh.media[index];
    if (!file) return;
    const anchor = document.createElement("a");
    anchor.href = file.downloadUrl;
    anchor.download = "";
    anchor.rel = "noopener";
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  }

  return (
    <section aria-labelledby={headingId} className={cn("mt-8", className)} data-testid="content-history">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-baseline gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {title ?? t("history.title")}
          </h2>
          {history.status === "ready" && history.total > 0 ? (
            <span className="text-sm text-muted-foreground" data-testid="history-count">
              {t("history.count", { shown: history.jobs.length, total: history.total })}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          {toolChoices.length > 1 ? (
            <FilterSelect label={t("history.filters.tool")} value={tool} onChange={(value) => setTool(value as ToolId | "")} testId="history-filter-tool">
              <option value="">{t("history.filters.allTools")}</option>
              {toolChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(toolLabelKey(choice))}
                </option>
              ))}
            </FilterSelect>
          ) : null}
          <FilterSelect label={t("history.filters.status")} value={status} onChange={(value) => setStatus(value as JobStatus | "")} testId="history-filter-status">
            <option value="">{t("history.filters.allStatuses")}</option>
            {STATUSES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`history.status.${choice}`)}
              </option>
            ))}
          </FilterSelect>
        </div>
      </div>

      {history.connection === "reconnecting" ? (
        <p role="status" className="mt-2 text-xs text-muted-foreground" data-testid="history-reconnecting">
          {t("history.reconnecting")}
        </p>
      ) : null}

      <div className="mt-3 rounded-xl border border-border bg-surface" aria-busy={history.status === "loading"}>
        {history.status === "loading" && history.jobs.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t("history.loading")}</p>
        ) : history.jobs.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center" data-testid="history-empty">
            <HistoryIcon className="size-7 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{filtered ? t("history.empty.filtered") : t("history.empty.title")}</p>
            {filtered ? null : <p className="mt-1 max-w-md text-sm text-muted-foreground">{t("history.empty.body")}</p>}
          </div>
        ) : (
          <ul className="divide-y divide-border" data-testid="history-list">
            {history.jobs.map((job) => (
              <HistoryRow
                key={job.id}
                job={job}
                history={history}
                label={label(job)}
                onOpen={() => void open(job)}
                onDownload={(index) => void download(job, index)}
                onShare={() => {
                  remember();
                  setSharing(job);
                }}
                onDelete={() => {
                  remember();
                  setDeleting(job);
                }}
              />
            ))}
          </ul>
        )}
      </div>

      {history.hasMore ? (
        <div className="mt-3 flex justify-center">
          <Button variant="outline" size="sm" onClick={() => void history.loadMore()} disabled={history.loadingMore} data-testid="history-load-more">
            {t("history.loadMore")}
          </Button>
        </div>
      ) : null}

      <JobResultDialog job={opened} title={opened ? label(opened) : ""} onOpenChange={(value) => !value && (setOpened(null), restoreFocus())} />
      <ShareDialog job={sharing} title={sharing ? label(sharing) : ""} onOpenChange={(value) => !value && (setSharing(null), restoreFocus())} />
      <Dialog open={deleting !== null} onOpenChange={(value) => !value && (setDeleting(null), restoreFocus())}>
        <DialogContent closeLabel={t("history.result.close")} data-testid="delete-dialog">
          <DialogHeader>
            <DialogTitle>{t("history.remove.title")}</DialogTitle>
            <DialogDescription>{t("history.remove.body", { title: deleting ? label(deleting) : "" })}</DialogDescription>
          </DialogHeader>
          <DialogActions cancelLabel={t("history.remove.keep")}>
            <Button
              variant="destructive"
              data-testid="delete-confirm"
              onClick={() => {
                const job = deleting;
                setDeleting(null);
                if (job) history.remove(job.id).then(() => toast.success(t("history.remove.done")), () => undefined);
              }}
            >
              {t("history.remove.confirm")}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function FilterSelect({ label, value, onChange, testId, children }: { label: string; value: string; onChange: (value: string) => void; testId: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} className="h-9 min-w-36 rounded-md border border-input bg-background px-2 text-sm">
        {children}
      </select>
    </div>
  );
}

const STATUS_STYLES: Record<JobStatus, string> = {
  queued: "bg-surface-muted text-muted-foreground",
  running: "bg-primary-soft text-primary-soft-foreground",
  paused: "bg-primary-soft text-primary-soft-foreground ring-1 ring-inset ring-primary",
  completed: "bg-primary text-primary-foreground",
  failed: "bg-destructive text-destructive-foreground",
  cancelled: "bg-surface-muted text-muted-foreground line-through decoration-1",
};

function HistoryRow({
  job,
  history,
  label,
  onOpen,
  onDownload,
  onShare,
  onDelete,
}: {
  job: JobView;
  history: JobHistory;
  label: string;
  onOpen: () => void;
  onDownload: (index: number) => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const kind = jobKind(job.type);
  const Icon = OUTPUT_ICONS[kind.output];
  const [renaming, setRenaming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  const actionsButton = useRef<HTMLButtonElement>(null);
  // Menu actions run once the menu has closed and handed focus back, so a dialog or the rename
  // field keeps the focus instead of the menu's trigger taking it afterwards.
  const afterClose = useRef<(() => void) | null>(null);
  const later = (action: () => void) => () => {
    afterClose.current = action;
  };
  const active = isActive(job.status);
  const duration = job.media.find((file) => file.durationSeconds != null)?.durationSeconds;
  const bytes = job.media.reduce((sum, file) => sum + file.bytes, 0);
  const facts = [t(kind.labelKey), t(jobToolLabelKey(job)), t("history.created", { date: formatDate(job.createdAt, locale) }), duration != null ? formatDuration(duration) : null, bytes > 0 ? formatBytes(bytes, locale) : null].filter(Boolean);
  const canShare = job.status === "completed" && job.media.length > 0;
  // A run with a page of its own (a translation's result, a pro run's review) is one click away from the list.
  const page = job.status === "completed" || job.status === "paused" ? resultPagePath(job) : null;

  function stopRenaming() {
    setRenaming(false);
    requestAnimationFrame(() => titleButton.current?.focus());
  }

  async function submitRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("title") ?? "").trim();
    if (!value || value === job.title) return stopRenaming();
    try {
      await history.rename(job.id, value);
      toast.success(t("history.rename.done"));
      stopRenaming();
    } catch {
      // Shown by the client wrapper; the field stays open to try again.
    }
  }

  return (
    <li className="grid min-w-0 grid-cols-1 gap-2 px-4 py-3" data-testid="history-item" data-job-id={job.id} data-status={job.status}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          {renaming ? (
            <form onSubmit={(event) => void submitRename(event)} className="flex flex-wrap items-center gap-2" data-testid="rename-form">
              <Label htmlFor={`rename-${job.id}`} className="sr-only">
                {t("history.rename.label", { title: label })}
              </Label>
              <Input
                id={`rename-${job.id}`}
                name="title"
                defaultValue={job.title ?? ""}
                maxLength={120}
                required
                autoFocus
                onKeyDown={(event) => {
                  if (event.key === "Escape") {
                    event.preventDefault();
                    event.stopPropagation();
                    stopRenaming();
                  }
                }}
                className="h-8 min-w-0 flex-1 basis-48"
              />
              <Button type="submit" size="sm">
                {t("history.rename.save")}
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={stopRenaming}>
                {t("history.rename.cancel")}
              </Button>
            </form>
          ) : (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                ref={titleButton}
                type="button"
                onClick={onOpen}
                className="max-w-full truncate rounded text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                data-testid="history-title"
              >
                {label}
              </button>
              <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLES[job.status])} data-testid="history-status">
                {t(`history.status.${job.status}`)}
              </span>
            </div>
          )}
          <p className="mt-1 text-xs break-words text-muted-foreground">{facts.join(" · ")}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {page ? (
            <Button asChild variant="outline" size="sm" data-testid="history-result-link">
              <Link to={localizePath(page, locale)} aria-label={`${t(job.status === "paused" ? "history.actions.review" : "history.actions.result")}: ${label}`}>
                {t(job.status === "paused" ? "history.actions.review" : "history.actions.result")}
              </Link>
            </Button>
          ) : null}
          {!active ? (
            <Button variant="outline" size="sm" onClick={onOpen} className="hidden sm:inline-flex" data-testid="history-open">
              {t("history.actions.open")}
            </Button>
          ) : null}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button ref={actionsButton} variant="ghost" size="icon" aria-label={t("history.actions.menu", { title: label })} data-testid="history-actions">
                <MoreHorizontalIcon />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent
              align="end"
              onCloseAutoFocus={(event) => {
                const action = afterClose.current;
                afterClose.current = null;
                if (!action) return;
                event.preventDefault();
                actionsButton.current?.focus();
                action();
              }}
            >
              <DropdownMenuItem onSelect={later(onOpen)}>{t("history.actions.open")}</DropdownMenuItem>
              {job.media.map((file, index) => (
                <DropdownMenuItem key={file.name + index} onSelect={later(() => onDownload(index))}>
                  {job.media.length > 1 ? t("history.actions.downloadFile", { name: file.name }) : t("history.actions.download")}
                </DropdownMenuItem>
              ))}
              {canShare ? <DropdownMenuItem onSelect={later(onShare)}>{t("history.actions.share")}</DropdownMenuItem> : null}
              <DropdownMenuItem onSelect={later(() => setRenaming(true))}>{t("history.actions.rename")}</DropdownMenuItem>
              <DropdownMenuSeparator />
              {active ? (
                <DropdownMenuItem
                  disabled={cancelling}
                  onSelect={() => {
                    setCancelling(true);
                    history.cancel(job.id).then(
                      () => toast.success(t("history.cancelDone")),
                      () => setCancelling(false),
                    );
                  }}
                >
                  {t("history.actions.cancel")}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={later(onDelete)} className="text-destructive">
                {t("history.actions.delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {active ? (
        <div className="grid gap-1 pl-12" data-testid="history-progress">
          <Progress value={job.progress} aria-label={t("history.progress", { title: label })} />
          <p className="flex justify-between text-xs text-muted-foreground">
            <span>{cancelling ? t("history.cancelling") : job.waitingForSlot ? t("history.waitingForSlot") : t(`history.status.${job.status}`)}</span>
            <span className="tabular-nums">{Math.round(job.progress)}%</span>
          </p>
        </div>
      ) : null}
    </li>
  );
}
