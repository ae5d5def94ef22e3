import type { ComponentProps, ReactNode } from "react";
import type { VoiceView } from "@voxwork/contract";
import { CheckIcon, LoaderCircleIcon, PauseIcon, PlayIcon, StarIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n/index";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { describeVoice, languageName, qualityKey, voiceTagLabel } from "./voice-labels";

export interface VoiceListProps extends Omit<ComponentProps<"ul">, "onPlay"> {
  voices: readonly VoiceView[];
  playingKey: string | null;
  loadingKey: string | null;
  onPlay: (voice: VoiceView) => void;
  onFavorite: (voice: VoiceView) => void;
  /** The card's main action (a "Use this voice" link, a "Select" button…). */
  renderAction: (voice: VoiceView) => ReactNode;
  selectedKey?: string | undefined;
}

/** The voice cards of the library (spec: VoiceList). */
export function VoiceList({ voices, playingKey, loadingKey, onPlay, onFavorite, renderAction, selectedKey, className, ...props }: VoiceListProps) {
  return (
    <ul data-slot="voice-list" className={cn("grid gap-3 sm:grid-cols-2 xl:grid-cols-3", className)} {...props}>
      {voices.map((voice) => (
        <li key={voice.key}>
          <VoiceCard
            voice={voice}
            playing={playingKey === voice.key}
            loading={loadingKey === voice.key}
            selected={selectedKey === voice.key}
            onPlay={() => onPlay(voice)}
            onFavorite={() => onFavorite(voice)}
            action={renderAction(voice)}
          />
        </li>
      ))}
    </ul>
  );
}

interface VoiceCardProps {
  voice: VoiceView;
  playing: boolean;
  loading: boolean;
  selected: boolean;
  onPlay: () => void;
  onFavorite: () => void;
  action: ReactNode;
}

/** "Italian · Italy", but "American English" alone rather than "American English · American". */
function withAccent(language: string, accent: string | null): string {
  return accent && !language.toLowerCase().includes(accent.toLowerCase()) ? `${language} · ${accent}` : language;
}

export function VoiceCard({ voice, playing, loading, selected, onPlay, onFavorite, action }: VoiceCardProps) {
  const t = useT();
  const locale = useLocale();
  const facts = [
    withAccent(languageName(voice.language, locale), voice.accent ? voiceTagLabel(t, "accent", voice.accent) : null),
    voice.gender ? t(`voices.gender.${voice.gender}`) : null,
    voice.age ? t(`voices.age.${voice.age}`) : null,
    voice.style && voice.style !== "neutral" && !voice.cloned ? voiceTagLabel(t, "style", voice.style) : null,
  ].filter(Boolean);
  const description = describeVoice(voice, t, locale);
  const remote = voice.location === "remote";
  return (
    <article
      data-slot="voice-card"
      data-testid="voice-card"
      data-voice-key={voice.key}
      aria-current={selected || undefined}
      className={cn("flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-4 transition-colors", selected && "border-primary ring-1 ring-primary")}
    >
      <div className="flex items-start gap-3">
        <Button
          type="button"
          size="icon"
          variant={playing ? "default" : "secondary"}
          className="rounded-full"
          disabled={voice.status !== "ready"}
          onClick={onPlay}
          aria-label={playing ? t("voices.voice.stop", { name: voice.name }) : t("voices.voice.play", { name: voice.name })}
          data-testid="voice-play"
        >
          {loading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
        </Button>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" data-testid="voice-name" translate="no">
            {voice.name}
          </h3>
          <p className="text-xs text-muted-foreground">{facts.join(" · ")}</p>
        </div>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          onClick={onFavorite}
          aria-pressed={voice.favorite}
          aria-label={voice.favorite ? t("voices.voice.unfavorite", { name: voice.name }) : t("voices.voice.favorite", { name: voice.name })}
          data-testid="voice-favorite"
        >
          <StarIcon className={cn(voice.favorite && "fill-current text-accent")} aria-hidden="true" />
        </Button>
      </div>
      {voice.useCases.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("voices.library.filters.useCase")}>
          {voice.useCases.map((useCase) => (
            <li key={useCase} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs">
              {voiceTagLabel(t, "useCase", useCase)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="line-clamp-2 text-xs text-muted-foreground" title={description} data-testid="voice-description">
        {description}
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-1.5 text-xs">
          {voice.cloned ? <span className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-soft-foreground">{t("voices.voice.cloned")}</span> : null}
          <span
            data-testid="voice-quality"
            className={cn("rounded-full border px-2 py-0.5", remote ? "border-primary text-primary" : "border-border text-muted-foreground")}
            title={t("voices.voice.engine", { engine: voice.cloned && voice.sound === "matched" ? (voice.engineName ? t("voices.voice.matchedEngine", { engine: voice.engineName }) : t("voices.voice.matchedEngineAlone")) : voice.engineName })}
          >
            {t(qualityKey(voice))}
          </span>
        </span>
        {selected ? (
          <span className="flex items-center gap-1 text-xs font-medium text-primary">
            <CheckIcon className="size-4" aria-hidden="true" />
            {t("voices.voice.selected")}
          </span>
        ) : (
          action
        )}
      </div>
    </article>
  );
}
