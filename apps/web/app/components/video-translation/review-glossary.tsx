import { useEffect, useState } from "react";
import type { VideoTranslationReview } from "@voxwork/contract";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useT } from "../../i18n";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/** The glossary: terms always translated the same way; applying it translates again the lines holding a changed term. */
export function GlossaryEditor({ glossary, disabled, onApply }: { glossary: VideoTranslationReview["glossary"]; disabled: boolean; onApply: (glossary: VideoTranslationReview["glossary"]) => void }) {
  const t = useT();
  const [rows, setRows] = useState(glossary.length ? glossary : [{ source: "", target: "" }]);
  useEffect(() => setRows(glossary.length ? glossary : [{ source: "", target: "" }]), [glossary]);
  const complete = rows.filter((row) => row.source.trim() && row.target.trim()).map((row) => ({ source: row.source.trim(), target: row.target.trim() }));
  const changed = JSON.stringify(complete) !== JSON.stringify(glossary);
  const update = (index: number, field: "source" | "target", value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  return (
    <details className="rounded-xl border border-border bg-surface p-3" data-testid="review-glossary">
      <summary className="cursor-pointer text-sm font-medium">{t("videoTranslation.review.glossary", { count: glossary.length })}</summary>
      <p className="mt-2 text-xs text-muted-foreground">{t("videoTranslation.review.glossaryHint")}</p>
      <ul className="mt-3 grid gap-2">
        {rows.map((row, index) => (
          <li key={index} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
            <Input aria-label={t("videoTranslation.review.glossarySource")} placeholder={t("videoTranslation.review.glossarySource")} value={row.source} maxLength={200} onChange={(event) => update(index, "source", event.target.value)} data-testid="glossary-source" />
            <Input aria-label={t("videoTranslation.review.glossaryTarget")} placeholder={t("videoTranslation.review.glossaryTarget")} value={row.target} maxLength={200} onChange={(event) => update(index, "target", event.target.value)} data-testid="glossary-target" />
            <Button type="button" variant="ghost" size="icon" aria-label={t("videoTranslation.review.glossaryRemove", { term: row.source || String(index + 1) })} onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setRows((current) => [...current, { source: "", target: "" }])} disabled={rows.length >= 200}>
          <PlusIcon aria-hidden="true" />
          {t("videoTranslation.review.glossaryAdd")}
        </Button>
        <Button type="button" size="sm" onClick={() => onApply(complete)} disabled={disabled || !changed} data-testid="glossary-apply">
          {t("videoTranslation.review.glossaryApply")}
        </Button>
      </div>
    </details>
  );
}
