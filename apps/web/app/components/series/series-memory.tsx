import { useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { ClipboardPasteIcon, PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { useLocale, usePlural, useT } from "../../i18n";
import { Button } from "../ui/button";
import { Input, Label, Textarea } from "../ui/input";
import { NativeSelect } from "../tool-shared/native-select";
import { SelectedVoice } from "../voices/selected-voice";
import { languageName } from "../voices/voice-labels";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { characterId, parseGlossaryCsv, rowKey, type CharacterRow, type GlossaryRow } from "./series-forms";

/** The glossary as an editable table: a row per term (source, translation, language or every language), add/remove, CSV paste. */
export function GlossaryEditor({ rows, onChange, targets, id }: { rows: GlossaryRow[]; onChange: (rows: GlossaryRow[]) => void; targets: readonly string[]; id: string }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState("");
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const update = (key: string, patch: Partial<GlossaryRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function applyPaste() {
    const { rows: added, skipped } = parseGlossaryCsv(pasted);
    if (!added.length) return setPasteNote(t("series.glossary.pasteNothing"));
    onChange([...rows.filter((row) => row.source.trim() || row.target.trim()), ...added]);
    setPasteNote([tp("series.glossary.pasted", added.length), skipped ? tp("series.glossary.pasteSkipped", skipped) : ""].filter(Boolean).join(" "));
    setPasted("");
    setPasting(false);
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-glossary`} data-testid="glossary-editor">
      <div>
        <h3 id={`${id}-glossary`} className="font-semibold">
          {t("series.glossary.title")}
        </h3>
        <p className="text-xs text-muted-foreground">{t("series.glossary.lead")}</p>
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("series.glossary.empty")}</p> : null}
      {rows.length ? (
        <div className="grid gap-2" role="table" aria-labelledby={`${id}-glossary`}>
          <div role="row" className="hidden gap-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_2.25rem]">
            <span role="columnheader">{t("series.glossary.source")}</span>
            <span role="columnheader">{t("series.glossary.target")}</span>
            <span role="columnheader">{t("series.glossary.language")}</span>
            <span role="columnheader" className="sr-only">
              {t("series.glossary.remove", { source: "" })}
            </span>
          </div>
          {rows.map((row, index) => (
            <div key={row.key} role="row" className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.25rem] gap-2 border-b border-border pb-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_2.25rem] sm:border-0 sm:pb-0" data-testid="glossary-row">
              <span role="cell">
                <Input aria-label={`${t("series.glossary.source")} ${index + 1}`} value={row.source} maxLength={200} onChange={(event) => update(row.key, { source: event.target.value })} data-testid="glossary-source" />
              </span>
              <span role="cell">
                <Input aria-label={`${t("series.glossary.target")} ${index + 1}`} value={row.target} maxLength={200} onChange={(event) => update(row.key, { target: event.target.value })} data-testid="glossary-target" />
              </span>
              <span role="cell" className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">
                <NativeSelect aria-label={`${t("series.glossary.language")} ${index + 1}`} value={row.language} onChange={(event) => update(row.key, { language: event.target.value })} data-testid="glossary-language">
                  <option value="">{t("series.glossary.allLanguages")}</option>
                  {[...new Set([...targets, ...(row.language ? [row.language] : [])])].map((language) => (
                    <option key={language} value={language}>
                      {languageName(language, locale)}
                    </option>
                  ))}
                </NativeSelect>
              </span>
              <span role="cell" className="row-start-1 col-start-3 sm:col-start-auto sm:row-start-auto">
                <Button type="button" variant="ghost" size="icon" onClick={() => onChange(rows.filter((other) => other.key !== row.key))} aria-label={t("series.glossary.remove", { source: row.source || String(index + 1) })}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </span>
            </div>
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...rows, { key: rowKey(), source: "", target: "", language: "" }])} data-testid="glossary-add">
          <PlusIcon aria-hidden="true" />
          {t("series.glossary.add")}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-expanded={pasting} onClick={() => setPasting((open) => !open)} data-testid="glossary-paste">
          <ClipboardPasteIcon aria-hidden="true" />
          {t("series.glossary.paste")}
        </Button>
      </div>
      {pasting ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-paste`}>{t("series.glossary.pasteLabel")}</Label>
          <Textarea id={`${id}-paste`} rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} placeholder={"Jade Palace,Palacio de Jade,es\nLin Feng,Lin Feng"} data-testid="glossary-paste-text" />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={applyPaste} data-testid="glossary-paste-apply">
              {t("series.glossary.pasteApply")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setPasting(false)}>
              {t("series.glossary.pasteCancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {pasteNote ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="glossary-paste-note">
          {pasteNote}
        </p>
      ) : null}
    </section>
  );
}

/** Characters: name, gender and a voice per target language, picked from the voice library (with preview) and kept in every episode. */
export function CharactersEditor({
  rows,
  onChange,
  targets,
  voices,
  onVoiceSeen,
  id,
}: {
  rows: CharacterRow[];
  onChange: (rows: CharacterRow[]) => void;
  targets: readonly string[];
  /** Voices picked in this page, by key (a stored key not among them shows as its key). */
  voices: Readonly<Record<string, VoiceView>>;
  onVoiceSeen: (voice: VoiceView) => void;
  id: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [picking, setPicking] = useState<{ character: string; language: string } | null>(null);
  const [pickerLanguage, setPickerLanguage] = useState("");
  const update = (characterId: string, patch: Partial<CharacterRow>) => onChange(rows.map((row) => (row.id === characterId ? { ...row, ...patch } : row)));
  const setVoice = (characterId: string, language: string, key: string | null) =>
    onChange(
      rows.map((row) => {
        if (row.id !== characterId) return row;
        const next = { ...row.voices };
        if (key) next[language] = key;
        else delete next[language];
        return { ...row, voices: next };
      }),
    );
  const picked = picking ? rows.find((row) => row.id === picking.character)?.voices[picking.language] : undefined;

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-characters`} data-testid="characters-editor">
      <div>
        <h3 id={`${id}-characters`} className="font-semibold">
          {t("series.characters.title")}
        </h3>
        <p className="text-xs text-muted-foreground">{t("series.characters.lead")}</p>
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("series.characters.empty")}</p> : null}
      {targets.length === 0 && rows.length ? <p className="text-sm text-muted-foreground">{t("series.characters.noTargets")}</p> : null}
      <ul className="grid gap-3">
        {rows.map((row, index) => (
          <li key={row.id} className="grid gap-3 rounded-xl border border-border p-3" data-testid="character-row">
            <div className="grid grid-cols-[minmax(0,1fr)_2.25rem] gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_2.25rem]">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-character-${row.id}`}>{t("series.characters.name")}</Label>
                <Input id={`${id}-character-${row.id}`} value={row.name} maxLength={60} onChange={(event) => update(row.id, { name: event.target.value })} data-testid="character-name" />
              </div>
              <div className="col-span-2 row-start-2 grid gap-1 sm:col-span-1 sm:row-start-auto">
                <Label htmlFor={`${id}-gender-${row.id}`}>{t("series.characters.gender")}</Label>
                <NativeSelect id={`${id}-gender-${row.id}`} value={row.gender} onChange={(event) => update(row.id, { gender: event.target.value as CharacterRow["gender"] })} data-testid="character-gender">
                  {(["unknown", "female", "male"] as const).map((gender) => (
                    <option key={gender} value={gender}>
                      {t(`series.characters.genders.${gender}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button type="button" variant="ghost" size="icon" className="col-start-2 row-start-1 self-end sm:col-start-auto sm:row-start-auto" onClick={() => onChange(rows.filter((other) => other.id !== row.id))} aria-label={t("series.characters.remove", { name: row.name || String(index + 1) })}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
            {targets.map((language) => {
              const key = row.voices[language];
              const voice = key ? voices[key] : undefined;
              const name = languageName(language, locale);
              const choose = () => {
                setPickerLanguage(language);
                setPicking({ character: row.id, language });
              };
              return (
                <div key={language} className="grid gap-1" data-testid="character-voice" data-language={language}>
                  <span className="text-sm font-medium">{t("series.characters.voiceFor", { language: name })}</span>
                  {voice ? (
                    <SelectedVoice voice={voice} onChoose={choose} testId="character-voice-selected" />
                  ) : (
                    <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-xl border border-border bg-surface p-3 text-sm">
                      <span className="min-w-0 flex-1 break-all" data-testid="character-voice-key">
                        {key ?? t("series.characters.noVoice")}
                      </span>
                      <Button type="button" variant="outline" size="sm" onClick={choose} data-testid="character-voice-choose">
                        {t("series.characters.chooseVoice")}
                      </Button>
                    </div>
                  )}
                  {key ? (
                    <Button type="button" variant="link" size="xs" className="justify-self-start px-0" onClick={() => setVoice(row.id, language, null)}>
                      <XIcon aria-hidden="true" />
                      {t("series.characters.clearVoice")}
                    </Button>
                  ) : null}
                </div>
              );
            })}
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...rows, { id: characterId(), name: "", gender: "unknown", voices: {} }])} data-testid="character-add">
        <PlusIcon aria-hidden="true" />
        {t("series.characters.add")}
      </Button>
      <VoicePickerDialog
        key={pickerLanguage}
        open={picking !== null}
        onOpenChange={(open) => !open && setPicking(null)}
        selectedKey={picked}
        onSelect={(voice) => {
          if (!picking) return;
          onVoiceSeen(voice);
          setVoice(picking.character, picking.language, voice.key);
        }}
        initialSearch={{ tab: "all", query: "", filters: pickerLanguage ? { language: pickerLanguage } : {} }}
      />
    </section>
  );
}

