import { useEffect, useState } from "react";
import { MATCH_ORIGINAL_VOICE, voiceGetCall } from "@voxwork/contract/client";
import { SEGMENT_SPEED, SEGMENT_VOLUME, type DubbingCharacter } from "@voxwork/contract/dubbing";
import { useLocale, useT } from "../../i18n";
import { useQuietApiClient } from "../../lib/dubbing/quiet-api-client";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog } from "./dubbing-dialog";
import { Input, Label } from "../ui/input";
import { languageName } from "../voices/voice-labels";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";

/**
 * The characters: name, a voice per target language (the voice picker; pro: or the original
 * speaker's voice), default speed and volume. Saved as one settings edit (undoable).
 */
export function CharactersDialog({ open, onOpenChange, characters, languages, pro, onSave }: { open: boolean; onOpenChange: (open: boolean) => void; characters: readonly DubbingCharacter[]; languages: readonly string[]; pro: boolean; onSave: (characters: DubbingCharacter[]) => void }) {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState<DubbingCharacter[]>([]);
  const [picking, setPicking] = useState<{ characterId: string; language: string } | null>(null);
  const [voiceNames, setVoiceNames] = useState<Record<string, string>>({});
  const api = useQuietApiClient();
  useEffect(() => {
    if (open) setDraft(characters.map((character) => ({ ...character, voices: { ...character.voices } })));
  }, [open, characters]);
  // The voices' names (a character's voice is stored as its key).
  useEffect(() => {
    if (!open) return;
    let live = true;
    const keys = [...new Set(characters.flatMap((character) => Object.values(character.voices)))].filter((key) => key !== MATCH_ORIGINAL_VOICE);
    for (const key of keys) {
      api.call(voiceGetCall, { voiceKey: key }).then(
        (voice) => live && setVoiceNames((current) => (current[key] ? current : { ...current, [key]: voice.name })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [open, characters, api]);
  const update = (id: string, change: (character: DubbingCharacter) => DubbingCharacter) => setDraft((current) => current.map((character) => (character.id === id ? change(character) : character)));
  const setVoice = (id: string, language: string, voice: string | null) =>
    update(id, (character) => {
      const voices = { ...character.voices };
      if (voice) voices[language] = voice;
      else delete voices[language];
      return { ...character, voices };
    });
  const valid = draft.every((character) => character.name.trim().length > 0);
  const picked = picking ? draft.find((character) => character.id === picking.characterId)?.voices[picking.language] : undefined;

  return (
    <>
      <DubbingDialog open={open && !picking} onOpenChange={(next) => !picking && onOpenChange(next)} title={t("dubbing.characters.title")} description={t("dubbing.characters.description")} closeLabel={t("dubbing.characters.cancel")} className="max-w-3xl" data-testid="dubbing-characters-dialog">
        <ul className="grid gap-4">
          {draft.map((character) => (
            <li key={character.id} className="grid gap-3 rounded-xl border border-border p-3" data-testid="dubbing-character" data-character-id={character.id}>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_8rem]">
                <div className="grid gap-1">
                  <Label htmlFor={`character-${character.id}-name`}>{t("dubbing.characters.name")}</Label>
                  <Input id={`character-${character.id}-name`} value={character.name} maxLength={60} onChange={(event) => update(character.id, (current) => ({ ...current, name: event.target.value }))} data-testid="dubbing-character-name" />
                  {character.originalSpeakerId ? <span className="text-xs text-muted-foreground">{t("dubbing.characters.original", { speaker: character.originalSpeakerId })}</span> : null}
                </div>
                <NumberField label={t("dubbing.characters.speed")} id={`character-${character.id}-speed`} value={character.speed} min={SEGMENT_SPEED.min} max={SEGMENT_SPEED.max} onChange={(speed) => update(character.id, (current) => ({ ...current, speed }))} />
                <NumberField label={t("dubbing.characters.volume")} id={`character-${character.id}-volume`} value={character.volume} min={SEGMENT_VOLUME.min} max={SEGMENT_VOLUME.max} onChange={(volume) => update(character.id, (current) => ({ ...current, volume }))} />
              </div>
              {languages.map((language) => {
                const voice = character.voices[language];
                const matched = voice === MATCH_ORIGINAL_VOICE;
                return (
                  <div key={language} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="min-w-32 font-medium">{t("dubbing.characters.voice", { language: languageName(language, locale) })}</span>
                    <span className="min-w-0 flex-1 truncate text-muted-foreground" data-testid="dubbing-character-voice" data-voice={voice ?? ""}>
                      {matched ? t("dubbing.characters.matched") : voice ? (voiceNames[voice] ?? "…") : t("dubbing.characters.noVoice")}
                    </span>
                    <Button type="button" variant="outline" size="sm" onClick={() => setPicking({ characterId: character.id, language })} data-testid="dubbing-character-choose-voice">
                      {t("dubbing.characters.choose")}
                    </Button>
                    {pro && character.originalSpeakerId ? (
                      <label className="flex items-center gap-1.5 text-xs">
                        <input type="checkbox" checked={matched} onChange={(event) => setVoice(character.id, language, event.target.checked ? MATCH_ORIGINAL_VOICE : null)} className="size-4 accent-[var(--vx-primary)]" data-testid="dubbing-character-match" />
                        {t("dubbing.characters.matchOriginal")}
                      </label>
                    ) : null}
                  </div>
                );
              })}
            </li>
          ))}
        </ul>
        <DialogActions cancelLabel={t("dubbing.characters.cancel")}>
          <Button
            type="button"
            disabled={!valid}
            onClick={() => {
              onSave(draft.map((character) => ({ ...character, name: character.name.trim() })));
              onOpenChange(false);
            }}
            data-testid="dubbing-characters-save"
          >
            {t("dubbing.characters.save")}
          </Button>
        </DialogActions>
      </DubbingDialog>
      <VoicePickerDialog
        open={picking !== null}
        onOpenChange={(next) => !next && setPicking(null)}
        selectedKey={picked && picked !== MATCH_ORIGINAL_VOICE ? picked : undefined}
        initialSearch={picking ? { tab: "all", query: "", filters: { language: picking.language } } : undefined}
        onSelect={(voice) => {
          if (!picking) return;
          setVoiceNames((current) => ({ ...current, [voice.key]: voice.name }));
          setVoice(picking.characterId, picking.language, voice.key);
          setPicking(null);
        }}
      />
    </>
  );
}

function NumberField({ label, id, value, min, max, onChange }: { label: string; id: string; value: number; min: number; max: number; onChange: (value: number) => void }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" step={0.05} min={min} max={max} value={value} onChange={(event) => {
        const next = Number(event.target.value);
        if (Number.isFinite(next)) onChange(Math.min(max, Math.max(min, Math.round(next * 100) / 100)));
      }} />
    </div>
  );
}
