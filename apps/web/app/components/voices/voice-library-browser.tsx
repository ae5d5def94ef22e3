import type { ReactNode } from "react";
import type { VoiceView } from "@voxwork/contract";
import { LoaderCircleIcon } from "lucide-react";
import { usePlural, useT } from "../../i18n/index";
import { VOICE_TABS, type VoiceSearch, type VoiceTab } from "../../lib/speech/voice-filters";
import { Button } from "../ui/button";
import { SearchWithFilter } from "./search-with-filter";
import { TabsWithButton } from "./tabs-with-button";
import { useVoiceLibrary } from "./use-voice-library";
import { useVoicePreview } from "./use-voice-preview";
import { VoiceList } from "./voice-list";

const TAB_LABELS = { all: "voices.library.tabAll", mine: "voices.library.tabMine", favorites: "voices.library.tabFavorites" } as const;
const EMPTY_LABELS = { all: "voices.voice.empty", mine: "voices.voice.emptyMine", favorites: "voices.voice.emptyFavorites" } as const;

export interface VoiceLibraryBrowserProps {
  search: VoiceSearch;
  onSearchChange: (search: VoiceSearch) => void;
  renderAction: (voice: VoiceView) => ReactNode;
  /** Beside the tabs (the page's "Clone a voice" button). */
  tabButton?: ReactNode;
  selectedKey?: string | undefined;
  idPrefix: string;
}

/** Tabs, search and filters, and the voice cards with paging: the library page and the voice picker. */
export function VoiceLibraryBrowser({ search, onSearchChange, renderAction, tabButton, selectedKey, idPrefix }: VoiceLibraryBrowserProps) {
  const t = useT();
  const tp = usePlural();
  const library = useVoiceLibrary(search);
  const preview = useVoicePreview();
  return (
    <div className="grid gap-4" data-slot="voice-library-browser">
      <TabsWithButton<VoiceTab>
        value={search.tab}
        onValueChange={(tab) => onSearchChange({ ...search, tab })}
        tabs={VOICE_TABS.map((tab) => ({ value: tab, label: t(TAB_LABELS[tab]) }))}
        label={t("voices.library.tabsLabel")}
        button={tabButton}
      />
      <SearchWithFilter search={search} onChange={onSearchChange} facets={library.facets} engineNames={library.engineNames} idPrefix={idPrefix} />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="voice-count">
        {library.status === "loading" ? t("toolShared.common.loading") : tp("voices.voice.showing", library.total, { shown: library.voices.length })}
      </p>
      {library.status === "ready" && library.voices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid="voice-empty">
          {t(EMPTY_LABELS[search.tab])}
        </p>
      ) : library.status === "error" ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <Button type="button" variant="outline" onClick={library.reload}>
            {t("toolShared.common.retry")}
          </Button>
        </div>
      ) : (
        <VoiceList
          voices={library.voices}
          playingKey={preview.playingKey}
          loadingKey={preview.loadingKey}
          onPlay={(voice) => preview.toggle(voice)}
          onFavorite={library.toggleFavorite}
          renderAction={renderAction}
          selectedKey={selectedKey}
          aria-busy={library.status === "loading"}
        />
      )}
      {library.hasMore && library.status === "ready" ? (
        <div className="flex justify-center">
          <Button type="button" variant="outline" onClick={library.loadMore} disabled={library.loadingMore} data-testid="voice-load-more">
            {library.loadingMore ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t("voices.voice.loadMore")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
