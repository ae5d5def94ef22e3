import type { ComponentProps, ReactNode } from "react";
import type { JobView } from "@voxwork/contract";
import { cn } from "../../lib/utils";

type ResultFile = JobView["media"][number];

/** A completed job's result file of one role (`video`, `subtitles`); undefined until the job completes. */
export function resultFile(job: JobView | null, role: ResultFile["role"]): ResultFile | undefined {
  return job?.status === "completed" ? job.media.find((file) => file.role === role) : undefined;
}

/** A video tool's result: the player (or a before/after slider), and its downloads in a row under it (`children`). */
export function VideoResult({ player, className, children, ...props }: ComponentProps<"div"> & { player: ReactNode }) {
  return (
    <div className={cn("grid w-full max-w-3xl gap-3", className)} {...props}>
      {player}
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}
