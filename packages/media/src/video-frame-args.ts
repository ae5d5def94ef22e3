/** Decoded video frames as raw pixels on standard output, for in-process analysis such as OCR (pure builder). */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export type RawPixelFormat = 'rgb24' | 'gray' | 'yuv420p';

export interface RawVideoFramesOptions {
  input: string;
  /** Frames per second to output: frame k shows the picture at k / rate (ffmpeg's fps filter). Default: every decoded frame. */
  framesPerSecond?: number;
  /** Seek here first (before the input: fast and frame-accurate); output times count from it. */
  startSeconds?: number;
  /** Stop after this many frames. */
  frameCount?: number;
  /** Keep only this part of the (displayed, rotation-applied) picture, in whole pixels. */
  crop?: { x: number; y: number; width: number; height: number };
  /** Resize after the crop (area averaging, for downscaling). */
  scale?: { width: number; height: number };
  pixelFormat?: RawPixelFormat;
}

/** The first video stream's frames as headerless `rgb24` (or `gray`, or planar `yuv420p`) pictures one after another on stdout. */
export function rawVideoFramesArgs(options: RawVideoFramesOptions): string[] {
  const filters: string[] = [];
  if (options.framesPerSecond) filters.push(`fps=${options.framesPerSecond}`);
  if (options.crop) {
    const { x, y, width, height } = options.crop;
    filters.push(`crop=${Math.round(width)}:${Math.round(height)}:${Math.round(x)}:${Math.round(y)}`);
  }
  if (options.scale) filters.push(`scale=${Math.round(options.scale.width)}:${Math.round(options.scale.height)}:flags=area`);
  return rawPipeArgs(options.input, options.startSeconds, filters.join(','), options.frameCount, options.pixelFormat ?? 'rgb24');
}

/** The first video stream, from `startSeconds`, through `filter`, as headerless pictures on stdout. */
function rawPipeArgs(input: string, startSeconds: number | undefined, filter: string, frameCount: number | undefined, pixelFormat: RawPixelFormat): string[] {
  return [
    ...FFMPEG_COMMON,
    ...(startSeconds ? ['-ss', String(startSeconds)] : []),
    '-i', input,
    '-map', '0:v:0',
    '-an', '-sn', '-dn',
    ...(filter ? ['-vf', filter] : []),
    ...(frameCount ? ['-frames:v', String(frameCount)] : []),
    '-f', 'rawvideo',
    '-pix_fmt', pixelFormat,
    'pipe:1',
  ];
}

export interface RawVideoFramePairsOptions {
  input: string;
  /** Seek here first (before the input: fast and frame-accurate); output times count from it. */
  startSeconds?: number;
  /** Pairs per second (the fps filter on each of the two): pair k is the picture at k / rate and the one at k / rate + `laterSeconds`. Default: the first frame and its later one only. */
  framesPerSecond?: number;
  /** How much later the second frame of a pair is (more than 0). */
  laterSeconds: number;
  /** Stop after this many pairs. */
  pairCount: number;
  /** Resize each frame (area averaging, for downscaling). */
  scale: { width: number; height: number };
}

/**
 * Pairs of frames from one decoding, as `rgb24` pictures twice as tall: the frame on top, the one
 * `laterSeconds` later below. Each half is the frame `rawVideoFramesArgs` would give with the same
 * start (later: the start plus `laterSeconds`), rate and scale: the later frames are the decoded
 * ones from `laterSeconds` on, their times moved back by it, so both halves fall on the same
 * slots of the fps filter. Where the later frames run out first (the video's end), the last later
 * frame is given again (vstack's default): the reader tells it by its bytes.
 */
export function rawVideoFramePairsArgs(options: RawVideoFramePairsOptions): string[] {
  if (!(options.laterSeconds > 0)) throw new RangeError(`laterSeconds must be more than 0 (got ${options.laterSeconds})`);
  const later = options.laterSeconds.toFixed(6);
  const fps = options.framesPerSecond ? `fps=${options.framesPerSecond},` : '';
  const each = `${fps}scale=${Math.round(options.scale.width)}:${Math.round(options.scale.height)}:flags=area,format=rgb24`;
  const graph = `split[first][second];[first]${each}[top];[second]trim=start=${later},setpts=PTS-${later}/TB,${each}[bottom];[top][bottom]vstack`;
  return rawPipeArgs(options.input, options.startSeconds, graph, options.pairCount, 'rgb24');
}

/** Bytes of one raw frame. */
export function rawFrameBytes(width: number, height: number, pixelFormat: RawPixelFormat = 'rgb24'): number {
  if (pixelFormat === 'yuv420p') return width * height + 2 * Math.ceil(width / 2) * Math.ceil(height / 2);
  return width * height * (pixelFormat === 'gray' ? 1 : 3);
}

export interface VideoFrameImageOptions {
  input: string;
  /** The moment of the video shown. */
  atSeconds: number;
  /** A .png (lossless: what OCR reads is the picture as encoded). */
  output: string;
}

/** One frame of the video as an image file (seeking before the input: fast and frame-accurate). */
export function videoFrameImageArgs(options: VideoFrameImageOptions): string[] {
  return [...FFMPEG_COMMON, '-ss', Math.max(0, options.atSeconds).toFixed(3), '-i', options.input, '-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', '1', options.output];
}
