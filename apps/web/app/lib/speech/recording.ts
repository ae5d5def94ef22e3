/**
 * Pure parts of the in-browser recorder: the allowed length of a voice recording (the server checks
 * it again: 6007/6008), the clock, and the level meter's reading from analyser samples.
 */

export const RECORDING_MIN_SECONDS = 10;
export const RECORDING_MAX_SECONDS = 180;

export type RecordingLength = "too-short" | "ok" | "at-limit";

/** Where a recording of this many seconds stands against the 10 s – 3 min window. */
export function recordingLength(seconds: number, min = RECORDING_MIN_SECONDS, max = RECORDING_MAX_SECONDS): RecordingLength {
  if (seconds >= max) return "at-limit";
  return seconds < min ? "too-short" : "ok";
}

/** Elapsed recording time from start and pause bookkeeping, never beyond `max`. */
export function elapsedSeconds(state: { startedAt: number; pausedMs: number; pausedAt: number | null }, now: number, max = RECORDING_MAX_SECONDS): number {
  const end = state.pausedAt ?? now;
  return Math.min(max, Math.max(0, (end - state.startedAt - state.pausedMs) / 1000));
}

/** `m:ss` (or `h:mm:ss` past an hour); seconds are floored. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Level meter reading 0–1 from time-domain bytes of an AnalyserNode (128 = silence): RMS mapped
 * on a dB scale from −60 dBFS (0) to 0 dBFS (1), so speech sits in the middle of the bar.
 */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const value = (samples[index]! - 128) / 128;
    sum += value * value;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db + 60) / 60));
}

/** A MediaRecorder mime type this browser supports (first of the list), or '' to let it choose. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  for (const type of ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"]) {
    if (isTypeSupported(type)) return type;
  }
  return "";
}

/** File name for a recording: `recording-2026-05-01-1304.wav`. */
export function recordingFileName(mimeType: string, date: Date): string {
  const extension = mimeType.includes("wav") ? "wav" : mimeType.includes("ogg") ? "ogg" : mimeType.includes("mp4") ? "m4a" : "webm";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `recording-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.${extension}`;
}
