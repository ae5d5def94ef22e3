/** Still images from video: a frame at a time as JPEG or WebP (pure builder). */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export interface ThumbnailOptions {
  input: string;
  output: string;
  atSeconds: number;
  /** Width in pixels; the height follows the aspect ratio (even). Default: the video's own size. */
  width?: number;
  format: 'jpeg' | 'webp';
  /** JPEG: 2 (best) … 31; WebP: 0 … 100. Defaults 3 and 80. */
  quality?: number;
}

export function thumbnailArgs(options: ThumbnailOptions): string[] {
  return [
    ...FFMPEG_COMMON,
    // Seeking before -i is fast (keyframe) and, since ffmpeg 2.1, still frame-accurate.
    '-ss', String(Math.max(0, options.atSeconds)),
    '-i', options.input,
    '-frames:v', '1',
    '-an',
    ...(options.width ? ['-vf', `scale=${options.width}:-2`] : []),
    ...(options.format === 'jpeg'
      ? ['-c:v', 'mjpeg', '-q:v', String(options.quality ?? 3), '-f', 'image2']
      : ['-c:v', 'libwebp', '-quality', String(options.quality ?? 80), '-f', 'webp']),
    options.output,
  ];
}
