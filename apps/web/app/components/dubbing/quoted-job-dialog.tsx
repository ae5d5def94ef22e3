import { useEffect, useState, type ReactNode } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { DialogActions } from "../ui/dialog";
import { Button } from "../ui/button";
import { languageName } from "../voices/voice-labels";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { ScopeField, scopeBody, type ScopeKind } from "./scope-field";
import { useDialogLoad } from "./use-dialog-load";

/** The segments a job takes, as its calls name them. */
export type ScopeBody = ReturnType<typeof scopeBody>;

/** A quote of a job over segments: how many segments and characters it takes, and its points. */
interface SegmentQuote {
  segments: number;
  characters: number;
  cost: number;
}

/**
 * The dialogs that start a paid job over some segments in the current language (translate, speak):
 * the scope (the changed or untranslated segments, the selection, all), the quote in points, asked
 * again when the scope or the saved project changes, and the confirm that starts the job and hands
 * its id on. `job` names the texts (`dubbing.<job>.*`) and the test ids (`dubbing-<job>-*`).
 */
export function QuotedJobDialog<Quote extends SegmentQuote>({
  job,
  open,
  onOpenChange,
  projectId,
  language,
  selected,
  revision,
  changedLabel,
  quote: askQuote,
  start: startJob,
  onStarted,
  quoteDetails,
  children,
}: {
  job: "translate" | "synthesis";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  language: string;
  selected: readonly string[];
  /** The saved project's revision: a save while the dialog is open asks the quote again. */
  revision: number;
  changedLabel: string;
  quote: (segments: ScopeBody) => Promise<Quote>;
  start: (segments: ScopeBody, quote: Quote) => Promise<{ jobId: string; cost: number }>;
  onStarted: (jobId: string) => void;
  /** More about a quote of something to do (the engine that will do it). */
  quoteDetails?: (quote: Quote) => ReactNode;
  /** Notes under the quote. */
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { busy, run } = useDialogAction();
  const [scope, setScope] = useState<ScopeKind>(selected.length ? "selected" : "changed");
  useEffect(() => {
    if (open) setScope(selected.length ? "selected" : "changed");
  }, [open, selected.length]);
  const segments = scopeBody(scope, selected);
  const quote = useDialogLoad<Quote>(open, { projectId, language, segments, revision }, () => askQuote(segments));

  function start() {
    if (busy || !quote || "failed" in quote) return;
    void run(async () => {
      const started = await startJob(segments, quote);
      toast.success(t(`dubbing.${job}.started`, { cost: started.cost }));
      onStarted(started.jobId);
      onOpenChange(false);
    });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t(`dubbing.${job}.title`)} description={t(`dubbing.${job}.description`, { language: languageName(language, locale) })} data-testid={`dubbing-${job}-dialog`}>
      <ScopeField value={scope} onChange={setScope} selectedCount={selected.length} changedLabel={changedLabel} />
      <div className="grid gap-1 rounded-lg bg-surface-muted p-3 text-sm" role="status" data-testid={`dubbing-${job}-quote`}>
        {quote === null ? (
          <span className="text-muted-foreground">{t("dubbing.translate.quoting")}</span>
        ) : "failed" in quote ? (
          <span className="text-destructive" role="alert">
            {quote.failed}
          </span>
        ) : quote.segments === 0 ? (
          <span>{t(`dubbing.${job}.nothing`)}</span>
        ) : (
          <>
            <span className="font-medium" data-points={quote.cost}>
              {t("dubbing.translate.quote", { segments: quote.segments, characters: quote.characters, cost: quote.cost })}
            </span>
            {quoteDetails?.(quote)}
          </>
        )}
      </div>
      {children}
      <DialogActions cancelLabel={t("dubbing.translate.cancel")}>
        <Button type="button" onClick={start} disabled={busy || !quote || "failed" in quote || quote.segments === 0} data-testid={`dubbing-${job}-confirm`}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t(`dubbing.${job}.confirm`, { cost: quote && !("failed" in quote) ? quote.cost : 0 })}
        </Button>
      </DialogActions>
    </DubbingDialog>
  );
}
