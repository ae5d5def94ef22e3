import { useEffect, useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { useT } from "../../i18n/index";
import type { VoiceSearch } from "../../lib/speech/voice-filters";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { VoiceLibraryBrowser } from "./voice-library-browser";

export interface VoicePickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedKey?: string | undefined;
  onSelect: (voice: VoiceView) => void;
  /** Start on this tab (speech to speech starts on "my voices" when the user has some). */
  initialSearch?: VoiceSearch;
}

/** The voice library in a dialog: pick a voice for text to speech, a speaker or speech to speech. */
export function VoicePickerDialog({ open, onOpenChange, selectedKey, onSelect, initialSearch }: VoicePickerDialogProps) {
  const t = useT();
  const [search, setSearch] = useState<VoiceSearch>(initialSearch ?? { tab: "all", query: "", filters: {} });
  const initialTab = initialSearch?.tab;
  const initialFilters = JSON.stringify(initialSearch?.filters ?? null);
  // Each opening starts on the caller's tab and filters (they may be known only after the dialog
  // first rendered: a character's language in the dubbing editor).
  useEffect(() => {
    if (!open) return;
    const filters = JSON.parse(initialFilters) as VoiceSearch["filters"] | null;
    if (initialTab || filters) setSearch((current) => ({ ...current, ...(initialTab ? { tab: initialTab } : {}), ...(filters ? { filters } : {}) }));
  }, [open, initialTab, initialFilters]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("toolShared.common.close")} className="max-w-5xl" data-testid="voice-picker">
        <DialogHeader>
          <DialogTitle>{t("voices.library.pickerTitle")}</DialogTitle>
          <DialogDescription>{t("voices.library.pickerDescription")}</DialogDescription>
        </DialogHeader>
        {open ? (
          <VoiceLibraryBrowser
            search={search}
            onSearchChange={setSearch}
            selectedKey={selectedKey}
            idPrefix="voice-picker"
            renderAction={(voice) => (
              <Button
                type="button"
                size="sm"
                disabled={voice.status !== "ready"}
                onClick={() => {
                  onSelect(voice);
                  onOpenChange(false);
                }}
                data-testid="voice-select"
              >
                {t("voices.voice.select")}
              </Button>
            )}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
