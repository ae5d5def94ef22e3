/**
 * Pure builders of the ffmpeg and rubberband command lines of a voice transform (snapshot-tested);
 * `voice-transform.ts` runs them through the media runner.
 */
import { FFMPEG_COMMON, type LoudnormMeasurement } from '@voxwork/media';

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

const loudnormTarget = (lufs: number) => `I=${lufs}:TP=-1.5:LRA=11`;

/** First loudness pass, after the EQ: the loudnorm measurement is printed as JSON on stderr. */
export function measureTransformLoudnessArgs(input: string, equalizer: string | undefined, lufs: number): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-i', input, '-af', [equalizer, `loudnorm=${loudnormTarget(lufs)}:print_format=json`].filter(Boolean).join(','), '-f', 'null', '-'];
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
  equalizer: string | undefined;
  /** Loudness target and the first pass's measurement (linear gain); undefined keeps the level. */
  loudness: { lufs: number; measured: LoudnormMeasurement | undefined } | undefined;
  /** Pad with silence or cut to exactly this many samples at `sampleRate`. */
  exactSamples: number | undefined;
}

/** EQ, loudness, back to the output rate, exact length, encoding: one ffmpeg run. */
export function finishTransformArgs(options: FinishTransformOptions): string[] {
  const filters: string[] = [];
  if (options.equalizer) filters.push(options.equalizer);
  if (options.loudness) {
    const m = options.loudness.measured;
    filters.push(
      m
        ? `loudnorm=${loudnormTarget(options.loudness.lufs)}:measured_I=${m.inputI}:measured_TP=${m.inputTp}:measured_LRA=${m.inputLra}:measured_thresh=${m.inputThresh}:offset=${m.targetOffset}:linear=true:print_format=none`
        : `loudnorm=${loudnormTarget(options.loudness.lufs)}:print_format=none`,
    );
  }
  // loudnorm works at 192 kHz: resample before counting samples.
  filters.push(`aresample=${options.sampleRate}`);
  if (options.exactSamples !== undefined) filters.push(`apad=whole_len=${options.exactSamples}`, `atrim=end_sample=${options.exactSamples}`);
  // Opus takes 48 kHz (and a few lower rates); everything else keeps the working rate.
  const rate = options.format === 'ogg' ? 48_000 : options.sampleRate;
  return [...FFMPEG_COMMON, '-i', options.input, '-af', filters.join(','), '-ar', String(rate), '-ac', '1', ...encodeArgs(options.format), options.output];
}
