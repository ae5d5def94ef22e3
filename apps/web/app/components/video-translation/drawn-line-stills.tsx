import { useT } from "../../i18n";
import { cn } from "../../lib/utils";

/**
 * Pro review, when the translation is drawn over the picture's subtitles (issue 28): each line on
 * its frame as it will be rendered (the same script over the erased picture), so a person checks
 * the place, size and colours before anything is rendered. Nothing shows when no line has a still.
 */
export function DrawnLineStills({ lines, language, labelOf, className, ...props }: React.ComponentProps<"section"> & { lines: ReadonlyArray<{ id: string; translation: string; stillUrl: string | null }>; language: string; labelOf: (id: string) => string }) {
  const t = useT();
  const drawn = lines.filter((line) => line.stillUrl);
  if (!drawn.length) return null;
  return (
    <section data-slot="drawn-line-stills" data-testid="review-stills" className={cn("grid gap-2", className)} {...props}>
      <div className="grid gap-0.5">
        <h3 className="text-sm font-semibold">{t("videoTranslation.stills.title")}</h3>
        <p className="text-xs text-muted-foreground">{t("videoTranslation.stills.hint", { language })}</p>
      </div>
      <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 desktop:grid-cols-3">
        {drawn.map((line) => (
          <li key={line.id}>
            <figure className="grid gap-1">
              <img src={line.stillUrl!} alt={t("videoTranslation.stills.alt", { id: labelOf(line.id), text: line.translation })} loading="lazy" className="w-full rounded-lg border border-border bg-black object-contain" data-testid="review-still" />
              <figcaption className="truncate text-xs text-muted-foreground tabular-nums">
                {labelOf(line.id)} · {line.translation}
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}
