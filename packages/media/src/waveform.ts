/**
 * Waveform peaks for a wavesurfer-style display: the audio is decoded to mono 16-bit PCM at a low
 * rate (pure builder below, run by `runFfmpeg`), then min/max per bucket are computed (pure).
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export const WAVEFORM_SAMPLE_RATE = 8000;

/** Mono signed 16-bit little-endian PCM, raw, at `sampleRate` (default 8 kHz). */
export function waveformDecodeArgs(input: string, output: string, sampleRate = WAVEFORM_SAMPLE_RATE): string[] {
  return [...FFMPEG_COMMON, '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', '-c:a', 'pcm_s16le', output];
}

export interface WaveformPeaks {
  sampleRate: number;
  samplesPerBucket: number;
  durationSeconds: number;
  /** Interleaved `[min0, max0, min1, max1, …]` in −1…1 with 3 decimals (wavesurfer `peaks`, audiowaveform `data`). */
  peaks: number[];
}

/** Min and max of each of `buckets` equal slices of the samples (fewer buckets when there are fewer samples). */
export function computePeaks(samples: Int16Array, buckets: number, sampleRate: number): WaveformPeaks {
  const count = Math.max(1, Math.min(buckets, samples.length));
  const perBucket = samples.length / count;
  const peaks: number[] = [];
  const round = (value: number) => Math.round((value / 32768) * 1000) / 1000;
  for (let bucket = 0; bucket < count && samples.length > 0; bucket++) {
    const from = Math.floor(bucket * perBucket);
    const to = Math.max(from + 1, Math.floor((bucket + 1) * perBucket));
    let min = 32767;
    let max = -32768;
    for (let index = from; index < to; index++) {
      const value = samples[index]!;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    peaks.push(round(min), round(max));
  }
  return { sampleRate, samplesPerBucket: Math.round(perBucket), durationSeconds: samples.length / sampleRate, peaks };
}
