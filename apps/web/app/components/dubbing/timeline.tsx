import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { formatTimecode, peaksFromBase64, segmentFit, segmentState, type DubbingCharacter, type DubbingSegment, type SegmentState } from "@voxwork/contract/dubbing";
import { MinusIcon, PlusIcon } from "lucide-react";
import { useT } from "../../i18n";
import { useColorMode } from "../../lib/color-mode";
import { characterHue } from "../../lib/dubbing/editor-paths";
import {
  dragTimes,
  fitZoom,
  msToPx,
  pxToMs,
  rulerLabel,
  rulerTicks,
  scrollForZoom,
  sliderFromZoom,
  snapTargets,
  visibleRange,
  visibleSegments,
  waveformColumns,
  zoomFromSlider,
  zoomStep,
  SNAP_PX,
  type DragMode,
} from "../../lib/dubbing/timeline-math";
import { Button } from "../ui/button";
import { Slider } from "../ui/slider";

const RULER = 22;
const ORIGINAL = 44;
const TRACK = 46;
const DUB = 40;
const HEIGHT = RULER + ORIGINAL + TRACK + DUB;
/** Blocks this far outside the view are drawn too, so a quick scroll does not show holes. */
const MARGIN_PX = 300;

export interface TimelineProps {
  segments: readonly DubbingSegment[];
  characters: readonly DubbingCharacter[];
  language: string;
  durationMs: number;
  selection: ReadonlySet<string>;
  onSelect: (id: string | null, mode: "replace" | "toggle") => void;
  /** New times from a drag (one batch). */
  onTimes: (times: Map<string, { startMs: number; endMs: number }>) => void;
  getPlayhead: () => number;
  isPlaying: () => boolean;
  /** Whether the media plays (or shuttles): the playhead then follows every frame. */
  playing: boolean;
  /** Calls the listener when the media's time moved (a seek while paused); gives the unsubscribe. */
  onTimeMoved: (listener: () => void) => () => void;
  onSeek: (ms: number) => void;
  /** The original's peaks (bytes 0–255, 50 per second), when loaded. */
  peaks: Uint8Array | null;
}

interface Drag {
  mode: DragMode;
  pointerId: number;
  startX: number;
  moved: boolean;
  segments: Array<{ id: string; startMs: number; endMs: number }>;
  elements: Map<string, { element: HTMLElement; left: string; width: string }>;
  targets: number[];
  result: Map<string, { startMs: number; endMs: number }>;
}

/**
 * The timeline: a time ruler, the original's waveform, the segments as blocks coloured by
 * character (drag to move, drag an edge to trim, snapping to other edges and the playhead unless
 * Alt is held; click to select, Shift/Ctrl-click to add), the dub's waveform (each take at its
 * segment's start and speed) and the playhead. Zoom with Ctrl+wheel, the buttons or the slider;
 * scroll sideways. Only what is in view is drawn (blocks as elements, waveforms on a canvas), and
 * a drag moves the dragged elements directly, committing one edit when released.
 */
export function Timeline({ segments, characters, language, durationMs, selection, onSelect, onTimes, getPlayhead, isPlaying, playing, onTimeMoved, onSeek, peaks }: TimelineProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const dubCanvas = useRef<HTMLCanvasElement>(null);
  const playhead = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [view, setView] = useState({ scroll: 0, width: 800 });
  // The waveforms take their colours from the theme: drawn again when light/dark changes.
  const scheme = useColorMode().value;
  const [pxPerSecond, setPxPerSecond] = useState(80);
  const pendingScroll = useRef<number | null>(null);
  const fitted = useRef(false);

  const hues = useMemo(() => new Map(characters.map((character, index) => [character.id, characterHue(index)])), [characters]);
  const numbers = useMemo(() => new Map(segments.map((segment, index) => [segment.id, index + 1])), [segments]);
  const totalPx = Math.max(view.width, msToPx(durationMs, pxPerSecond));
  const range = visibleRange(view.scroll, view.width, pxPerSecond, MARGIN_PX);
  const visible = visibleSegments(segments, range.fromMs, range.toMs);
  const ruler = rulerTicks(pxToMs(view.scroll, pxPerSecond), pxToMs(view.scroll + view.width, pxPerSecond), pxPerSecond);

  // The viewport's width, and a first zoom that shows about a minute (or the whole media).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView((current) => ({ ...current, width: element.clientWidth || current.width }));
    measure();
    if (!fitted.current) {
      fitted.current = true;
      setPxPerSecond(Math.max(fitZoom(durationMs, element.clientWidth || 800), Math.min(80, fitZoom(60_000, element.clientWidth || 800))));
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [durationMs]);

  // After a zoom, the scroll that keeps the anchor in place.
  useLayoutEffect(() => {
    if (pendingScroll.current === null || !scroller.current) return;
    scroller.current.scrollLeft = pendingScroll.current;
    setView((current) => ({ ...current, scroll: scroller.current!.scrollLeft }));
    pendingScroll.current = null;
  }, [pxPerSecond]);

  const zoomTo = useCallback(
    (next: number, anchorMs: number, anchorX: number) => {
      pendingScroll.current = scrollForZoom(anchorMs, anchorX, next);
      setPxPerSecond(next);
    },
    [],
  );
  const zoomAroundPlayhead = (next: number) => {
    const ms = getPlayhead();
    const x = msToPx(ms, pxPerSecond) - view.scroll;
    zoomTo(next, ms, x >= 0 && x <= view.width ? x : view.width / 2);
  };

  // Ctrl+wheel zooms around the pointer (a non-passive listener, to keep the page from zooming).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const x = event.clientX - element.getBoundingClientRect().left;
      const ms = pxToMs(element.scrollLeft + x, pxPerSecond);
      zoomTo(zoomStep(pxPerSecond, event.deltaY < 0 ? 1 : -1), ms, x);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [pxPerSecond, zoomTo]);

  // The playhead follows the media without rendering React: every frame while it plays (the view
  // following it), and on each seek while paused — no frame loop runs while nothing moves.
  useEffect(() => {
    let frame = 0;
    let shown = Number.NaN;
    const place = () => {
      const ms = getPlayhead();
      const x = msToPx(ms, pxPerSecond);
      // Written only when it moved: a style write every frame would cost a style pass every frame.
      if (playhead.current && x !== shown) {
        playhead.current.style.transform = `translateX(${x}px)`;
        shown = x;
      }
      const element = scroller.current;
      if (element && isPlaying() && !drag.current && (x < element.scrollLeft || x > element.scrollLeft + element.clientWidth - 40)) element.scrollLeft = Math.max(0, x - 40);
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    if (playing) {
      const tick = () => {
        place();
        frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
      return () => cancelAnimationFrame(frame);
    }
    place();
    const off = onTimeMoved(schedule);
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [getPlayhead, isPlaying, playing, onTimeMoved, pxPerSecond]);

  // Waveforms, for the pixels in view only, each on its own canvas: the original's is drawn again
  // only when the view or the zoom moves, the dub's also when the segments change (an edit).
  useEffect(() => {
    const context = sizedContext(canvas.current, view.width);
    if (!context) return;
    if (peaks) drawColumns(context, waveformColumns(peaks, pxToMs(view.scroll, pxPerSecond), view.width, pxPerSecond), RULER + 2, ORIGINAL - 4, waveformColours(canvas.current!).original);
  }, [peaks, view, pxPerSecond, scheme]);
  useEffect(() => {
    const context = sizedContext(dubCanvas.current, view.width);
    if (!context) return;
    const fromMs = pxToMs(view.scroll, pxPerSecond);
    const dub = new Float32Array(Math.ceil(view.width));
    for (const segment of visibleSegments(segments, fromMs, pxToMs(view.scroll + view.width, pxPerSecond))) {
      const take = segment.takes[language];
      if (!take?.peaks) continue;
      const columns = waveformColumns(decodedPeaks(take.peaks), fromMs, view.width, pxPerSecond, { offsetMs: segment.startMs, speed: segment.speed });
      for (let x = 0; x < dub.length; x += 1) if (columns[x]! > 0) dub[x] = Math.max(dub[x]!, Math.min(1, columns[x]! * segment.volume));
    }
    drawColumns(context, dub, RULER + ORIGINAL + TRACK + 2, DUB - 4, waveformColours(dubCanvas.current!).dub);
  }, [segments, language, view, pxPerSecond, scheme]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) setView((current) => (current.scroll === element.scrollLeft ? current : { ...current, scroll: element.scrollLeft }));
  };

  function pointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const block = target.closest<HTMLElement>("[data-segment-id]");
    const rect = event.currentTarget.getBoundingClientRect();
    const ms = pxToMs(event.clientX - rect.left, pxPerSecond);
    if (!block) {
      onSeek(Math.min(durationMs, Math.max(0, ms)));
      if (!event.shiftKey && !event.ctrlKey && !event.metaKey) onSelect(null, "replace");
      return;
    }
    const id = block.dataset.segmentId!;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      onSelect(id, "toggle");
      return;
    }
    const mode = (target.closest<HTMLElement>("[data-edge]")?.dataset.edge as DragMode | undefined) ?? "move";
    const ids = mode === "move" && selection.has(id) ? selection : new Set([id]);
    if (!selection.has(id)) onSelect(id, "replace");
    const dragged = segments.filter((segment) => ids.has(segment.id)).map(({ id: segmentId, startMs, endMs }) => ({ id: segmentId, startMs, endMs }));
    const elements = new Map<string, { element: HTMLElement; left: string; width: string }>();
    for (const element of event.currentTarget.querySelectorAll<HTMLElement>("[data-segment-id]")) {
      if (ids.has(element.dataset.segmentId!)) elements.set(element.dataset.segmentId!, { element, left: element.style.left, width: element.style.width });
    }
    const reach = pxToMs(view.width * 2, pxPerSecond);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      moved: false,
      segments: dragged,
      elements,
      targets: snapTargets(segments, ids, getPlayhead(), ms - reach, ms + reach),
      result: new Map(),
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function pointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (!current.moved && Math.abs(dx) < 3) return;
    current.moved = true;
    current.result = dragTimes({ mode: current.mode, segments: current.segments, deltaMs: pxToMs(dx, pxPerSecond), durationMs, targets: event.altKey ? [] : current.targets, thresholdMs: pxToMs(SNAP_PX, pxPerSecond) });
    for (const [id, times] of current.result) {
      const entry = current.elements.get(id);
      if (!entry) continue;
      entry.element.style.left = `${msToPx(times.startMs, pxPerSecond)}px`;
      entry.element.style.width = `${Math.max(2, msToPx(times.endMs - times.startMs, pxPerSecond))}px`;
    }
  }

  function pointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    // Back to what React drew; the edit (if any) draws the new times.
    for (const entry of current.elements.values()) {
      entry.element.style.left = entry.left;
      entry.element.style.width = entry.width;
    }
    if (current.moved && current.result.size) onTimes(current.result);
  }

  return (
    <div className="grid gap-2" data-testid="dubbing-timeline">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="icon" onClick={() => zoomAroundPlayhead(zoomStep(pxPerSecond, -1))} aria-label={t("dubbing.timeline.zoomOut")} data-testid="timeline-zoom-out">
          <MinusIcon aria-hidden="true" />
        </Button>
        <Slider className="w-32 sm:w-48" min={0} max={100} step={1} value={[sliderFromZoom(pxPerSecond)]} onValueChange={([value]) => zoomAroundPlayhead(zoomFromSlider(value ?? 0))} thumbLabel={t("dubbing.timeline.zoom")} />
        <Button type="button" variant="outline" size="icon" onClick={() => zoomAroundPlayhead(zoomStep(pxPerSecond, 1))} aria-label={t("dubbing.timeline.zoomIn")} data-testid="timeline-zoom-in">
          <PlusIcon aria-hidden="true" />
        </Button>
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="timeline-zoom" data-px-per-second={pxPerSecond}>
          {Math.round(pxPerSecond)} px/s
        </span>
      </div>
      <div ref={scroller} onScroll={onScroll} className="relative overflow-x-auto overflow-y-hidden rounded-xl border border-border bg-surface" role="group" aria-label={t("dubbing.timeline.label")}>
        <div className="relative" style={{ width: totalPx, height: HEIGHT }}>
          <canvas ref={canvas} className="pointer-events-none sticky left-0 block" style={{ width: view.width, height: HEIGHT }} aria-hidden="true" />
          <canvas ref={dubCanvas} className="pointer-events-none sticky left-0 block" style={{ width: view.width, height: HEIGHT, marginTop: -HEIGHT }} aria-hidden="true" />
          <div className="absolute inset-x-0 top-0 border-b border-border" style={{ height: RULER }} aria-label={t("dubbing.timeline.ruler")} role="presentation" onPointerDown={(event) => onSeek(pxToMs(event.clientX - event.currentTarget.getBoundingClientRect().left, pxPerSecond))}>
            {ruler.ticks.map((tick) => (
              <span key={tick} className="absolute top-0 h-full border-l border-border pl-1 text-[10px] leading-[22px] text-muted-foreground tabular-nums select-none" style={{ left: msToPx(tick, pxPerSecond) }}>
                {rulerLabel(tick, durationMs >= 3_600_000)}
              </span>
            ))}
          </div>
          <span className="absolute left-1 text-[10px] text-muted-foreground select-none" style={{ top: RULER + 2, transform: `translateX(${view.scroll}px)` }}>
            {t("dubbing.timeline.original")}
          </span>
          <div
            className="absolute inset-x-0 touch-none border-y border-border bg-surface-muted/40"
            style={{ top: RULER + ORIGINAL, height: TRACK }}
            onPointerDown={pointerDown}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onPointerCancel={pointerUp}
            role="listbox"
            aria-multiselectable="true"
            aria-label={t("dubbing.timeline.segments")}
            data-testid="timeline-track"
          >
            {visible.map((segment) => (
              <SegmentBlock
                key={segment.id}
                segment={segment}
                number={numbers.get(segment.id) ?? 0}
                left={msToPx(segment.startMs, pxPerSecond)}
                width={Math.max(2, msToPx(segment.endMs - segment.startMs, pxPerSecond))}
                hue={hues.get(segment.characterId) ?? 0}
                selected={selection.has(segment.id)}
                state={segmentState(segment, characters, language)}
                fits={segmentFit(segment, language).fits}
                text={(segment.translations[language] || segment.sourceText).trim()}
              />
            ))}
          </div>
          <span className="absolute left-1 text-[10px] text-muted-foreground select-none" style={{ top: RULER + ORIGINAL + TRACK + 2, transform: `translateX(${view.scroll}px)` }}>
            {t("dubbing.timeline.dub")}
          </span>
          <div ref={playhead} className="pointer-events-none absolute top-0 left-0 h-full w-px bg-destructive" aria-hidden="true" data-testid="timeline-playhead">
            <span className="absolute -top-0 -left-1 size-2 rotate-45 bg-destructive" />
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The waveforms' colours from the theme's variables, read once per theme (the root's class): a
 * computed style read after each edit would make the browser work out the page's styles early.
 */
let colourCache: { theme: string; original: string; dub: string } | null = null;
/** The canvas's 2D context at the view's size (the bitmap made anew only when the size changed: setting it, even to the same, clears and reallocates), cleared. */
function sizedContext(element: HTMLCanvasElement | null, viewWidth: number): CanvasRenderingContext2D | null {
  if (!element) return null;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(viewWidth * ratio);
  const height = Math.round(HEIGHT * ratio);
  if (element.width !== width || element.height !== height) {
    element.width = width;
    element.height = height;
  }
  const context = element.getContext("2d");
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, viewWidth, HEIGHT);
  return context;
}

/** One bar per column with a value, centred in its band. */
function drawColumns(context: CanvasRenderingContext2D, columns: Float32Array, top: number, height: number, colour: string): void {
  context.fillStyle = colour;
  const middle = top + height / 2;
  for (let x = 0; x < columns.length; x += 1) {
    if (!(columns[x]! > 0)) continue;
    const half = Math.max(0.5, (columns[x]! * height) / 2);
    context.fillRect(x, middle - half, 1, half * 2);
  }
}

/** Takes' peaks decoded once (a take's base64 is the same string until it is spoken again). */
const peakCache = new Map<string, Uint8Array>();
function decodedPeaks(base64: string): Uint8Array {
  let bytes = peakCache.get(base64);
  if (!bytes) {
    if (peakCache.size >= 4000) peakCache.delete(peakCache.keys().next().value!);
    peakCache.set(base64, (bytes = peaksFromBase64(base64)));
  }
  return bytes;
}

function waveformColours(element: HTMLElement): { original: string; dub: string } {
  const theme = document.documentElement.className;
  if (colourCache?.theme !== theme) {
    const style = getComputedStyle(element);
    colourCache = { theme, original: style.getPropertyValue("--vx-muted-foreground") || "gray", dub: style.getPropertyValue("--vx-primary") || "blue" };
  }
  return colourCache;
}

const SegmentBlock = memo(function SegmentBlock({ segment, number, left, width, hue, selected, state, fits, text }: { segment: DubbingSegment; number: number; left: number; width: number; hue: number; selected: boolean; state: SegmentState; fits: boolean; text: string }) {
  const t = useT();
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-label={t("dubbing.timeline.block", { number, start: formatTimecode(segment.startMs), end: formatTimecode(segment.endMs), text: text || t("dubbing.timeline.empty") })}
      data-segment-id={segment.id}
      data-state={state}
      data-fits={fits}
      className="absolute top-1 bottom-1 cursor-grab overflow-hidden rounded-md border border-[oklch(0.6_0.12_var(--hue))] bg-[oklch(0.9_0.06_var(--hue))] text-[11px] leading-tight text-foreground select-none active:cursor-grabbing aria-selected:ring-2 aria-selected:ring-ring dark:bg-[oklch(0.36_0.08_var(--hue))] data-[fits=false]:border-destructive"
      style={{ left, width, ["--hue" as string]: hue }}
    >
      <span data-edge="start" className="absolute inset-y-0 left-0 w-1.5 cursor-ew-resize hover:bg-foreground/20" />
      <span className="pointer-events-none block truncate px-2 pt-1">{text || t("dubbing.timeline.empty")}</span>
      <span className="pointer-events-none block truncate px-2 text-[10px] text-muted-foreground">{t(`dubbing.state.${state}`)}</span>
      <span data-edge="end" className="absolute inset-y-0 right-0 w-1.5 cursor-ew-resize hover:bg-foreground/20" />
    </div>
  );
});
