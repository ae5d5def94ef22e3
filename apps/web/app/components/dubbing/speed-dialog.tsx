import { useEffect, useState } from "react";
import { SEGMENT_SPEED, segmentFit, type DubbingSegment } from "@voxwork/contract/dubbing";
import { useT } from "../../i18n";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog } from "./dubbing-dialog";
import { Slider } from "../ui/slider";
import { ScopeField, type ScopeKind } from "./scope-field";

/** One speed (0.5–2.0) for the selection or every segment, with how many spoken segments fit at it. */
export function SpeedDialog({ open, onOpenChange, segments, selected, language, onApply }: { open: boolean; onOpenChange: (open: boolean) => void; segments: readonly DubbingSegment[]; selected: readonly string[]; language: string; onApply: (ids: string[], speed: number) => void }) {
  const t = useT();
  const [scope, setScope] = useState<ScopeKind>("selected");
  const [speed, setSpeed] = useState(1);
  const chosen = scope === "selected" ? segments.filter((segment) => selected.includes(segment.id)) : segments;
  useEffect(() => {
    if (!open) return;
    setScope(selected.length ? "selected" : "all");
    const first = segments.find((segment) => segment.id === selected[0]);
    setSpeed(first?.speed ?? 1);
  }, [open, selected, segments]);
  const spoken = chosen.filter((segment) => segment.takes[language]);
  const fits = spoken.filter((segment) => segmentFit({ ...segment, speed }, language).fits).length;
  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.speed.title")} description={t("dubbing.speed.description")} data-testid="dubbing-speed-dialog">
      <ScopeField value={scope === "changed" ? "all" : scope} onChange={setScope} selectedCount={selected.length} changedLabel={t("dubbing.scope.all")} />
      <div className="grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span>{t("dubbing.speed.slider")}</span>
          <output className="font-semibold tabular-nums" data-testid="dubbing-speed-value">
            {t("dubbing.speed.value", { value: speed.toFixed(2) })}
          </output>
        </div>
        <Slider min={SEGMENT_SPEED.min} max={SEGMENT_SPEED.max} step={0.05} value={[speed]} onValueChange={([value]) => setSpeed(Math.round((value ?? 1) * 100) / 100)} thumbLabel={t("dubbing.speed.slider")} data-testid="dubbing-speed-slider" />
      </div>
      <p className="text-sm text-muted-foreground" role="status" data-testid="dubbing-speed-fit">
        {t("dubbing.speed.fitResult", { fits, count: spoken.length })}
      </p>
      <DialogActions cancelLabel={t("dubbing.translate.cancel")}>
        <Button
          type="button"
          disabled={!chosen.length}
          onClick={() => {
            onApply(chosen.map((segment) => segment.id), speed);
            onOpenChange(false);
          }}
          data-testid="dubbing-speed-apply"
        >
          {t("dubbing.speed.apply")}
        </Button>
      </DialogActions>
    </DubbingDialog>
  );
}
