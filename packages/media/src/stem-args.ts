/**
 * Pure builders of ffmpeg argument lists for separated stems (audio separation): each stem as
 * delivered, at the source's rate and exactly the source's length. Executed only by `runFfmpeg`.
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export interface StemOptions {
  input: string;
  output: string;
  /** The source's sample rate (MP3 takes 8–48 kHz: a higher rate is written at 48 kHz). */
  sampleRate: number;
  /** The source's length in samples: the stem is padded with silence or cut to it. */
  frames: number;
  format: 'wav' | 'mp3';
}

/** A stem as delivered: 16-bit WAV at the source's rate, or MP3 192 kb/s; exactly `frames` samples long. */
export function stemArgs(options: StemOptions): string[] {
  const rate = options.format === 'mp3' ? Math.min(48_000, Math.max(8_000, options.sampleRate)) : options.sampleRate;
  const frames = options.format === 'mp3' ? Math.round((options.frames * rate) / options.sampleRate) : options.frames;
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-vn', '-sn', '-dn',
    '-af', `aresample=${rate},apad=whole_len=${frames},atrim=end_sample=${frames}`,
    '-ar', String(rate),
    ...(options.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'pcm_s16le', '-f', 'wav']),
    options.output,
  ];
}
