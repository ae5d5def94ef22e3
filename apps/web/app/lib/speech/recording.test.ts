import { describe, expect, it } from "vitest";
import { elapsedSeconds, formatClock, levelFromSamples, pickRecordingMimeType, recordingFileName, recordingLength } from "./recording";

describe("recording length", () => {
  it("is too short under 10 s, fine up to 3 min, at the limit from 3 min", () => {
    expect(recordingLength(9.9)).toBe("too-short");
    expect(recordingLength(10)).toBe("ok");
    expect(recordingLength(179.9)).toBe("ok");
    expect(recordingLength(180)).toBe("at-limit");
  });

  it("counts time without pauses and stops at the maximum", () => {
    expect(elapsedSeconds({ startedAt: 1000, pausedMs: 0, pausedAt: null }, 13_500)).toBe(12.5);
    expect(elapsedSeconds({ startedAt: 1000, pausedMs: 2000, pausedAt: null }, 13_000)).toBe(10);
    expect(elapsedSeconds({ startedAt: 1000, pausedMs: 0, pausedAt: 6000 }, 99_000)).toBe(5);
    expect(elapsedSeconds({ startedAt: 0, pausedMs: 0, pausedAt: null }, 500_000)).toBe(180);
  });

  it("formats the clock", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.9)).toBe("0:09");
    expect(formatClock(180)).toBe("3:00");
    expect(formatClock(3725)).toBe("1:02:05");
  });
});

describe("level meter", () => {
  it("reads silence as 0, full scale as 1, speech in between", () => {
    expect(levelFromSamples(new Uint8Array(256).fill(128))).toBe(0);
    expect(levelFromSamples(Uint8Array.from({ length: 256 }, (_, index) => (index % 2 ? 0 : 255)))).toBeCloseTo(1, 1);
    const quiet = levelFromSamples(Uint8Array.from({ length: 256 }, (_, index) => 128 + Math.round(13 * Math.sin(index / 4))));
    expect(quiet).toBeGreaterThan(0.4);
    expect(quiet).toBeLessThan(0.8);
    expect(levelFromSamples([])).toBe(0);
  });
});

describe("recorder format", () => {
  it("prefers webm/opus and names the file by date", () => {
    expect(pickRecordingMimeType((type) => type.startsWith("audio/webm"))).toBe("audio/webm;codecs=opus");
    expect(pickRecordingMimeType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(pickRecordingMimeType(() => false)).toBe("");
    expect(recordingFileName("audio/webm;codecs=opus", new Date(2026, 4, 1, 13, 4))).toBe("recording-2026-05-01-1304.webm");
    expect(recordingFileName("audio/mp4", new Date(2026, 0, 9, 8, 0))).toBe("recording-2026-01-09-0800.m4a");
    expect(recordingFileName("audio/wav", new Date(2026, 0, 9, 8, 0))).toBe("recording-2026-01-09-0800.wav");
  });
});
