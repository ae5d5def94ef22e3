import { dubbingTranslateCall, dubbingTranslateQuoteCall } from "@voxwork/contract/client";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { pairAvailability } from "../../lib/translation/translation-choices";
import { languageName } from "../voices/voice-labels";
import { QuotedJobDialog } from "./quoted-job-dialog";
import type { DubbingOptions } from "./use-dubbing-options";

/** Translate all (or the selection, or what has no translation yet) into the current language: the quote (points, engine) first. */
export function TranslateAllDialog({ projectId, language, sourceLanguage, options, ...props }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; language: string; sourceLanguage: string; selected: readonly string[]; /** The saved project's revision: a save while the dialog is open asks the quote again. */ revision: number; options: DubbingOptions | null; onStarted: (jobId: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  // Pairs by language name ("English → Spanish"), never by code; a pair nothing translates says what to do instead.
  const offline = (options?.offlinePairs ?? []).map((pair) => pair.split(" → ").map((tag) => languageName(tag, locale)).join(" → "));
  const untranslatable = options ? pairAvailability(options.translators, sourceLanguage, language).kind === "unavailable" : false;

  return (
    <QuotedJobDialog
      job="translate"
      projectId={projectId}
      language={language}
      {...props}
      changedLabel={t("dubbing.scope.untranslated")}
      quote={(segments) => api.call(dubbingTranslateQuoteCall, { projectId, language, segments })}
      start={(segments, quote) => api.call(dubbingTranslateCall, { projectId, language, segments, ...(quote.translatorId ? { translatorId: quote.translatorId } : {}) })}
      quoteDetails={(quote) => {
        if (!quote.translatorId) return null;
        const engine = options?.translators.find((translator) => translator.id === quote.translatorId);
        return <span className="text-xs text-muted-foreground">{t("dubbing.translate.engine", { engine: engine ? `${engine.name} (${engine.location})` : quote.translatorId })}</span>;
      }}
    >
      <p className="text-xs text-muted-foreground">{offline.length ? t("dubbing.translate.offlinePairs", { pairs: offline.join(locale === "zh" ? "、" : ", ") }) : t("dubbing.translate.noOfflinePairs")}</p>
      {untranslatable ? (
        <p className="text-xs text-muted-foreground" data-testid="dubbing-translate-no-engine">
          {t("dubbing.translate.remoteNeeded", { source: languageName(sourceLanguage, locale), target: languageName(language, locale) })}
        </p>
      ) : null}
    </QuotedJobDialog>
  );
}
