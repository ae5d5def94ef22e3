/**
 * The timeline's maths, pure: time ↔ pixels at a zoom (pixels per second), the segments in view
 * (binary search: a 60-minute project with 1,000 segments renders only the few on screen), the
 * ruler's ticks, snapping to segment edges and the playhead, a drag's new times (move or trim),
 * and the columns of a waveform (the original's peaks file, a take's peaks at its speed).
 */
import { formatTimecode, MAX_SEGMENT_MS, MIN_SEGMENT_MS, WAVEFORM_PEAKS_PER_SECOND } from "@voxwork/contract/dubbing";

/** Zoom range, pixels per second. */
export const ZOOM = { min: 2, max: 400, default: 80 } as const;
/** Snapping reaches this many pixels (whatever the zoom). */
export const SNAP_PX = 8;

export const msToPx = (ms: number, pxPerSecond: number): number => (ms * pxPerSecond) / 1000;
export const pxToMs = (px: number, pxPerSecond: number): number => (px * 1000) / pxPerSecond;

export function clampZoom(pxPerSecond: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, pxPerSecond));
}

/** The zoom at which the whole media fits the width (within the zoom range). */
export function fitZoom(durationMs: number, widthPx: number): number {
  return clampZoom(durationMs > 0 ? (widthPx * 1000) / durationMs : ZOOM.default);
}

/**
 * The scroll that keeps `anchorMs` under the same pixel of the viewport when the zoom changes
 * (ctrl+wheel zooms around the pointer; the buttons around the playhead).
 */
export function scrollForZoom(anchorMs: number, anchorViewportPx: number, pxPerSecond: number): number {
  return Math.max(0, msToPx(anchorMs, pxPerSecond) - anchorViewportPx);
}

/** A zoom step (buttons, ctrl+wheel): ×1.25 in, ÷1.25 out. */
export function zoomStep(pxPerSecond: number, direction: 1 | -1): number {
  return clampZoom(direction > 0 ? pxPerSecond * 1.25 : pxPerSecond / 1.25);
}

/** Zoom slider 0–100 ↔ pixels per second (logarithmic). */
export function zoomFromSlider(value: number): number {
  const ratio = Math.min(100, Math.max(0, value)) / 100;
  return clampZoom(ZOOM.min * (ZOOM.max / ZOOM.min) ** ratio);
}
export function sliderFromZoom(pxPerSecond: number): number {
  return Math.round((Math.log(clampZoom(pxPerSecond) / ZOOM.min) / Math.log(ZOOM.max / ZOOM.min)) * 100);
}

/** The time range on screen, with `marginPx` either side so a block half in view is drawn. */
export function visibleRange(scrollPx: number, widthPx: number, pxPerSecond: number, marginPx = 0): { fromMs: number; toMs: number } {
  return { fromMs: Math.max(0, pxToMs(scrollPx - marginPx, pxPerSecond)), toMs: pxToMs(scrollPx + widthPx + marginPx, pxPerSecond) };
}

/** First index whose start is ≥ `ms` (segments sorted by start). */
export function lowerBound(segments: ReadonlyArray<{ startMs: number }>, ms: number): number {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (segments[middle]!.startMs < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The segments overlapping [fromMs, toMs) (sorted by start): found from the first that can reach
 * `fromMs` (no segment is longer than `MAX_SEGMENT_MS`), scanned until one starts after `toMs`.
 */
export function visibleSegments<T extends { startMs: number; endMs: number }>(segments: readonly T[], fromMs: number, toMs: number): T[] {
  const out: T[] = [];
  for (let index = lowerBound(segments, fromMs - MAX_SEGMENT_MS); index < segments.length; index += 1) {
    const segment = segments[index]!;
    if (segment.startMs >= toMs) break;
    if (segment.endMs > fromMs) out.push(segment);
  }
  return out;
}

/** Ruler ticks: a step of 1-2-5 × 10ⁿ ms so labels stand at least `minGapPx` apart. */
export function rulerTicks(fromMs: number, toMs: number, pxPerSecond: number, minGapPx = 80): { stepMs: number; ticks: number[] } {
  const steps = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
  const stepMs = steps.find((step) => msToPx(step, pxPerSecond) >= minGapPx) ?? steps.at(-1)!;
  const ticks: number[] = [];
  for (let tick = Math.floor(fromMs / stepMs) * stepMs; tick <= toMs; tick += stepMs) if (tick >= 0) ticks.push(tick);
  return { stepMs, ticks };
}

/** A ruler tick's label: the timecode without a fraction of zeros (`00:05`, `00:05.5`, `1:00:00` past an hour). */
export function rulerLabel(tickMs: number, hours = false): string {
  return formatTimecode(tickMs, hours).replace(/\.(\d*?)0+$/, ".$1").replace(/\.$/, "");
}

/** The edges a dragged edge may snap to: other segments' starts and ends, and the playhead. Sorted. */
export function snapTargets(segments: ReadonlyArray<{ id: string; startMs: number; endMs: number }>, exclude: ReadonlySet<string>, playheadMs: number, fromMs = -Infinity, toMs = Infinity): number[] {
  const targets = [playheadMs];
  for (const segment of visibleSegments(segments, fromMs, toMs)) {
    if (exclude.has(segment.id)) continue;
    targets.push(segment.startMs, segment.endMs);
  }
  return targets.sort((a, b) => a - b);
}

/** The nearest target within `thresholdMs` of `ms`, or undefined. */
export function nearestSnap(ms: number, targets: readonly number[], thresholdMs: number): number | undefined {
  let best: number | undefined;
  for (const target of targets) {
    const distance = Math.abs(target - ms);
    if (distance <= thresholdMs && (best === undefined || distance < Math.abs(best - ms))) best = target;
  }
  return best;
}

export type DragMode = "move" | "start" | "end";

export interface DragInput {
  mode: DragMode;
  /** The segments dragged, as they were when the drag began (a move takes the whole selection). */
  segments: ReadonlyArray<{ id: string; startMs: number; endMs: number }>;
  /** The pointer's travel since the drag began, ms. */
  deltaMs: number;
  durationMs: number;
  /** Sorted snap targets (`snapTargets`), empty when snapping is off (Alt held). */
  targets: readonly number[];
  thresholdMs: number;
}

/**
 * The times a drag gives: a move shifts every dragged segment by the same amount (the group's
 * nearest edge snapping), kept inside the media; a trim moves one edge, kept at least
 * `MIN_SEGMENT_MS` (and at most `MAX_SEGMENT_MS`) long and inside the media.
 */
export function dragTimes(input: DragInput): Map<string, { startMs: number; endMs: number }> {
  const { mode, segments, durationMs, targets, thresholdMs } = input;
  const out = new Map<string, { startMs: number; endMs: number }>();
  if (!segments.length) return out;
  if (mode === "move") {
    const groupStart = Math.min(...segments.map((segment) => segment.startMs));
    const groupEnd = Math.max(...segments.map((segment) => segment.endMs));
    let delta = input.deltaMs;
    if (targets.length) {
      const startSnap = nearestSnap(groupStart + delta, targets, thresholdMs);
      const endSnap = nearestSnap(groupEnd + delta, targets, thresholdMs);
      const startDistance = startSnap === undefined ? Infinity : Math.abs(startSnap - (groupStart + delta));
      const endDistance = endSnap === undefined ? Infinity : Math.abs(endSnap - (groupEnd + delta));
      if (startSnap !== undefined && startDistance <= endDistance) delta = startSnap - groupStart;
      else if (endSnap !== undefined) delta = endSnap - groupEnd;
    }
    delta = Math.round(Math.min(durationMs - groupEnd, Math.max(-groupStart, delta)));
    for (const segment of segments) out.set(segment.id, { startMs: segment.startMs + delta, endMs: segment.endMs + delta });
    return out;
  }
  const segment = segments[0]!;
  if (mode === "start") {
    let start = segment.startMs + input.deltaMs;
    start = (targets.length ? nearestSnap(start, targets, thresholdMs) : undefined) ?? start;
    start = Math.round(Math.min(segment.endMs - MIN_SEGMENT_MS, Math.max(0, segment.endMs - MAX_SEGMENT_MS, start)));
    out.set(segment.id, { startMs: start, endMs: segment.endMs });
  } else {
    let end = segment.endMs + input.deltaMs;
    end = (targets.length ? nearestSnap(end, targets, thresholdMs) : undefined) ?? end;
    end = Math.round(Math.max(segment.startMs + MIN_SEGMENT_MS, Math.min(durationMs, segment.startMs + MAX_SEGMENT_MS, end)));
    out.set(segment.id, { startMs: segment.startMs, endMs: end });
  }
  return out;
}

/**
 * A waveform's columns for the pixels [0, widthPx) of a view starting at `fromMs`: the highest
 * peak (0–1) among the peaks each pixel covers (the peaks are `peaksPerSecond` per second of the
 * media, starting at `offsetMs` and played at `speed`). 0 where there are none.
 */
export function waveformColumns(peaks: ArrayLike<number>, fromMs: number, widthPx: number, pxPerSecond: number, { offsetMs = 0, speed = 1, peaksPerSecond = WAVEFORM_PEAKS_PER_SECOND }: { offsetMs?: number; speed?: number; peaksPerSecond?: number } = {}): Float32Array {
  const columns = new Float32Array(Math.max(0, Math.ceil(widthPx)));
  const msPerPeak = 1000 / peaksPerSecond / speed;
  // Only the pixels the peaks cover are visited (a take spans a few of the view's thousand).
  for (let x = Math.max(0, Math.floor((offsetMs - fromMs) * pxPerSecond / 1000) - 1); x < columns.length; x += 1) {
    const startMs = fromMs + pxToMs(x, pxPerSecond) - offsetMs;
    const endMs = fromMs + pxToMs(x + 1, pxPerSecond) - offsetMs;
    if (endMs <= 0) continue;
    const first = Math.max(0, Math.floor(startMs / msPerPeak));
    if (first >= peaks.length) break;
    const last = Math.min(peaks.length - 1, Math.max(first, Math.ceil(endMs / msPerPeak) - 1));
    let peak = 0;
    for (let index = first; index <= last; index += 1) peak = Math.max(peak, peaks[index] ?? 0);
    columns[x] = peak / 255;
  }
  return columns;
}

/** A step of the playhead with the arrow keys: a frame (video, 25 fps) or 0.1 s; with Shift 1 s. */
export function arrowStepMs(kind: "video" | "audio", shift: boolean): number {
  if (shift) return 1000;
  return kind === "video" ? 40 : 100;
}

/** J/L shuttle: each press of L (forward) or J (back) doubles the rate, up to 8×; K stops. */
export function shuttleRate(current: number, key: "j" | "k" | "l"): number {
  if (key === "k") return 0;
  const direction = key === "l" ? 1 : -1;
  if (Math.sign(current) !== direction) return direction;
  return direction * Math.min(8, Math.abs(current) * 2);
}
