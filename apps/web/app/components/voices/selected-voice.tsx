import type { VoiceView } from "@voxwork/contract";
import { LoaderCircleIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n/index";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { useVoicePreview } from "./use-voice-preview";
import { languageName, qualityKey } from "./voice-labels";

/**
 * The chosen voice as a compact row (name, language, quality, preview) with a "change" button.
 * `state` (from `useVoice`): while the voice is read it says so, and a voice that could not be read
 * says that, instead of "no voice chosen".
 */
export function SelectedVoice({
  voice,
  onChoose,
  className,
  testId = "selected-voice",
  state,
}: {
  voice: VoiceView | null;
  onChoose: () => void;
  className?: string;
  testId?: string;
  state?: "none" | "loading" | "ready" | "failed";
}) {
  const t = useT();
  const locale = useLocale();
  const preview = useVoicePreview();
  return (
    <div className={cn("flex min-w-0 items-center gap-3 rounded-xl border border-border bg-surface p-3", className)} data-testid={testId} data-voice-key={voice?.key ?? ""}>
      {voice ? (
        <>
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="rounded-full"
            onClick={() => preview.toggle(voice)}
            aria-label={preview.playingKey === voice.key ? t("voices.voice.stop", { name: voice.name }) : t("voices.voice.play", { name: voice.name })}
          >
            {preview.loadingKey === voice.key ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : preview.playingKey === voice.key ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
          </Button>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="selected-voice-name">
              {voice.name}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {languageName(voice.language, locale)} · {t(qualityKey(voice))}
            </p>
          </div>
        </>
      ) : state === "loading" ? (
        <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="selected-voice-loading">
          <LoaderCircleIcon className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          {t("voices.voice.loading")}
        </p>
      ) : state === "failed" ? (
        <p className="min-w-0 flex-1 text-sm text-destructive" role="alert" data-testid="selected-voice-failed">
          {t("voices.voice.loadFailed")}
        </p>
      ) : (
        <p className="min-w-0 flex-1 text-sm text-muted-foreground">{t("voices.voice.noVoice")}</p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={onChoose} data-testid="choose-voice">
        {voice || state === "loading" ? t("voices.voice.changeVoice") : t("voices.voice.chooseVoice")}
      </Button>
    </div>
  );
}
