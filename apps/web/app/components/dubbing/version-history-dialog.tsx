import { useState } from "react";
import type { CallData, DubbingProject } from "@voxwork/contract";
import { dubbingVersionListCall, dubbingVersionRestoreCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { formatDate } from "../history/history-format";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { useDialogLoad } from "./use-dialog-load";

type Version = CallData<typeof dubbingVersionListCall>["versions"][number];

/** The saved versions, newest first; restoring one asks first (the current state is saved as a version, so it can be undone). */
export function VersionHistoryDialog({ open, onOpenChange, projectId, canRestore, onRestored }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; canRestore: boolean; onRestored: (project: DubbingProject) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [confirming, setConfirming] = useState<Version | null>(null);
  const { busy, run } = useDialogAction();
  const listed = useDialogLoad(open, projectId, () => api.call(dubbingVersionListCall, { projectId }));
  // A list that could not be read shows as empty (the client wrapper showed the message).
  const versions: Version[] | null = listed === null ? null : "failed" in listed ? [] : listed.versions;

  function restore(version: Version) {
    void run(async () => {
      const project = await api.call(dubbingVersionRestoreCall, { projectId, versionId: version.id });
      toast.success(t("dubbing.versions.restored"));
      onRestored(project);
      setConfirming(null);
      onOpenChange(false);
    });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.versions.title")} description={t("dubbing.versions.description")} data-testid="dubbing-versions-dialog">
      {!canRestore ? <p className="text-xs text-muted-foreground">{t("dubbing.versions.waitForSave")}</p> : null}
      {confirming ? (
        <div className="grid gap-3 rounded-lg border border-border p-3" role="alertdialog" aria-label={t("dubbing.versions.restore")}>
          <p className="text-sm">{t("dubbing.versions.confirmRestore", { date: formatDate(confirming.createdAt, locale) })}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
              {t("dubbing.translate.cancel")}
            </Button>
            <Button type="button" disabled={busy || !canRestore} onClick={() => restore(confirming)} data-testid="dubbing-version-restore-confirm">
              {t("dubbing.versions.restore")}
            </Button>
          </DialogFooter>
        </div>
      ) : null}
      {versions === null ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t("dubbing.versions.loading")}
        </p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("dubbing.versions.empty")}</p>
      ) : (
        <ul className="grid max-h-80 gap-1 overflow-y-auto" data-testid="dubbing-version-list">
          {versions.map((version) => (
            <li key={version.id} className="flex items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-muted">
              <div className="grid">
                <span className="font-medium">{formatDate(version.createdAt, locale)}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`dubbing.versions.${version.reason}`)} · {t("dubbing.versions.segments", { count: version.segmentCount })}
                </span>
              </div>
              <Button type="button" variant="outline" size="sm" disabled={!canRestore} onClick={() => setConfirming(version)} data-testid="dubbing-version-restore">
                {t("dubbing.versions.restore")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </DubbingDialog>
  );
}
