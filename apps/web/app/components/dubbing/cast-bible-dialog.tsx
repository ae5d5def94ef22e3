import { useEffect, useState } from "react";
import type { CallData, DubbingProject } from "@voxwork/contract";
import { dubbingCastApplyCall, dubbingCastDeleteCall, dubbingCastListCall, dubbingCastSaveCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { formatDate } from "../history/history-format";
import { Button } from "../ui/button";
import { Input, Label, Textarea } from "../ui/input";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";

type Cast = CallData<typeof dubbingCastListCall>["casts"][number];
type Glossary = DubbingProject["glossary"];
type Pronunciations = DubbingProject["pronunciations"];

/** `source = target` lines ↔ glossary entries; the number of the first bad line. */
export function parseGlossary(text: string): Glossary | number {
  const entries: Glossary = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const match = /^(.+?)\s*=\s*(.+)$/.exec(line.trim());
    if (!match) return index + 1;
    entries.push({ source: match[1]!.trim(), target: match[2]!.trim() });
  }
  return entries;
}

/** `language: term = replacement` lines ↔ pronunciations; the number of the first bad line. */
export function parsePronunciations(text: string): Pronunciations | number {
  const entries: Pronunciations = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const match = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\s*:\s*(.+?)\s*=\s*(.+)$/.exec(line.trim());
    if (!match) return index + 1;
    entries.push({ language: match[1]!, term: match[2]!.trim(), replacement: match[3]!.trim() });
  }
  return entries;
}

/**
 * Pro: the project's glossary and pronunciations (one settings edit, undoable), and cast bibles:
 * save this project's characters, voices, glossary and pronunciations under a series name, or
 * apply a saved one (the server matches characters by name).
 */
export function CastBibleDialog({ open, onOpenChange, projectId, glossary, pronunciations, canApply, onSettings, onApplied }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; glossary: Glossary; pronunciations: Pronunciations; canApply: boolean; onSettings: (fields: { glossary: Glossary; pronunciations: Pronunciations }) => void; onApplied: (project: DubbingProject) => void }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const [casts, setCasts] = useState<Cast[] | null>(null);
  const [name, setName] = useState("");
  const [glossaryText, setGlossaryText] = useState("");
  const [pronunciationText, setPronunciationText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useDialogAction();
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (!open) return;
    setGlossaryText(glossary.map((entry) => `${entry.source} = ${entry.target}`).join("\n"));
    setPronunciationText(pronunciations.map((entry) => `${entry.language}: ${entry.term} = ${entry.replacement}`).join("\n"));
    setProblem(null);
  }, [open, glossary, pronunciations]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.call(dubbingCastListCall, {}).then(
      (answer) => live && setCasts(answer.casts),
      () => live && setCasts([]),
    );
    return () => {
      live = false;
    };
  }, [api, open, reloads]);

  function saveSettings() {
    const nextGlossary = parseGlossary(glossaryText);
    if (typeof nextGlossary === "number") return setProblem(`${t("dubbing.cast.glossary")}: ${t("dubbing.cast.badLine", { line: nextGlossary })}`);
    const nextPronunciations = parsePronunciations(pronunciationText);
    if (typeof nextPronunciations === "number") return setProblem(`${t("dubbing.cast.pronunciations")}: ${t("dubbing.cast.badLine", { line: nextPronunciations })}`);
    setProblem(null);
    onSettings({ glossary: nextGlossary, pronunciations: nextPronunciations });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.cast.title")} description={t("dubbing.cast.description")} className="max-w-2xl" data-testid="dubbing-cast-dialog">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="dubbing-glossary">{t("dubbing.cast.glossary")}</Label>
          <Textarea id="dubbing-glossary" value={glossaryText} onChange={(event) => setGlossaryText(event.target.value)} placeholder={t("dubbing.cast.glossaryHint")} className="font-mono text-xs" data-testid="dubbing-glossary" />
          <span className="text-xs text-muted-foreground">{t("dubbing.cast.glossaryHint")}</span>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="dubbing-pronunciations">{t("dubbing.cast.pronunciations")}</Label>
          <Textarea id="dubbing-pronunciations" value={pronunciationText} onChange={(event) => setPronunciationText(event.target.value)} placeholder={t("dubbing.cast.pronunciationsHint")} className="font-mono text-xs" data-testid="dubbing-pronunciations" />
          <span className="text-xs text-muted-foreground">{t("dubbing.cast.pronunciationsHint")}</span>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="button" variant="outline" onClick={saveSettings} data-testid="dubbing-glossary-save">
          {t("dubbing.cast.saveGlossary")}
        </Button>
      </div>
      <form
        className="flex flex-wrap items-end gap-2 border-t border-border pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          const series = name.trim();
          if (!series) return;
          void run(async () => {
            const saved = await api.call(dubbingCastSaveCall, { projectId, name: series });
            toast.success(t("dubbing.cast.saved", { name: saved.name }));
            setName("");
            setReloads((value) => value + 1);
          });
        }}
      >
        <div className="grid min-w-48 flex-1 gap-1">
          <Label htmlFor="dubbing-cast-name">{t("dubbing.cast.name")}</Label>
          <Input id="dubbing-cast-name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} data-testid="dubbing-cast-name" />
        </div>
        <Button type="submit" disabled={busy || !name.trim()} data-testid="dubbing-cast-save">
          {t("dubbing.cast.saveAs")}
        </Button>
      </form>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t("dubbing.cast.existing")}</h3>
        {casts && casts.length === 0 ? <p className="text-sm text-muted-foreground">{t("dubbing.cast.empty")}</p> : null}
        <ul className="grid gap-1">
          {(casts ?? []).map((cast) => (
            <li key={cast.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-muted" data-testid="dubbing-cast">
              <div className="grid">
                <span className="font-medium">{cast.name}</span>
                <span className="text-xs text-muted-foreground">
                  {tp("dubbing.cast.characters", cast.characters.length)} · {formatDate(cast.updatedAt, locale)}
                </span>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  disabled={busy || !canApply}
                  onClick={() =>
                    void run(async () => {
                      const project = await api.call(dubbingCastApplyCall, { projectId, castId: cast.id });
                      toast.success(t("dubbing.cast.applied", { name: cast.name }));
                      onApplied(project);
                      onOpenChange(false);
                    })
                  }
                  data-testid="dubbing-cast-apply"
                >
                  {t("dubbing.cast.apply")}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      await api.call(dubbingCastDeleteCall, { castId: cast.id });
                      setReloads((value) => value + 1);
                    })
                  }
                >
                  {t("dubbing.cast.delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </DubbingDialog>
  );
}
