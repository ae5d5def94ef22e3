/**
 * Pure builders of the ffmpeg and rubberband command lines of a voice transform (snapshot-tested);
 * `voice-transform.ts` runs them through the media runner.
 */
import { FFMPEG_COMMON, parseIntegratedLoudness } from '@voxwork/media';

export type TransformOutputFormat = 'wav' | 'mp3' | 'ogg' | 'flac';

/** Mono float WAV at `sampleRate`, optionally with every frequency scaled by `frequencyScale` (asetrate: pitch, formants and tempo together). */
export function decodeForTransformArgs(input: string, output: string, sampleRate: number, frequencyScale = 1): string[] {
  const filters = frequencyScale === 1 ? [] : ['-af', `asetrate=${Math.round(sampleRate * frequencyScale)},aresample=${sampleRate}`];
  return [...FFMPEG_COMMON, '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), ...filters, '-c:a', 'pcm_f32le', output];
}

/**
 * rubberband's R3 engine (`-3`): `pitchSemitones` up or down, duration × `timeRatio`; with
 * `keepFormants` the spectral envelope stays where it is (`-F`), else it moves with the pitch.
 */
export function rubberbandArgs(options: { input: string; output: string; pitchSemitones: number; timeRatio: number; keepFormants: boolean }): string[] {
  return [
    '-3',
    '-q',
    ...(options.keepFormants ? ['-F'] : []),
    '-t', options.timeRatio.toFixed(6),
    '-p', options.pitchSemitones.toFixed(4),
    options.input,
    options.output,
  ];
}

/** `firequalizer` with linear interpolation between third-octave gains (ffmpeg filter syntax). */
export function equalizerFilter(bands: ReadonlyArray<{ hz: number; gainDb: number }>): string | undefined {
  if (bands.length === 0 || bands.every((band) => band.gainDb === 0)) return undefined;
  return `firequalizer=gain_entry='${bands.map((band) => `entry(${band.hz},${band.gainDb})`).join(';')}'`;
}

/**
 * EQ (when any) into a float WAV, measuring it on the way (`ebur128`, per-frame lines at verbose level, so hidden: integrated loudness and
 * sample peak in its summary on stderr, read by `parseLevelSummary`).
 */
export function equalizeAndMeasureArgs(input: string, output: string, equalizer: string | undefined): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-y', '-i', input, '-af', [equalizer, 'ebur128=peak=sample:framelog=verbose'].filter(Boolean).join(','), '-c:a', 'pcm_f32le', output];
}

/** Integrated loudness (LUFS) and sample peak (dBFS) from an `ebur128=peak=sample` summary. */
export function parseLevelSummary(stderr: string): { integratedLufs: number | undefined; samplePeakDb: number | undefined } {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const peak = /Peak:\s+(-?\d+(?:\.\d+)?|-inf)\s+dBFS/.exec(summary);
  const integrated = parseIntegratedLoudness(stderr);
  return { integratedLufs: integrated !== undefined && integrated > -70 ? integrated : undefined, samplePeakDb: peak && peak[1] !== '-inf' ? Number(peak[1]) : undefined };
}

/** Peaks stay under this (dBFS). */
export const PEAK_CEILING_DB = -1;
/** At most this much peak reduction by the limiter (dB); beyond it the gain stops short of the target. */
const MAX_LIMITING_DB = 6;

/**
 * The gain (dB) that brings integrated loudness to `targetLufs`, and whether a limiter must hold
 * the peaks under −1 dBFS: synthetic speech is peaky (espeak: −20.8 LUFS with peaks at −2.8 dBFS),
 * so a plain gain would stop well short of −16 LUFS. The limiter takes at most 6 dB off the peaks;
 * past that the gain stops short. A gain and a limiter keep the voice's dynamics; loudnorm's
 * dynamic mode would not.
 */
export function levelPlan(level: { integratedLufs: number | undefined; samplePeakDb: number | undefined }, targetLufs: number): { gainDb: number; limiter: boolean } {
  if (level.integratedLufs === undefined) return { gainDb: 0, limiter: false };
  const wanted = targetLufs - level.integratedLufs;
  if (level.samplePeakDb === undefined) return { gainDb: Math.round(wanted * 100) / 100, limiter: false };
  const gainDb = Math.round(Math.min(wanted, PEAK_CEILING_DB - level.samplePeakDb + MAX_LIMITING_DB) * 100) / 100;
  return { gainDb, limiter: level.samplePeakDb + gainDb > PEAK_CEILING_DB };
}

function encodeArgs(format: TransformOutputFormat): string[] {
  switch (format) {
    case 'wav':
      return ['-c:a', 'pcm_s16le', '-f', 'wav'];
    case 'flac':
      return ['-c:a', 'flac', '-f', 'flac'];
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'];
    case 'ogg':
      return ['-c:a', 'libopus', '-b:a', '96k', '-f', 'ogg'];
  }
}

export interface FinishTransformOptions {
  input: string;
  output: string;
  format: TransformOutputFormat;
  sampleRate: number;
  /** Gain in dB and whether peaks need the limiter (from `levelPlan`); 0 / false keeps the level. */
  gainDb: number;
  limiter: boolean;
  /** Pad with silence or cut to exactly this many samples at `sampleRate`. */
  exactSamples: number | undefined;
}

/** Gain, limiter, the output rate, exact length, encoding: one ffmpeg run. */
export function finishTransformArgs(options: FinishTransformOptions): string[] {
  const filters: string[] = [];
  if (options.gainDb !== 0) filters.push(`volume=${options.gainDb}dB`);
  // Look-ahead limiter with its delay compensated (`latency`), no auto make-up gain (`level=0`).
  if (options.limiter) filters.push(`alimiter=limit=${(10 ** (PEAK_CEILING_DB / 20)).toFixed(4)}:level=0:latency=1`);
  filters.push(`aresample=${options.sampleRate}`);
  if (options.exactSamples !== undefined) filters.push(`apad=whole_len=${options.exactSamples}`, `atrim=end_sample=${options.exactSamples}`);
  // Opus takes 48 kHz (and a few lower rates); everything else keeps the working rate.
  const rate = options.format === 'ogg' ? 48_000 : options.sampleRate;
  return [...FFMPEG_COMMON, '-i', options.input, '-af', filters.join(','), '-ar', String(rate), '-ac', '1', ...encodeArgs(options.format), options.output];
}
