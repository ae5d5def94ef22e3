import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { SeriesView } from "@voxwork/contract";
import { seriesCreateCall } from "@voxwork/contract/client";
import { CheckIcon, LoaderCircleIcon, PlusIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { cn } from "../../lib/utils";
import { MAX_TARGETS, sourceLanguages, targetChoices } from "../../lib/translation/translation-choices";
import { LanguageSelect } from "../tool-shared/language-select";
import { Button } from "../ui/button";
import { CardTitle } from "../ui/card";
import { Input, Label } from "../ui/input";
import { languageName } from "../voices/voice-labels";
import type { VideoTranslationOptions } from "../../lib/translation/translation-choices";

/** The user's series (the dubbing studio's cast bibles among them), each a link to its board. */
export function SeriesList({ list, selectedId, onSelect }: { list: readonly SeriesView[] | null; selectedId: string | null; onSelect: (id: string) => void }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  return (
    <div className="grid gap-3">
      <CardTitle>{t("series.list.title")}</CardTitle>
      {list === null ? (
        <p className="text-sm text-muted-foreground">{t("series.list.loading")}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="series-list-empty">
          {t("series.list.empty")}
        </p>
      ) : (
        <ul className="grid gap-1.5" data-testid="series-list">
          {list.map((series) => {
            const current = series.id === selectedId;
            return (
              <li key={series.id}>
                <button
                  type="button"
                  onClick={() => onSelect(series.id)}
                  aria-current={current ? "true" : undefined}
                  aria-label={t("series.list.open", { name: series.name })}
                  className={cn(
                    "grid w-full gap-0.5 rounded-lg border px-3 py-2 text-left text-sm transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    current ? "border-primary bg-primary-soft text-primary-soft-foreground" : "border-border",
                  )}
                  data-testid="series-item"
                >
                  <span className="truncate font-medium">{series.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {tp("series.list.episodes", series.episodeCount)} ·{" "}
                    {series.targetLanguages.length ? series.targetLanguages.map((language) => languageName(language, locale)).join(", ") : t("series.list.noTargets")}
                    {series.sourceLanguage === null ? ` · ${t("series.list.fromCast")}` : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Target languages as toggle buttons (`aria-pressed`): the languages the source reaches with the
 * engines set up (the video translator's choices); none chosen is allowed until the series runs.
 */
export function TargetLanguageToggles({ options, source, selected, onChange, labelledBy }: { options: VideoTranslationOptions | null; source: string; selected: readonly string[]; onChange: (languages: string[]) => void; labelledBy: string }) {
  const t = useT();
  const locale = useLocale();
  const choices = useMemo(() => (options ? targetChoices(options, source).filter((choice) => choice.usable) : []), [options, source]);
  if (options && choices.length === 0) return <p className="text-sm text-muted-foreground">{t("series.create.noTargetsOffered")}</p>;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-labelledby={labelledBy} data-testid="series-targets">
      {choices.map((choice) => {
        const on = selected.includes(choice.language);
        const full = !on && selected.length >= MAX_TARGETS;
        return (
          <button
            key={choice.language}
            type="button"
            aria-pressed={on}
            disabled={full}
            onClick={() => onChange(on ? selected.filter((language) => language !== choice.language) : [...selected, choice.language])}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 [&_svg]:size-3.5",
              on ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-surface-muted",
            )}
            data-testid="series-target"
            data-language={choice.language}
          >
            {on ? <CheckIcon aria-hidden="true" /> : null}
            {languageName(choice.language, locale)}
          </button>
        );
      })}
    </div>
  );
}

/** A new series: name, source language and target languages (reachable with the engines set up). */
export function SeriesCreateForm({ options, onCreated, id }: { options: VideoTranslationOptions | null; onCreated: (series: SeriesView) => void; id: string }) {
  const t = useT();
  const api = useApiClient();
  const [name, setName] = useState("");
  const [source, setSource] = useState("en");
  const [targets, setTargets] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const sources = useMemo(() => (options ? sourceLanguages(options) : []), [options]);
  const reachable = useMemo(() => (options ? targetChoices(options, source).filter((choice) => choice.usable).map((choice) => choice.language) : null), [options, source]);
  // A new source keeps only the targets it still reaches.
  useEffect(() => {
    if (reachable) setTargets((current) => current.filter((language) => reachable.includes(language)));
  }, [reachable]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!name.trim()) return toast.error(t("series.create.needName"));
    if (!targets.length) return toast.error(t("series.create.needTarget"));
    setSubmitting(true);
    try {
      const created = await api.call(seriesCreateCall, { name: name.trim(), sourceLanguage: source, targetLanguages: targets });
      toast.success(t("series.create.created", { name: created.name }));
      setName("");
      onCreated(created);
    } catch {
      // The client wrapper showed the catalogue message (a name already used, …).
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={submit} data-testid="series-create">
      <CardTitle>{t("series.create.title")}</CardTitle>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t("series.create.name")}</Label>
        <Input id={`${id}-name`} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} placeholder={t("series.create.namePlaceholder")} data-testid="series-name" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-source`}>{t("series.create.source")}</Label>
        <LanguageSelect id={`${id}-source`} value={source} onValueChange={setSource} languages={sources.length ? sources : [source]} data-testid="series-source" />
      </div>
      <div className="grid gap-1.5">
        <span id={`${id}-targets`} className="text-sm font-medium">
          {t("series.create.targets")}
        </span>
        <p className="text-xs text-muted-foreground">{t("series.create.targetsHint", { max: MAX_TARGETS })}</p>
        <TargetLanguageToggles options={options} source={source} selected={targets} onChange={setTargets} labelledBy={`${id}-targets`} />
      </div>
      <Button type="submit" disabled={submitting} className="justify-self-start" data-testid="series-create-submit">
        {submitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
        {t("series.create.submit")}
      </Button>
    </form>
  );
}
