import { FIT_SPEED_CAP, formatTimecode, type SegmentOverrun } from "@voxwork/contract/dubbing";
import { TriangleAlertIcon } from "lucide-react";
import { usePlural, useT } from "../../i18n";
import { Button } from "../ui/button";

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The takes of the current language that run past their segment's end (issue 31.3): a count and a
 * button per segment that selects it (the inspector then offers the fixes). Nothing when all fit.
 */
export function OverrunsPanel({ overruns, onGoTo }: { overruns: readonly SegmentOverrun[]; onGoTo: (segmentId: string) => void }) {
  const t = useT();
  const tp = usePlural();
  if (!overruns.length) return null;
  return (
    <section className="grid gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm" aria-labelledby="dubbing-overruns-title" data-testid="dubbing-overruns" data-count={overruns.length}>
      <h2 id="dubbing-overruns-title" className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {tp("dubbing.overruns.title", overruns.length)}
      </h2>
      <p className="text-xs text-muted-foreground">{t("dubbing.overruns.hint")}</p>
      <OverrunList overruns={overruns} onGoTo={onGoTo} />
    </section>
  );
}

/** One button per overrun: its number and how much too long; choosing one goes to the segment. */
export function OverrunList({ overruns, onGoTo }: { overruns: readonly SegmentOverrun[]; onGoTo: (segmentId: string) => void }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap gap-1.5">
      {overruns.map((overrun) => (
        <li key={overrun.segmentId}>
          <Button
            type="button"
            variant="outline"
            size="xs"
            className="tabular-nums"
            onClick={() => onGoTo(overrun.segmentId)}
            aria-label={t("dubbing.overruns.goTo", { number: overrun.number, seconds: seconds(overrun.overrunMs) })}
            data-testid="dubbing-overrun"
            data-segment-id={overrun.segmentId}
            data-number={overrun.number}
            data-overrun-ms={overrun.overrunMs}
          >
            {t("dubbing.overruns.item", { number: overrun.number, seconds: seconds(overrun.overrunMs) })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fixes for the selected segment's overrun, in place: speed up (within `FIT_SPEED_CAP`, pitch
 * kept), use the pause after it, shorten the translation (the field above gets the focus), or
 * leave it to overlap (export asks first).
 */
export function OverrunFixes({ overrun, withHours, onSpeed, onBorrow, onShorten }: { overrun: SegmentOverrun; withHours: boolean; onSpeed: () => void; onBorrow: () => void; onShorten: () => void }) {
  const t = useT();
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-2.5" role="group" aria-labelledby="segment-fix-title" data-testid="segment-overrun-fixes">
      <p id="segment-fix-title" className="text-xs font-medium">
        {t("dubbing.overruns.fixTitle", { seconds: seconds(overrun.overrunMs) })}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {overrun.fitSpeed !== null ? (
          <Button type="button" variant="outline" size="xs" onClick={onSpeed} data-testid="segment-fix-speed">
            {t("dubbing.overruns.fixSpeed", { speed: overrun.fitSpeed.toFixed(2) })}
          </Button>
        ) : null}
        {overrun.borrowEndMs !== null ? (
          <Button type="button" variant="outline" size="xs" onClick={onBorrow} data-testid="segment-fix-borrow">
            {overrun.borrowFits
              ? t("dubbing.overruns.fixBorrow", { time: formatTimecode(overrun.borrowEndMs, withHours) })
              : t("dubbing.overruns.fixBorrowPart", { time: formatTimecode(overrun.borrowEndMs, withHours), seconds: seconds(overrun.overlapMs) })}
          </Button>
        ) : null}
        <Button type="button" variant="outline" size="xs" onClick={onShorten} title={t("dubbing.overruns.fixShortenHint")} data-testid="segment-fix-shorten">
          {t("dubbing.overruns.fixShorten")}
        </Button>
      </div>
      {overrun.fitSpeed === null ? <p className="text-xs text-muted-foreground">{t("dubbing.overruns.fixNoSpeed", { cap: FIT_SPEED_CAP })}</p> : null}
      <p className="text-xs text-muted-foreground">{t("dubbing.overruns.fixOverlap")}</p>
    </div>
  );
}
