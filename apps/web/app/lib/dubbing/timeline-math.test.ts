import { describe, expect, it } from "vitest";
import { arrowStepMs, dragTimes, fitZoom, msToPx, nearestSnap, pxToMs, rulerLabel, rulerTicks, scrollForZoom, shuttleRate, sliderFromZoom, snapTargets, visibleRange, visibleSegments, waveformColumns, zoomFromSlider, zoomStep, ZOOM } from "./timeline-math";

describe("timeline maths", () => {
  it("converts time and pixels at a zoom, both ways", () => {
    expect(msToPx(1500, 80)).toBe(120);
    expect(pxToMs(120, 80)).toBe(1500);
    expect(fitZoom(60 * 60_000, 1200)).toBe(ZOOM.min);
    expect(fitZoom(10_000, 1000)).toBe(100);
    expect(zoomStep(ZOOM.max, 1)).toBe(ZOOM.max);
    expect(zoomFromSlider(sliderFromZoom(80))).toBeCloseTo(80, -1);
    // Zooming keeps the anchor time under the same pixel.
    const scroll = scrollForZoom(10_000, 300, 100);
    expect(msToPx(10_000, 100) - scroll).toBe(300);
  });

  it("finds only the segments in view among a thousand over an hour", () => {
    const segments = Array.from({ length: 1000 }, (_, index) => ({ id: `s${index}`, startMs: index * 3600, endMs: index * 3600 + 3000 }));
    const { fromMs, toMs } = visibleRange(msToPx(720_000, 80), 1200, 80);
    const visible = visibleSegments(segments, fromMs, toMs);
    expect(visible[0]!.id).toBe("s200");
    expect(visible.at(-1)!.id).toBe("s204");
    expect(visible.every((segment) => segment.endMs > fromMs && segment.startMs < toMs)).toBe(true);
    // A long segment that starts before the view still shows.
    const long = [{ id: "l", startMs: 0, endMs: 50_000 }, ...segments.slice(20)];
    expect(visibleSegments(long, 40_000, 41_000).map((segment) => segment.id)).toEqual(["l"]);
  });

  it("spaces ruler ticks so labels do not touch", () => {
    expect(rulerTicks(0, 10_000, 80)).toMatchObject({ stepMs: 1000 });
    expect(rulerTicks(0, 10_000, 80).ticks).toHaveLength(11);
    expect([0, 5000, 5500, 10_250].map((tick) => rulerLabel(tick))).toEqual(["00:00", "00:05", "00:05.5", "00:10.25"]);
    expect(rulerLabel(3_600_000, true)).toBe("1:00:00");
    expect(rulerTicks(0, 3_600_000, 2).stepMs).toBe(60_000);
    expect(rulerTicks(1250, 3000, 400).ticks[0]).toBe(1200);
  });

  it("snaps to other segments' edges and the playhead, within reach", () => {
    const segments = [{ id: "a", startMs: 0, endMs: 1000 }, { id: "b", startMs: 2000, endMs: 3000 }, { id: "c", startMs: 5000, endMs: 6000 }];
    const targets = snapTargets(segments, new Set(["b"]), 4200);
    expect(targets).toEqual([0, 1000, 4200, 5000, 6000]);
    expect(nearestSnap(1080, targets, 100)).toBe(1000);
    expect(nearestSnap(1200, targets, 100)).toBeUndefined();
  });

  it("moves a selection together, snapping its nearest edge, inside the media", () => {
    const dragged = [{ id: "b", startMs: 2000, endMs: 3000 }, { id: "c", startMs: 3500, endMs: 4000 }];
    const targets = [1000, 5000];
    expect(dragTimes({ mode: "move", segments: dragged, deltaMs: 500, durationMs: 10_000, targets: [], thresholdMs: 100 })).toEqual(new Map([["b", { startMs: 2500, endMs: 3500 }], ["c", { startMs: 4000, endMs: 4500 }]]));
    // The group's end (4000 + 960) snaps to 5000.
    expect(dragTimes({ mode: "move", segments: dragged, deltaMs: 960, durationMs: 10_000, targets, thresholdMs: 100 }).get("c")).toEqual({ startMs: 4500, endMs: 5000 });
    expect(dragTimes({ mode: "move", segments: dragged, deltaMs: -5000, durationMs: 10_000, targets: [], thresholdMs: 100 }).get("b")).toEqual({ startMs: 0, endMs: 1000 });
    expect(dragTimes({ mode: "move", segments: dragged, deltaMs: 9000, durationMs: 10_000, targets: [], thresholdMs: 100 }).get("c")).toEqual({ startMs: 9500, endMs: 10_000 });
  });

  it("trims an edge, never shorter than the minimum nor outside the media", () => {
    const one = [{ id: "b", startMs: 2000, endMs: 3000 }];
    expect(dragTimes({ mode: "start", segments: one, deltaMs: 950, durationMs: 10_000, targets: [], thresholdMs: 100 }).get("b")).toEqual({ startMs: 2900, endMs: 3000 });
    expect(dragTimes({ mode: "start", segments: one, deltaMs: -2500, durationMs: 10_000, targets: [], thresholdMs: 100 }).get("b")).toEqual({ startMs: 0, endMs: 3000 });
    expect(dragTimes({ mode: "end", segments: one, deltaMs: 30, durationMs: 10_000, targets: [3100], thresholdMs: 100 }).get("b")).toEqual({ startMs: 2000, endMs: 3100 });
    expect(dragTimes({ mode: "end", segments: one, deltaMs: 9000, durationMs: 10_000, targets: [], thresholdMs: 100 }).get("b")).toEqual({ startMs: 2000, endMs: 10_000 });
  });

  it("draws a waveform's columns from peaks, placed at a take's start and speed", () => {
    const peaks = new Uint8Array(100).fill(0);
    peaks[50] = 255; // 1.00 s at 50 peaks per second
    const columns = waveformColumns(peaks, 0, 200, 100); // 10 ms per pixel
    expect(columns[100]).toBe(1);
    expect(columns[99]).toBe(0);
    // The same take placed at 0.5 s and played twice as fast: its peak at 0.5 s + 0.5 s.
    const placed = waveformColumns(peaks, 0, 200, 100, { offsetMs: 500, speed: 2 });
    expect(placed[100]).toBe(1);
    expect(placed[10]).toBe(0);
    // Zoomed out: one pixel covers many peaks and keeps the highest.
    expect([...waveformColumns(peaks, 0, 2, 1)]).toEqual([0, 1]);
  });

  it("steps the playhead by a frame or a second, and shuttles J/K/L", () => {
    expect(arrowStepMs("video", false)).toBe(40);
    expect(arrowStepMs("audio", false)).toBe(100);
    expect(arrowStepMs("audio", true)).toBe(1000);
    expect(shuttleRate(0, "l")).toBe(1);
    expect(shuttleRate(1, "l")).toBe(2);
    expect(shuttleRate(8, "l")).toBe(8);
    expect(shuttleRate(2, "j")).toBe(-1);
    expect(shuttleRate(-2, "k")).toBe(0);
  });
});
