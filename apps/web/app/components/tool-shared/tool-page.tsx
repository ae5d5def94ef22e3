import type { ComponentProps, ReactNode } from "react";
import type { ToolId } from "@voxwork/contract/tools";
import { cn } from "../../lib/utils";
import { ContentHistory } from "../history/content-history";
import { Card, CardTitle } from "../ui/card";
import { focusOnMount } from "./focus-on-mount";
import { JobStatus } from "./job-status";
import type { useToolRun } from "./use-tool-run";

/**
 * The skeleton every tool page shares: the page's title and lead, its own content (usually
 * `ToolColumns` of `Card`s and a `ToolResultCard`), and below it the content history of the tools
 * it names (none for a page without runs, such as the voice library).
 */
export function ToolPage({ title, lead, history, className, children, ...props }: Omit<ComponentProps<"section">, "title"> & { title: ReactNode; lead: ReactNode; history?: readonly ToolId[] }) {
  return (
    <section className={cn("mx-auto w-full max-w-6xl", className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{lead}</p>
      {children}
      {history ? <ContentHistory tools={history} className="mt-10" /> : null}
    </section>
  );
}

/** Widths of the settings column on a desktop (literal class names: Tailwind finds them in the source). */
const ASIDE_WIDTHS = {
  narrow: "desktop:grid-cols-[minmax(0,1fr)_20rem]",
  normal: "desktop:grid-cols-[minmax(0,1fr)_22rem]",
  wide: "desktop:grid-cols-[minmax(0,1fr)_24rem]",
} as const;

/** The work area and its settings column side by side on a desktop, one above the other on a phone. */
export function ToolColumns({ aside = "normal", className, ...props }: ComponentProps<"div"> & { aside?: keyof typeof ASIDE_WIDTHS }) {
  return <div className={cn("mt-6 grid grid-cols-[minmax(0,1fr)] gap-6", ASIDE_WIDTHS[aside], className)} {...props} />;
}

/** The panel a run's progress and result appear in: it takes the focus when it mounts (issue 18) and is announced politely. */
export function ToolResultCard({ className, ...props }: ComponentProps<"div">) {
  return <Card ref={focusOnMount} tabIndex={-1} aria-live="polite" className={cn("mt-6", className)} {...props} />;
}

/**
 * A run's panel once the run has a job (nothing before): its title, the job's progress or why it
 * ended without a result (`JobStatus`), then what the tool shows of the result (`children`).
 */
export function ToolRunCard({
  run,
  title,
  runningLabel,
  stageLabel,
  children,
  ...props
}: ComponentProps<"div"> & { run: Pick<ReturnType<typeof useToolRun>, "jobId" | "job" | "connection">; title?: ReactNode; runningLabel: string; stageLabel?: (stage: string) => string }) {
  if (!run.jobId) return null;
  return (
    <ToolResultCard {...props}>
      {title ? <CardTitle>{title}</CardTitle> : null}
      <JobStatus job={run.job} connection={run.connection} label={runningLabel} stageLabel={stageLabel} />
      {children}
    </ToolResultCard>
  );
}

/** The settings column beside the work area: a `Card` that is the page's `<aside>`. */
export function ToolSettings({ className, ...props }: ComponentProps<"aside">) {
  return (
    <Card asChild className={cn("gap-5", className)}>
      <aside {...props} />
    </Card>
  );
}
