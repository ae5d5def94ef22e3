import type { LocalizedText } from "@voxwork/contract";
import { useLocale, useT } from "../../i18n";
import { cn } from "../../lib/utils";

/** Under a picked subtitle file: the encoding it was read as, and the cues left out (zero length). */
export function SubtitleFileNotes({ encoding, warnings = [], className }: { encoding: string; warnings?: readonly LocalizedText[]; className?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className={cn("grid gap-0.5 text-xs", className)} data-slot="subtitle-file-notes">
      <p className="text-muted-foreground" data-testid="subtitle-file-encoding">
        {t("toolShared.subtitleFile.readAs", { encoding })}
      </p>
      {warnings.length ? (
        <ul className="grid gap-0.5 text-foreground" data-testid="subtitle-file-warnings">
          {warnings.map((warning) => (
            <li key={warning.en}>{warning[locale]}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
