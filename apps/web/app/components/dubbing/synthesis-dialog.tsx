import { dubbingSynthesizeCall, dubbingSynthesizeQuoteCall } from "@voxwork/contract/client";
import { useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { QuotedJobDialog } from "./quoted-job-dialog";

/** Speak the changed (or selected, or all) segments in the current language: the quote in points first. */
export function SynthesisDialog({ projectId, language, ...props }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; language: string; selected: readonly string[]; /** The saved project's revision: a save while the dialog is open asks the quote again. */ revision: number; onStarted: (jobId: string) => void }) {
  const t = useT();
  const api = useApiClient();
  return (
    <QuotedJobDialog
      job="synthesis"
      projectId={projectId}
      language={language}
      {...props}
      changedLabel={t("dubbing.scope.changed")}
      quote={(segments) => api.call(dubbingSynthesizeQuoteCall, { projectId, language, segments })}
      start={(segments) => api.call(dubbingSynthesizeCall, { projectId, language, segments })}
    />
  );
}
