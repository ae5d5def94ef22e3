import { useEffect, useMemo, useState } from "react";
import { MATCH_ORIGINAL_VOICE, voiceGetCall, voiceListCall } from "@voxwork/contract/client";
import type { DubbingCharacter } from "@voxwork/contract/dubbing";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { useQuietApiClient } from "../../lib/dubbing/quiet-api-client";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { compareNames, languageName } from "../voices/voice-labels";
import { voicesForNewLanguages, type VoiceChoice } from "../../lib/dubbing/language-voices";

/**
 * Dubbing pro: the project's target languages. A language added gets a voice for every character
 * at once (changeable in Characters); a language removed keeps its translations and takes, hidden
 * until it is added again. Saved as one settings edit (undoable).
 */
export function LanguagesDialog({
  open,
  onOpenChange,
  languages,
  available,
  max,
  characters,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  languages: readonly string[];
  /** Languages there are voices for. */
  available: readonly string[];
  max: number;
  characters: readonly DubbingCharacter[];
  onSave: (languages: string[], characters: DubbingCharacter[]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const quietApi = useQuietApiClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy: saving, run } = useDialogAction();
  useEffect(() => {
    if (open) setChosen([...languages]);
  }, [open, languages]);
  // Each language once, by its name in the page's language; the project's own first (worked out while the dialog is open only).
  const offered = useMemo(() => {
    if (!open) return [];
    const all = [...new Set([...languages, ...available])];
    const names = new Map(all.map((tag) => [tag, languageName(tag, locale)]));
    return all.sort((a, b) => Number(languages.includes(b)) - Number(languages.includes(a)) || compareNames(names.get(a)!, names.get(b)!, locale));
  }, [open, languages, available, locale]);
  const toggle = (language: string) => setChosen((current) => (current.includes(language) ? current.filter((entry) => entry !== language) : current.length >= max ? current : [...current, language]));
  const added = chosen.filter((language) => !languages.includes(language));
  const removed = languages.filter((language) => !chosen.includes(language));

  function save() {
    // A failed read leaves the dialog open to try again (the api client has shown why).
    void run(async () => {
      let next = [...characters];
      if (added.length) {
        const library = new Map<string, VoiceChoice[]>();
        for (const language of added) {
          const page = await api.call(voiceListCall, { tab: "all", language, pageNum: 1, pageSize: 50 });
          library.set(language, page.list.filter((voice) => !voice.cloned && voice.status === "ready").map((voice) => ({ key: voice.key, gender: voice.gender })));
        }
        const known = [...new Set(characters.flatMap((character) => Object.values(character.voices)).filter((key) => key !== MATCH_ORIGINAL_VOICE))];
        const genders = new Map<string, string | null>();
        await Promise.all(
          known.map((key) =>
            quietApi.call(voiceGetCall, { voiceKey: key }).then(
              (voice) => genders.set(key, voice.gender),
              () => genders.set(key, null),
            ),
          ),
        );
        next = voicesForNewLanguages(characters, added, library, genders);
      }
      onSave(chosen, next);
      onOpenChange(false);
    });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.languages.title")} description={t("dubbing.languages.description", { max })} closeLabel={t("dubbing.languages.cancel")} className="max-w-xl" data-testid="dubbing-languages-dialog">
      <fieldset className="grid max-h-80 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
        <legend className="sr-only">{t("dubbing.languages.title")}</legend>
        {offered.map((language) => {
          const checked = chosen.includes(language);
          return (
            <label key={language} className="flex min-h-9 items-center gap-2 rounded-md px-2 text-sm hover:bg-surface-muted">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && chosen.length >= max}
                onChange={() => toggle(language)}
                className="size-4 accent-[var(--vx-primary)]"
                data-testid={`dubbing-language-${language}`}
              />
              {languageName(language, locale)}
            </label>
          );
        })}
      </fieldset>
      <div className="grid gap-1 text-sm" aria-live="polite">
        {added.length ? <p data-testid="dubbing-languages-added">{t("dubbing.languages.added", { languages: added.map((tag) => languageName(tag, locale)).join(", ") })}</p> : null}
        {removed.length ? <p className="text-muted-foreground" data-testid="dubbing-languages-removed">{t("dubbing.languages.removed", { languages: removed.map((tag) => languageName(tag, locale)).join(", ") })}</p> : null}
        {!chosen.length ? <p className="text-destructive">{t("dubbing.languages.needOne")}</p> : null}
      </div>
      <DialogActions cancelLabel={t("dubbing.languages.cancel")}>
        <Button type="button" disabled={!chosen.length || saving || (!added.length && !removed.length)} onClick={save} data-testid="dubbing-languages-save">
          {t("dubbing.languages.save")}
        </Button>
      </DialogActions>
    </DubbingDialog>
  );
}
