import { useEffect, useId, useState, type FormEvent } from "react";
import type { CallData } from "@voxwork/contract";
import { pronunciationDeleteCall, pronunciationListCall, pronunciationSaveCall } from "@voxwork/contract/client";
import { Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { useT } from "../../i18n/index";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Input, Label } from "../ui/input";
import { COMMON_LANGUAGES } from "../voices/voice-labels";
import { LanguageSelect } from "../tool-shared/language-select";
import { NativeSelect } from "../tool-shared/native-select";

type Entry = CallData<typeof pronunciationListCall>["list"][number];

export interface PronunciationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The script's language, or the voice's. */
  language: string;
}

/** The caller's pronunciation dictionary for one language: list, add (or change), delete. */
export function PronunciationDialog({ open, onOpenChange, language: initialLanguage }: PronunciationDialogProps) {
  const t = useT();
  const api = useApiClient();
  const id = useId();
  const [language, setLanguage] = useState(initialLanguage || "en");
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [limit, setLimit] = useState(0);
  const [term, setTerm] = useState("");
  const [replacement, setReplacement] = useState("");
  const [kind, setKind] = useState<Entry["kind"]>("spelling");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setLanguage(initialLanguage || "en");
  }, [open, initialLanguage]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setEntries(null);
    api.call(pronunciationListCall, { language }).then(
      (answer) => {
        if (!live) return;
        setEntries(answer.list);
        setLimit(answer.limit);
      },
      () => live && setEntries([]),
    );
    return () => {
      live = false;
    };
  }, [api, open, language]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!term.trim() || !replacement.trim()) return;
    setSaving(true);
    try {
      const saved = await api.call(pronunciationSaveCall, { language, term: term.trim(), replacement: replacement.trim(), kind });
      setEntries((current) => [...(current ?? []).filter((entry) => entry.id !== saved.id && entry.term.toLowerCase() !== saved.term.toLowerCase()), saved]);
      setTerm("");
      setReplacement("");
      toast.success(t("textToSpeech.pronunciation.saved", { term: saved.term }));
    } catch {
      // The client wrapper showed the error (e.g. the dictionary is full).
    } finally {
      setSaving(false);
    }
  }

  async function remove(entry: Entry) {
    try {
      await api.call(pronunciationDeleteCall, { id: entry.id });
      setEntries((current) => (current ?? []).filter((item) => item.id !== entry.id));
    } catch {
      // Shown by the client wrapper.
    }
  }

  const languages = [...new Set([initialLanguage, ...COMMON_LANGUAGES].filter(Boolean))];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("toolShared.common.close")} className="max-w-2xl" data-testid="pronunciation-dialog">
        <DialogHeader>
          <DialogTitle>{t("textToSpeech.pronunciation.title")}</DialogTitle>
          <DialogDescription>{t("textToSpeech.pronunciation.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-language`}>{t("textToSpeech.pronunciation.language")}</Label>
          <LanguageSelect id={`${id}-language`} value={language} onValueChange={setLanguage} languages={languages} />
        </div>
        <form onSubmit={(event) => void save(event)} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-term`}>{t("textToSpeech.pronunciation.term")}</Label>
            <Input id={`${id}-term`} value={term} onChange={(event) => setTerm(event.target.value)} maxLength={60} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-replacement`}>{t("textToSpeech.pronunciation.replacement")}</Label>
            <Input id={`${id}-replacement`} value={replacement} onChange={(event) => setReplacement(event.target.value)} maxLength={200} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-kind`}>{t("textToSpeech.pronunciation.kind")}</Label>
            <NativeSelect id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as Entry["kind"])}>
              <option value="spelling">{t("textToSpeech.pronunciation.kindSpelling")}</option>
              <option value="phonemes">{t("textToSpeech.pronunciation.kindPhonemes")}</option>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={saving || !term.trim() || !replacement.trim()}>
            {t("textToSpeech.pronunciation.add")}
          </Button>
        </form>
        <div className="grid gap-2">
          {entries === null ? (
            <p className="text-sm text-muted-foreground">{t("toolShared.common.loading")}</p>
          ) : entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("textToSpeech.pronunciation.empty")}</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border" data-testid="pronunciation-list">
              {entries.map((entry) => (
                <li key={entry.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate">
                    <span className="font-medium">{entry.term}</span> → {entry.replacement}
                    {entry.kind === "phonemes" ? <span className="text-muted-foreground"> · {t("textToSpeech.pronunciation.kindPhonemes")}</span> : null}
                  </span>
                  <Button type="button" variant="ghost" size="icon" onClick={() => void remove(entry)} aria-label={t("textToSpeech.pronunciation.deleteEntry", { term: entry.term })}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {limit > 0 && entries ? <p className="text-xs text-muted-foreground">{t("textToSpeech.pronunciation.used", { count: entries.length, limit })}</p> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
