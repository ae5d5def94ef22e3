import { useEffect, useState } from "react";
import type { CallData } from "@voxwork/contract";
import { dubbingTranslateCall, dubbingTranslateQuoteCall } from "@voxwork/contract/client";
import { LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { pairAvailability } from "../../lib/translation/translation-choices";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { languageName } from "../voices/voice-labels";
import { ScopeField, scopeBody, type ScopeKind } from "./scope-field";
import { useDialogLoad } from "./use-dialog-load";
import type { DubbingOptions } from "./use-dubbing-options";

type Quote = CallData<typeof dubbingTranslateQuoteCall>;

/** Translate all (or the selection, or what has no translation yet) into the current language: the quote (points, engine) first. */
export function TranslateAllDialog({ open, onOpenChange, projectId, language, sourceLanguage, selected, revision, options, onStarted }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; language: string; sourceLanguage: string; selected: readonly string[]; /** The saved project's revision: a save while the dialog is open asks the quote again. */ revision: number; options: DubbingOptions | null; onStarted: (jobId: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [scope, setScope] = useState<ScopeKind>(selected.length ? "selected" : "changed");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setScope(selected.length ? "selected" : "changed");
  }, [open, selected.length]);
  const segments = scopeBody(scope, selected);
  const quote = useDialogLoad<Quote>(open, { projectId, language, segments, revision }, () => api.call(dubbingTranslateQuoteCall, { projectId, language, segments }));

  const engine = quote && !("failed" in quote) ? options?.translators.find((translator) => translator.id === quote.translatorId) : undefined;
  // Pairs by language name ("English → Spanish"), never by code; a pair nothing translates says what to do instead.
  const offline = (options?.offlinePairs ?? []).map((pair) => pair.split(" → ").map((tag) => languageName(tag, locale)).join(" → "));
  const untranslatable = options ? pairAvailability(options.translators, sourceLanguage, language).kind === "unavailable" : false;

  async function start() {
    if (busy || !quote || "failed" in quote) return;
    setBusy(true);
    try {
      const started = await api.call(dubbingTranslateCall, { projectId, language, segments, ...(quote.translatorId ? { translatorId: quote.translatorId } : {}) });
      toast.success(t("dubbing.translate.started", { cost: started.cost }));
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
      <DialogContent closeLabel={t("dubbing.translate.cancel")} data-testid="dubbing-translate-dialog">
        <DialogHeader>
          <DialogTitle>{t("dubbing.translate.title")}</DialogTitle>
          <DialogDescription>{t("dubbing.translate.description", { language: languageName(language, locale) })}</DialogDescription>
        </DialogHeader>
        <ScopeField value={scope} onChange={setScope} selectedCount={selected.length} changedLabel={t("dubbing.scope.untranslated")} />
        <div className="grid gap-1 rounded-lg bg-surface-muted p-3 text-sm" role="status" data-testid="dubbing-translate-quote">
          {quote === null ? (
            <span className="text-muted-foreground">{t("dubbing.translate.quoting")}</span>
          ) : "failed" in quote ? <span className="text-destructive" role="alert">{quote.failed}</span> : quote.segments === 0 ? (
            <span>{t("dubbing.translate.nothing")}</span>
          ) : (
            <>
              <span className="font-medium" data-points={quote.cost}>
                {t("dubbing.translate.quote", { segments: quote.segments, characters: quote.characters, cost: quote.cost })}
              </span>
              {quote.translatorId ? <span className="text-xs text-muted-foreground">{t("dubbing.translate.engine", { engine: engine ? `${engine.name} (${engine.location})` : quote.translatorId })}</span> : null}
            </>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{offline.length ? t("dubbing.translate.offlinePairs", { pairs: offline.join(locale === "zh" ? "、" : ", ") }) : t("dubbing.translate.noOfflinePairs")}</p>
        {untranslatable ? (
          <p className="text-xs text-muted-foreground" data-testid="dubbing-translate-no-engine">
            {t("dubbing.translate.remoteNeeded", { source: languageName(sourceLanguage, locale), target: languageName(language, locale) })}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("dubbing.translate.cancel")}
          </Button>
          <Button type="button" onClick={() => void start()} disabled={busy || !quote || "failed" in quote || quote.segments === 0} data-testid="dubbing-translate-confirm">
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t("dubbing.translate.confirm", { cost: quote && !("failed" in quote) ? quote.cost : 0 })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
