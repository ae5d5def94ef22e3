import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { MicIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { searchFromParams, searchToParams, type VoiceSearch } from "../../lib/speech/voice-filters";
import { Button } from "../ui/button";
import { VoiceLibraryBrowser } from "./voice-library-browser";
import { ToolPage } from "../tool-shared/tool-page";

/**
 * `/workbench/voice-library`: every voice (library and cloned) with tabs, search and facet
 * filters kept in the URL, previews, favourites and "Use this voice" → text to speech.
 */
export function VoiceLibraryPage() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const onSearchChange = useCallback(
    (next: VoiceSearch) => setParams((current) => searchToParams(next, current), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  return (
    <ToolPage title={t("voices.library.title")} lead={t("voices.library.lead")}>
      <div className="mt-6">
        <VoiceLibraryBrowser
          search={search}
          onSearchChange={onSearchChange}
          idPrefix="voice-library"
          tabButton={
            <Button asChild variant="outline" size="sm">
              <Link to={localizePath("/workbench/voice-cloning", locale)}>
                <MicIcon aria-hidden="true" />
                {t("voices.library.cloneVoice")}
              </Link>
            </Button>
          }
          renderAction={(voice) =>
            voice.status === "ready" ? (
              <Button asChild size="sm" data-testid="voice-use">
                <Link to={localizePath(`/workbench/text-to-speech?voice=${encodeURIComponent(voice.key)}`, locale)}>{t("voices.voice.use")}</Link>
              </Button>
            ) : null
          }
        />
      </div>
    </ToolPage>
  );
}
