/**
 * ffmpeg argument builders of the dubbing editor's jobs: the media as a browser plays it, the
 * original dialogue kept only where people speak, a line's take cut out of a voice track, a take
 * as it is played (its speed, pitch kept, and its volume) and a recording trimmed of the silence
 * around it. Pure; executed by `runFfmpeg`.
 */
import { regionGateExpression, type TimeRegion } from './dub-args.ts';
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

/** Any video → H.264 (yuv420p) + AAC stereo MP4, moov first: what every browser plays and seeks. */
export function browserVideoArgs(options: { input: string; output: string; crf?: number }): string[] {
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-map', '0:v:0', '-map', '0:a:0?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(options.crf ?? 23), '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '160k', '-ac', '2',
    '-movflags', '+faststart',
    options.output,
  ];
}

/** The original kept only inside the regions (silent elsewhere, short ramps), on its own timeline, stereo. */
export function regionsKeptArgs(options: { input: string; output: string; regions: readonly TimeRegion[]; sampleRate?: number }): string[] {
  const rate = options.sampleRate ?? 48_000;
  const graph = `[0:a]aresample=${rate},aformat=sample_fmts=fltp:channel_layouts=stereo,volume=eval=frame:volume='${regionGateExpression(options.regions)}'[out]`;
  return [...FFMPEG_COMMON, '-i', options.input, '-filter_complex', graph, '-map', '[out]', '-ar', String(rate), '-c:a', 'pcm_s16le', options.output];
}

/** `startSeconds`–`endSeconds` of a recording as mono 16-bit WAV at `sampleRate`. */
export function cutAudioArgs(options: { input: string; output: string; startSeconds: number; endSeconds: number; sampleRate: number }): string[] {
  const start = Math.max(0, options.startSeconds);
  const length = Math.max(0.001, options.endSeconds - start);
  return [...FFMPEG_COMMON, '-ss', start.toFixed(3), '-t', length.toFixed(3), '-i', options.input, '-vn', '-ac', '1', '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}

/** A take as it is played: `speed` (0.5–2, pitch kept) and `volume` (gain, 1 = as spoken), mono WAV. */
export function takePieceArgs(options: { input: string; output: string; speed: number; volume: number; sampleRate: number }): string[] {
  const speed = Math.min(2, Math.max(0.5, options.speed));
  const filters = [...(speed === 1 ? [] : [`atempo=${speed.toFixed(4)}`]), `volume=${Math.max(0, options.volume).toFixed(3)}`];
  return [...FFMPEG_COMMON, '-i', options.input, '-vn', '-af', filters.join(','), '-ac', '1', '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}

/**
 * A recording without the silence before and after the speech (below `thresholdDb`, kept: a
 * breath of `keepSeconds` each side), mono WAV at `sampleRate`. The end is trimmed by reversing,
 * trimming the start, and reversing back.
 */
export function trimSilenceArgs(options: { input: string; output: string; sampleRate: number; thresholdDb?: number; keepSeconds?: number }): string[] {
  const threshold = options.thresholdDb ?? -45;
  const keep = (options.keepSeconds ?? 0.05).toFixed(3);
  const trimStart = `silenceremove=start_periods=1:start_duration=0.02:start_threshold=${threshold}dB:start_silence=${keep}`;
  return [...FFMPEG_COMMON, '-i', options.input, '-vn', '-ac', '1', '-af', `${trimStart},areverse,${trimStart},areverse`, '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}

/** Tracks of one length laid over each other (summed, no level change), mono WAV `durationSeconds` long: the lanes of overlapping takes. */
export function layerTracksArgs(options: { inputs: readonly string[]; output: string; durationSeconds: number; sampleRate: number }): string[] {
  const inputs = options.inputs.flatMap((input) => ['-i', input]);
  const labels = options.inputs.map((_, index) => `[${index}:a]`).join('');
  const graph = `${labels}amix=inputs=${options.inputs.length}:duration=longest:dropout_transition=0:normalize=0,apad,atrim=0:${options.durationSeconds.toFixed(3)}[out]`;
  return [...FFMPEG_COMMON, ...inputs, '-filter_complex', graph, '-map', '[out]', '-ac', '1', '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}
