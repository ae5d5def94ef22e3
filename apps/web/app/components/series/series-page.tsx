import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { SeriesView, VoiceView } from "@voxwork/contract";
import { seriesDeleteCall, seriesListCall, seriesUpdateCall, voiceGetCall } from "@voxwork/contract/client";
import { LibraryBigIcon, LoaderCircleIcon, SaveIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { useToolPage } from "../tool-shared/use-tool-page";
import { ToolColumns, ToolPage, ToolSettings } from "../tool-shared/tool-page";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { useTranslationOptions } from "../tool-shared/use-translation-options";
import { AddEpisodes } from "./add-episodes";
import { SeasonBoard, SeasonFiles, useSeasonBoard } from "./season-board";
import { SeriesCreateForm, SeriesList, TargetLanguageToggles } from "./series-list";
import { CharactersEditor, GlossaryEditor } from "./series-memory";
import { DrawnStyleEditor } from "../tool-shared/drawn-style-editor";
import { styleRows, subtitleStylesForSave, type StyleRow } from "../tool-shared/drawn-style";
import { characterRows, charactersForSave, glossaryForSave, glossaryRows, type CharacterRow, type GlossaryRow } from "./series-forms";

/**
 * `/workbench/series`: the user's series (the dubbing studio's cast bibles among them) and a new
 * one beside; the chosen series (`?series=<id>`) shows its memory (languages, glossary,
 * characters and their voices), adding episodes with a quote first, the season board and its files.
 */
export function SeriesPage() {
  const { t, api, signedIn, id } = useToolPage();
  const { options } = useTranslationOptions();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("series");
  const [list, setList] = useState<SeriesView[] | null>(null);

  const reload = useCallback(() => {
    api.call(seriesListCall, {}).then(
      (data) => setList(data.list),
      () => setList((current) => current ?? []),
    );
  }, [api]);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);

  const select = (seriesId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (seriesId) next.set("series", seriesId);
        else next.delete("series");
        return next;
      },
      { preventScrollReset: true },
    );
  const selected = list?.find((series) => series.id === selectedId) ?? null;

  return (
    <ToolPage title={t("series.title")} lead={t("series.lead")} history={["video-translation"]} data-testid="series-page">
      <ToolColumns aside="wide">
        <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-6">
          {selected ? (
            <SeriesWork
              key={selected.id}
              series={selected}
              subtitlesPrice={options?.subtitlesPricePerMinute ?? 0}
              options={options}
              onSaved={(saved) => setList((current) => current?.map((series) => (series.id === saved.id ? saved : series)) ?? null)}
              onDeleted={() => {
                select(null);
                reload();
              }}
              onEpisodesAdded={reload}
              id={id}
            />
          ) : (
            <Card className="min-h-48 place-content-center justify-items-center text-center" data-testid="series-empty">
              <LibraryBigIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <CardTitle>{t("series.start.title")}</CardTitle>
              <CardDescription className="max-w-md">{t("series.start.text")}</CardDescription>
            </Card>
          )}
        </div>
        <ToolSettings aria-label={t("series.list.title")}>
          <SeriesList list={list} selectedId={selectedId} onSelect={select} />
          <hr className="border-border" />
          <SeriesCreateForm
            options={options}
            id={`${id}-create`}
            onCreated={(created) => {
              setList((current) => [...(current ?? []), created].sort((a, b) => a.name.localeCompare(b.name)));
              select(created.id);
            }}
          />
        </ToolSettings>
      </ToolColumns>
    </ToolPage>
  );
}

/** The chosen series: its memory (saved with the update call), adding episodes, the board and its files. */
function SeriesWork({
  series,
  subtitlesPrice,
  options,
  onSaved,
  onDeleted,
  onEpisodesAdded,
  id,
}: {
  series: SeriesView;
  subtitlesPrice: number;
  options: ReturnType<typeof useTranslationOptions>["options"];
  onSaved: (series: SeriesView) => void;
  onDeleted: () => void;
  onEpisodesAdded: () => void;
  id: string;
}) {
  const { t, api } = useToolPage();
  const [targets, setTargets] = useState<string[]>(series.targetLanguages);
  const [glossary, setGlossary] = useState<GlossaryRow[]>(() => glossaryRows(series));
  const [characters, setCharacters] = useState<CharacterRow[]>(() => characterRows(series));
  const [styles, setStyles] = useState<Record<string, StyleRow>>(() => styleRows(series));
  const [voices, setVoices] = useState<Record<string, VoiceView>>({});
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [round, setRound] = useState(0);
  const board = useSeasonBoard(series.id, round);
  // The stored voices by name, with their preview (read once per key).
  useEffect(() => {
    const keys = [...new Set(series.characters.flatMap((character) => Object.values(character.voices)))];
    let live = true;
    for (const voiceKey of keys)
      api.call(voiceGetCall, { voiceKey }).then(
        (voice) => live && setVoices((current) => ({ ...current, [voice.key]: voice })),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api, series.characters]);
  const source = series.sourceLanguage ?? "en";
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };
  const saved = useMemo(() => series, [series]);

  async function save() {
    if (saving) return;
    const terms = glossaryForSave(glossary);
    if (!terms) return toast.error(t("series.glossary.incomplete"));
    const cast = charactersForSave(characters, targets);
    if (!cast) return toast.error(t("series.characters.unnamed"));
    const subtitleStyles = subtitleStylesForSave(styles, targets);
    if (!subtitleStyles) return toast.error(t("toolShared.drawnStyle.invalid"));
    setSaving(true);
    try {
      const updated = await api.call(seriesUpdateCall, { seriesId: saved.id, targetLanguages: targets, glossary: terms, characters: cast, subtitleStyles });
      onSaved(updated);
      setDirty(false);
      toast.success(t("series.memory.saved"));
    } catch {
      // The client wrapper showed the catalogue message.
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!window.confirm(t("series.memory.deleteConfirm", { name: saved.name }))) return;
    try {
      await api.call(seriesDeleteCall, { seriesId: saved.id });
      toast.success(t("series.memory.deleted"));
      onDeleted();
    } catch {
      // The client wrapper showed the catalogue message.
    }
  }

  return (
    <>
      <Card data-testid="series-memory">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="break-words">{t("series.memory.title", { name: saved.name })}</CardTitle>
            <CardDescription>{t("series.memory.lead")}</CardDescription>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={remove} data-testid="series-delete">
            <Trash2Icon aria-hidden="true" />
            {t("series.memory.delete")}
          </Button>
        </div>
        <div className="grid gap-1.5">
          <span id={`${id}-languages`} className="text-sm font-semibold">
            {t("series.create.targets")}
          </span>
          <TargetLanguageToggles options={options} source={source} selected={targets} onChange={edit(setTargets)} labelledBy={`${id}-languages`} />
        </div>
        <GlossaryEditor rows={glossary} onChange={edit(setGlossary)} targets={targets} id={id} />
        <CharactersEditor rows={characters} onChange={edit(setCharacters)} targets={targets} voices={voices} onVoiceSeen={(voice) => setVoices((current) => ({ ...current, [voice.key]: voice }))} id={id} />
        <DrawnStyleEditor rows={styles} onChange={edit(setStyles)} targets={targets} id={id} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={save} disabled={saving} data-testid="series-save">
            {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
            {t("series.memory.save")}
          </Button>
          {dirty ? (
            <span className="text-sm text-muted-foreground" role="status" data-testid="series-unsaved">
              {t("series.memory.unsaved")}
            </span>
          ) : null}
        </div>
      </Card>
      <Card>
        <AddEpisodes
          series={saved}
          subtitlesPrice={subtitlesPrice}
          id={`${id}-add`}
          onAdded={() => {
            setRound((value) => value + 1);
            onEpisodesAdded();
          }}
        />
      </Card>
      <Card>
        <SeasonBoard episodes={board.episodes} />
      </Card>
      <Card>
        <SeasonFiles seriesId={series.id} episodes={board.episodes ?? []} jobs={board.jobs} />
      </Card>
    </>
  );
}
