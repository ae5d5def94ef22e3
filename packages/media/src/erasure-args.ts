/**
 * ffmpeg command lines of video erasure (pure builders): the erased picture encoded from raw
 * frames on standard input with the original's audio copied, and the fast mode (`delogo`).
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';
import { escapeFilterPath } from './subtitle-args.ts';

/** Audio codecs an MP4 holds as they are; others are encoded to AAC. */
export const MP4_AUDIO_CODECS: readonly string[] = ['aac', 'mp3', 'opus', 'ac3', 'eac3', 'alac', 'flac'];

/**
 * Picture quality of erased videos: x264 CRF (lower is better). 9, not 12: a logo over animated
 * texture (the corpus's `distractor-logo`) came out of a plain CRF 12 re-encode at 38.4 dB on its
 * pixels, under the 40 dB an untouched distractor must keep; CRF 9 gives 41.1 dB for 29 % more bytes
 * (decision 084). A video drawn over in the same encode uses `BURNED_SUBTITLES_CRF` instead.
 */
export const ERASURE_VIDEO_CRF = 9;

export interface EncodeRawVideoOptions {
  width: number;
  height: number;
  /** Frames per second of the raw frames (the original's). */
  frameRate: number;
  /** The original: its first audio stream goes into the output. */
  audioSource: string;
  /** Copy the audio as it is (true) or encode it to AAC (an audio codec MP4 cannot hold). */
  copyAudio: boolean;
  /** Whether the original has audio at all. */
  hasAudio: boolean;
  output: string;
  crf?: number;
  preset?: string;
  /**
   * An ASS script drawn over the frames in the same encode (libass): the erased picture and the
   * lines drawn in its place come out of one encode, not an erased copy encoded again.
   */
  subtitles?: string | undefined;
}

const rate = (frameRate: number) => (Number.isInteger(frameRate) ? String(frameRate) : frameRate.toFixed(6));

function audioArgs(options: { hasAudio: boolean; copyAudio: boolean }, inputIndex: number): string[] {
  if (!options.hasAudio) return [];
  return ['-map', `${inputIndex}:a:0`, ...(options.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k'])];
}

/** Raw `yuv420p` frames on stdin → H.264 MP4, the original's first audio stream copied (or AAC), web-ready. */
export function encodeRawVideoArgs(options: EncodeRawVideoOptions): string[] {
  return [
    ...FFMPEG_COMMON,
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${options.width}x${options.height}`, '-r', rate(options.frameRate), '-i', 'pipe:0',
    ...(options.hasAudio ? ['-i', options.audioSource] : []),
    '-map', '0:v:0',
    ...audioArgs(options, 1),
    ...(options.subtitles ? ['-vf', `subtitles=filename=${escapeFilterPath(options.subtitles)}`] : []),
    '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? ERASURE_VIDEO_CRF), '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    options.output,
  ];
}

/**
 * Raw `yuv420p` frames on stdin → one image file each (PNG, or JPEG by the extension), numbered from
 * 1 in `pattern` (`…/%06d.png`), in one process however many. A PNG is a work file read once (the
 * text-left check): compressed at zlib's fastest level, the same pixels at about half the CPU of the
 * default level and a somewhat larger file.
 */
export function rawFrameImagesArgs(options: { width: number; height: number; pattern: string }): string[] {
  const png = options.pattern.toLowerCase().endsWith('.png');
  return [...FFMPEG_COMMON, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${options.width}x${options.height}`, '-i', 'pipe:0', ...(png ? ['-compression_level', '1'] : []), '-f', 'image2', '-start_number', '1', options.pattern];
}

export interface DelogoRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  startSeconds: number;
  endSeconds: number;
}

/**
 * `delogo` filters for the regions, each on while its time range lasts. ffmpeg refuses a logo that
 * touches the picture's edge, so each rectangle is kept one pixel inside; a region left with no
 * inside is skipped.
 */
export function delogoFilters(regions: readonly DelogoRegion[], width: number, height: number): string[] {
  const filters: string[] = [];
  for (const region of regions) {
    const x = Math.max(1, Math.round(region.x));
    const y = Math.max(1, Math.round(region.y));
    const right = Math.min(width - 2, Math.round(region.x + region.width));
    const bottom = Math.min(height - 2, Math.round(region.y + region.height));
    if (right - x < 2 || bottom - y < 2) continue;
    filters.push(`delogo=x=${x}:y=${y}:w=${right - x}:h=${bottom - y}:enable='between(t,${region.startSeconds.toFixed(3)},${region.endSeconds.toFixed(3)})'`);
  }
  return filters;
}

export interface DelogoVideoOptions {
  input: string;
  output: string;
  width: number;
  height: number;
  regions: readonly DelogoRegion[];
  copyAudio: boolean;
  hasAudio: boolean;
  crf?: number;
  preset?: string;
  /** An ASS script drawn after the regions are erased, in the same encode. */
  subtitles?: string | undefined;
}

/** The fast mode: `delogo` over each region while it lasts, the audio copied. */
export function delogoVideoArgs(options: DelogoVideoOptions): string[] {
  const filters = [...delogoFilters(options.regions, options.width, options.height), ...(options.subtitles ? [`subtitles=filename=${escapeFilterPath(options.subtitles)}`] : [])];
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-map', '0:v:0',
    ...audioArgs(options, 0),
    ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
    '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? ERASURE_VIDEO_CRF), '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    options.output,
  ];
}

/** `durationSeconds` of `input` from `startSeconds`, re-encoded at high quality (a preview's source: exact times, every frame). */
export function cutClipArgs(options: { input: string; output: string; startSeconds: number; durationSeconds: number }): string[] {
  return [
    ...FFMPEG_COMMON,
    ...(options.startSeconds > 0 ? ['-ss', options.startSeconds.toFixed(3)] : []),
    '-i', options.input,
    '-t', options.durationSeconds.toFixed(3),
    '-map', '0:v:0', '-map', '0:a:0?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '10', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '192k',
    options.output,
  ];
}

export interface SideBySideOptions {
  original: string;
  erased: string;
  output: string;
  /** The masks drawn on the original (times relative to the clip). */
  regions: readonly DelogoRegion[];
  /** Width of each half (the picture scaled, aspect kept, even height). */
  halfWidth: number;
}

/** The original with its masks outlined, beside the erased picture (the erased clip's audio), for the preview. */
export function sideBySideArgs(options: SideBySideOptions): string[] {
  const outlines = options.regions.map(
    (region) =>
      `drawbox=x=${Math.round(region.x)}:y=${Math.round(region.y)}:w=${Math.round(region.width)}:h=${Math.round(region.height)}:color=0xff3b30@0.9:t=4:enable='between(t,${region.startSeconds.toFixed(3)},${region.endSeconds.toFixed(3)})'`,
  );
  const scale = `scale=${options.halfWidth}:-2`;
  const left = [...outlines, scale].join(',');
  return [
    ...FFMPEG_COMMON,
    '-i', options.original,
    '-i', options.erased,
    '-filter_complex', `[0:v]${left}[left];[1:v]${scale}[right];[left][right]hstack=inputs=2,format=yuv420p[picture]`,
    '-map', '[picture]', '-map', '1:a:0?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20',
    '-c:a', 'copy',
    '-movflags', '+faststart',
    options.output,
  ];
}
