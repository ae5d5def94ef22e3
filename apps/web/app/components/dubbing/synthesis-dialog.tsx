import { useEffect, useState } from "react";
import type { CallData } from "@voxwork/contract";
import { dubbingSynthesizeCall, dubbingSynthesizeQuoteCall } from "@voxwork/contract/client";
import { LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { languageName } from "../voices/voice-labels";
import { ScopeField, scopeBody, type ScopeKind } from "./scope-field";
import { useDialogLoad } from "./use-dialog-load";

type Quote = CallData<typeof dubbingSynthesizeQuoteCall>;

/** Speak the changed (or selected, or all) segments in the current language: the quote in points first. */
export function SynthesisDialog({ open, onOpenChange, projectId, language, selected, revision, onStarted }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; language: string; selected: readonly string[]; /** The saved project's revision: a save while the dialog is open asks the quote again. */ revision: number; onStarted: (jobId: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [scope, setScope] = useState<ScopeKind>("changed");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setScope(selected.length ? "selected" : "changed");
  }, [open, selected.length]);
  const segments = scopeBody(scope, selected);
  const quote = useDialogLoad<Quote>(open, { projectId, language, segments, revision }, () => api.call(dubbingSynthesizeQuoteCall, { projectId, language, segments }));

  async function start() {
    if (busy || !quote || "failed" in quote) return;
    setBusy(true);
    try {
      const started = await api.call(dubbingSynthesizeCall, { projectId, language, segments });
      toast.success(t("dubbing.synthesis.started", { cost: started.cost }));
      onStarted(started.jobId);
      onOpenChange(false);
    } catch {
      // The client wrapper showed the catalogue message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("dubbing.translate.cancel")} data-testid="dubbing-synthesis-dialog">
        <DialogHeader>
          <DialogTitle>{t("dubbing.synthesis.title")}</DialogTitle>
          <DialogDescription>{t("dubbing.synthesis.description", { language: languageName(language, locale) })}</DialogDescription>
        </DialogHeader>
        <ScopeField value={scope} onChange={setScope} selectedCount={selected.length} changedLabel={t("dubbing.scope.changed")} />
        <div className="rounded-lg bg-surface-muted p-3 text-sm" role="status" data-testid="dubbing-synthesis-quote">
          {quote === null ? (
            <span className="text-muted-foreground">{t("dubbing.translate.quoting")}</span>
          ) : "failed" in quote ? <span className="text-destructive" role="alert">{quote.failed}</span> : quote.segments === 0 ? (
            <span>{t("dubbing.synthesis.nothing")}</span>
          ) : (
            <span className="font-medium" data-points={quote.cost}>
              {t("dubbing.translate.quote", { segments: quote.segments, characters: quote.characters, cost: quote.cost })}
            </span>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("dubbing.translate.cancel")}
          </Button>
          <Button type="button" onClick={() => void start()} disabled={busy || !quote || "failed" in quote || quote.segments === 0} data-testid="dubbing-synthesis-confirm">
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t("dubbing.synthesis.confirm", { cost: quote && !("failed" in quote) ? quote.cost : 0 })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
