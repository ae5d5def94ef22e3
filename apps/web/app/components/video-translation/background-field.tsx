import { useId } from "react";
import { useT } from "../../i18n";
import type { VideoTranslationOptions } from "../../lib/translation/translation-choices";

/**
 * How the background under the new voice is made: offline (the original soundtrack, its centre
 * cancelled in stereo or lowered in mono where people spoke) or, when one is set up, a remote
 * separation engine that keeps the music under the speech too. Without one, says what it would add.
 */
export function BackgroundField({ separators, value, onChange }: { separators: VideoTranslationOptions["separators"]; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  const engines = separators.filter((offer) => offer.method === "separator");
  return (
    <fieldset className="grid gap-2" data-testid="background-field" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-semibold">{t("videoTranslation.background.title")}</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name={`${id}-background`} value="local" checked={value === "local"} onChange={() => onChange("local")} className="mt-0.5 size-4 accent-[var(--vx-primary)]" data-testid="background-local" />
        <span className="grid gap-0.5">
          <span>{t("videoTranslation.background.local")}</span>
          <span className="text-xs text-muted-foreground">{t("videoTranslation.background.localHint")}</span>
        </span>
      </label>
      {engines.map((engine) => (
        <label key={engine.id} className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-background`} value={engine.id} checked={value === engine.id} onChange={() => onChange(engine.id)} className="mt-0.5 size-4 accent-[var(--vx-primary)]" data-testid="background-engine" data-engine={engine.id} />
          <span className="grid gap-0.5">
            <span>
              {engine.name} · {t(engine.location === "remote" ? "videoTranslation.languages.remote" : "videoTranslation.languages.offline")}
            </span>
            <span className="text-xs text-muted-foreground">{t("videoTranslation.background.engineHint")}</span>
          </span>
        </label>
      ))}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {engines.length ? t("videoTranslation.background.choose") : t("videoTranslation.background.noEngine")}
      </p>
    </fieldset>
  );
}
