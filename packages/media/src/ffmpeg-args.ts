/**
 * Pure builders of ffmpeg/ffprobe argument lists. They are snapshot-tested and executed by
 * `runFfmpeg` / `runFfprobe` (media-runner.ts), the only place that spawns processes.
 */

/** Flags every ffmpeg run starts with: quiet, no stdin, overwrite. */
export const FFMPEG_COMMON = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'] as const;
const COMMON = FFMPEG_COMMON;

export interface ToneOptions {
  frequencyHz: number;
  durationSeconds: number;
  /** Read the generated input at its native rate (-re), so the work takes as long as the audio. */
  realtime: boolean;
  sampleRate?: number;
  output: string;
}

/** A sine test tone encoded to MP3, reporting progress on stdout (`-progress pipe:1`). */
export function toneToMp3Args(options: ToneOptions): string[] {
  return [
    ...COMMON,
    '-progress', 'pipe:1',
    '-nostats',
    ...(options.realtime ? ['-re'] : []),
    '-f', 'lavfi',
    '-i', `sine=frequency=${options.frequencyHz}:sample_rate=${options.sampleRate ?? 44100}:duration=${options.durationSeconds}`,
    '-c:a', 'libmp3lame',
    '-b:a', '128k',
    options.output,
  ];
}

/** A sine test tone as 16-bit PCM WAV. */
export function toneToWavArgs(options: Omit<ToneOptions, 'realtime'>): string[] {
  return [
    ...COMMON,
    '-f', 'lavfi',
    '-i', `sine=frequency=${options.frequencyHz}:sample_rate=${options.sampleRate ?? 44100}:duration=${options.durationSeconds}`,
    '-c:a', 'pcm_s16le',
    options.output,
  ];
}

export interface EncodeMp3Options {
  input: string;
  output: string;
  /** Output sample rate; MP3 takes 8–48 kHz, other rates make the encoder fail (no silent resampling). */
  sampleRate: number;
  bitrateKbps?: number;
  /** Read the input at its native rate (-re): the encode lasts as long as the audio. */
  realtime?: boolean;
}

/** Encodes audio to MP3, reporting progress on stdout (`-progress pipe:1`). */
export function encodeMp3Args(options: EncodeMp3Options): string[] {
  return [
    ...COMMON,
    '-progress', 'pipe:1',
    '-nostats',
    ...(options.realtime ? ['-re'] : []),
    '-i', options.input,
    '-c:a', 'libmp3lame',
    '-ar', String(options.sampleRate),
    '-b:a', `${options.bitrateKbps ?? 128}k`,
    options.output,
  ];
}

/** Integrated loudness (EBU R128) of a file; the summary is printed on stderr. */
export function loudnessArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-i', input, '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'];
}

/**
 * Stream and format facts as JSON. ffprobe decodes a picture to learn some of them: `maxPixels`
 * makes its decoders refuse larger pictures (an image then reads as 0×0, a video fails) instead
 * of allocating them.
 */
export function probeArgs(input: string, options: { maxPixels?: number } = {}): string[] {
  return ['-v', 'error', ...(options.maxPixels ? ['-max_pixels', String(Math.floor(options.maxPixels))] : []), '-print_format', 'json', '-show_format', '-show_streams', input];
}

/**
 * The video streams' width and height as the container declares them (MP4/MOV track headers,
 * Matroska/WebM track entries), without decoding anything (`-nofind_stream_info`). CSV lines `w,h`.
 */
export function declaredVideoSizeArgs(input: string): string[] {
  return ['-v', 'error', '-nofind_stream_info', '-select_streams', 'V', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', input];
}

/** The largest `w,h` line of `declaredVideoSizeArgs` output; undefined when none states a size. */
export function parseDeclaredVideoSize(stdout: string): { width: number; height: number } | undefined {
  let best: { width: number; height: number } | undefined;
  for (const line of stdout.split('\n')) {
    const [width, height] = line.split(',').map((value) => Number.parseInt(value, 10));
    if (!width || !height || width <= 0 || height <= 0) continue;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/**
 * Every packet's stream type, presentation time and duration (CSV lines `type,pts_time,duration_time`),
 * read from the container's packets without decoding anything. A file's length is where its last
 * audio or video packet ends: the header's duration (MP4 `mvhd`/`tkhd`/`mdhd`, Matroska `Duration`)
 * is only what the writer claims, and a MediaRecorder WebM claims none.
 */
export function packetEndsArgs(input: string): string[] {
  // `-o pipe:1` writes through ffprobe's buffered I/O (32 KiB blocks); plain stdout reaches a pipe a
  // line or two at a time, and reading 70 000 small chunks of an hour's listing cost 1.5 s of CPU.
  return ['-v', 'error', '-show_entries', 'packet=codec_type,pts_time,duration_time', '-of', 'csv=p=0', '-o', 'pipe:1', input];
}

/** Where one `packetEndsArgs` line's packet ends (pts + duration), for audio and video packets only. */
export function parsePacketEnd(line: string): number | undefined {
  const [type, pts, duration] = line.trim().split(',');
  if (type !== 'audio' && type !== 'video') return undefined;
  const start = Number.parseFloat(pts ?? '');
  if (!Number.isFinite(start)) return undefined;
  const length = Number.parseFloat(duration ?? '');
  return start + (Number.isFinite(length) && length > 0 ? length : 0);
}

/** The end of the last audio or video packet in `packetEndsArgs` output, in seconds. */
export function parseLastPacketEnd(stdout: string): number | undefined {
  let end: number | undefined;
  for (const line of stdout.split('\n')) {
    const packetEnd = parsePacketEnd(line);
    if (packetEnd !== undefined && (end === undefined || packetEnd > end)) end = packetEnd;
  }
  return end;
}

/** Parses the ebur128 summary: integrated loudness in LUFS, or undefined when absent. */
export function parseIntegratedLoudness(stderr: string): number | undefined {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = /I:\s+(-?\d+(?:\.\d+)?)\s+LUFS/.exec(summary);
  return match ? Number(match[1]) : undefined;
}

/** Parses `-progress` output: the latest `out_time_us` (or `out_time_ms`, which ffmpeg also reports in µs) in seconds. */
export function parseProgressSeconds(chunk: string): number | undefined {
  let last: number | undefined;
  for (const match of chunk.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) last = Number(match[1]) / 1_000_000;
  return last;
}
