import { useRef, useState, type PointerEvent } from "react";
import type { ErasureRegion } from "@voxwork/contract";
import { Trash2Icon } from "lucide-react";
import { useT } from "../../i18n";
import { formatDuration } from "../history/history-format";
import { Button } from "../ui/button";

/** A region of the page: the call's region, with its list identity, its tick and "the whole video". */
export interface EditableRegion extends ErasureRegion {
  id: string;
  enabled: boolean;
}

const round = (value: number, step: number) => Math.round(value / step) * step;
let nextId = 0;
export const newRegionId = () => `r${++nextId}`;

/** Whether a region is on screen at `time` (no times: the whole video). */
const activeAt = (region: EditableRegion, time: number) => (region.startSeconds ?? 0) <= time && time <= (region.endSeconds ?? Number.POSITIVE_INFINITY);

/**
 * A frame of the video (chosen with a slider) with the regions drawn over it — on screen at that
 * time solid, others dashed — where dragging draws a new rectangle (in the video's pixels, over
 * the whole video until times are set), and the list of regions: tick to erase, from–to times,
 * remove.
 */
export function RegionEditor({
  videoUrl,
  width,
  height,
  durationSeconds,
  regions,
  onChange,
  allowDrawing,
}: {
  videoUrl: string;
  width: number;
  height: number;
  durationSeconds: number;
  regions: EditableRegion[];
  onChange: (regions: EditableRegion[]) => void;
  allowDrawing: boolean;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const [time, setTime] = useState(0);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);

  const toVideo = (event: PointerEvent<HTMLDivElement>) => {
    const box = surface.current!.getBoundingClientRect();
    return {
      x: Math.min(width, Math.max(0, ((event.clientX - box.left) / box.width) * width)),
      y: Math.min(height, Math.max(0, ((event.clientY - box.top) / box.height) * height)),
    };
  };
  const seek = (seconds: number) => {
    setTime(seconds);
    if (video.current) video.current.currentTime = seconds;
  };
  const update = (id: string, change: Partial<EditableRegion>) => onChange(regions.map((region) => (region.id === id ? { ...region, ...change } : region)));

  function finishDrag() {
    if (!drag) return;
    const x = Math.round(Math.min(drag.x0, drag.x1));
    const y = Math.round(Math.min(drag.y0, drag.y1));
    const w = Math.round(Math.abs(drag.x1 - drag.x0));
    const h = Math.round(Math.abs(drag.y1 - drag.y0));
    setDrag(null);
    if (w < 4 || h < 4) return;
    onChange([...regions, { id: newRegionId(), enabled: true, kind: "area", x, y, width: Math.min(w, width - x), height: Math.min(h, height - y) }]);
  }

  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div className="grid gap-3" data-testid="region-editor">
      <div
        ref={surface}
        className="relative w-full touch-none select-none overflow-hidden rounded-lg bg-black"
        style={{ aspectRatio: `${width} / ${height}` }}
        onPointerDown={(event) => {
          if (!allowDrawing) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          const point = toVideo(event);
          setDrag({ x0: point.x, y0: point.y, x1: point.x, y1: point.y });
        }}
        onPointerMove={(event) => {
          if (!drag) return;
          const point = toVideo(event);
          setDrag({ ...drag, x1: point.x, y1: point.y });
        }}
        onPointerUp={finishDrag}
        data-testid="region-surface"
      >
        <video ref={video} src={videoUrl} muted playsInline preload="auto" className="absolute inset-0 size-full object-fill" aria-label={t("videoErasure.regions.frameAt", { time: formatDuration(time) })} />
        {regions.map((region, index) => (
          <div
            key={region.id}
            className={`pointer-events-none absolute border-2 ${region.enabled ? "border-destructive" : "border-muted-foreground"} ${activeAt(region, time) ? "bg-destructive/20" : "border-dashed opacity-60"}`}
            style={{ left: pct(region.x, width), top: pct(region.y, height), width: pct(region.width, width), height: pct(region.height, height) }}
          >
            <span className="absolute left-0 top-0 bg-destructive px-1 text-[10px] font-semibold text-white">{index + 1}</span>
          </div>
        ))}
        {drag ? (
          <div
            className="pointer-events-none absolute border-2 border-primary bg-primary/20"
            style={{ left: pct(Math.min(drag.x0, drag.x1), width), top: pct(Math.min(drag.y0, drag.y1), height), width: pct(Math.abs(drag.x1 - drag.x0), width), height: pct(Math.abs(drag.y1 - drag.y0), height) }}
          />
        ) : null}
      </div>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t("videoErasure.regions.frameAt", { time: formatDuration(time) })}
        <input type="range" min={0} max={Math.max(0, durationSeconds - 0.05)} step={0.04} value={time} onChange={(event) => seek(Number(event.target.value))} className="w-full accent-[var(--vx-primary)]" data-testid="frame-slider" />
      </label>
      {allowDrawing ? <p className="text-xs text-muted-foreground">{t("videoErasure.regions.drawHint")}</p> : null}
      <h3 className="text-sm font-semibold">{t("videoErasure.regions.title")}</h3>
      {regions.length === 0 ? <p className="text-sm text-muted-foreground">{t("videoErasure.regions.empty")}</p> : null}
      <ul className="grid max-h-96 gap-2 overflow-y-auto" data-testid="region-list">
        {regions.map((region, index) => {
          const whole = region.startSeconds === undefined && region.endSeconds === undefined;
          return (
            <li key={region.id} className="grid gap-2 rounded-lg border border-border p-2 text-sm" data-testid="region-item">
              <div className="flex min-w-0 items-center gap-2">
                <input type="checkbox" checked={region.enabled} onChange={(event) => update(region.id, { enabled: event.target.checked })} aria-label={t("videoErasure.regions.keep", { index: index + 1 })} className="size-4 shrink-0 accent-[var(--vx-primary)]" />
                <button type="button" className="min-w-0 flex-1 truncate text-left" onClick={() => seek(Math.min(durationSeconds, region.startSeconds ?? 0))}>
                  <span className="font-medium">{t("videoErasure.regions.region", { index: index + 1 })}</span>
                  {region.text ? <span className="ml-2 text-muted-foreground">{region.text}</span> : null}
                </button>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{t("videoErasure.regions.size", { width: Math.round(region.width), height: Math.round(region.height) })}</span>
                <Button type="button" variant="ghost" size="icon" aria-label={t("videoErasure.regions.remove", { index: index + 1 })} onClick={() => onChange(regions.filter((candidate) => candidate.id !== region.id))}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
              <div className="flex flex-wrap items-center gap-3 pl-6 text-xs">
                <label className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={whole}
                    onChange={(event) => update(region.id, event.target.checked ? { startSeconds: undefined, endSeconds: undefined } : { startSeconds: round(time, 0.1), endSeconds: round(Math.min(durationSeconds, time + 3), 0.1) })}
                    className="size-3.5 accent-[var(--vx-primary)]"
                  />
                  {t("videoErasure.regions.wholeVideo")}
                </label>
                {!whole ? (
                  <>
                    <label className="flex items-center gap-1">
                      {t("videoErasure.regions.from")}
                      <input type="number" min={0} max={durationSeconds} step={0.1} value={region.startSeconds ?? 0} onChange={(event) => update(region.id, { startSeconds: Number(event.target.value) })} className="w-20 rounded border border-input bg-background px-1 py-0.5 tabular-nums" />
                    </label>
                    <label className="flex items-center gap-1">
                      {t("videoErasure.regions.to")}
                      <input type="number" min={0} max={durationSeconds} step={0.1} value={region.endSeconds ?? durationSeconds} onChange={(event) => update(region.id, { endSeconds: Number(event.target.value) })} className="w-20 rounded border border-input bg-background px-1 py-0.5 tabular-nums" />
                    </label>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
