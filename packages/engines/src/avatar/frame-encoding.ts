/**
 * ffmpeg command lines of the avatar renderers (pure builders): straight-alpha RGBA frames on
 * standard input with a speech track → H.264 + AAC MP4; a scene's frames laid over its background
 * video (cover-fitted, looped or held) → a silent H.264 segment; the segments concatenated with the
 * sound; an animator's MP4 decoded to RGBA frames.
 */
const COMMON = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'] as const;

const rate = (frameRate: number) => (Number.isInteger(frameRate) ? String(frameRate) : frameRate.toFixed(6));

export interface EncodeRgbaOptions {
  width: number;
  height: number;
  frameRate: number;
  /** The audio (any format ffmpeg reads), encoded to AAC; cut to the frames' length. Without it the video is silent. */
  audioFile?: string | undefined;
  /** The frames' length (seconds); the audio is cut (and padded with silence) to it. */
  durationSeconds: number;
  output: string;
  crf?: number;
  preset?: string;
}

/** Raw `rgba` frames on stdin (+ audio) → web-ready H.264/AAC MP4. */
export function encodeRgbaFramesArgs(options: EncodeRgbaOptions): string[] {
  const duration = options.durationSeconds.toFixed(3);
  return [
    ...COMMON,
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${options.width}x${options.height}`, '-r', rate(options.frameRate), '-i', 'pipe:0',
    ...(options.audioFile ? ['-i', options.audioFile] : []),
    '-map', '0:v:0',
    ...(options.audioFile ? ['-map', '1:a:0', '-af', `apad,atrim=0:${duration}`, '-c:a', 'aac', '-b:a', '160k'] : []),
    '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 20), '-pix_fmt', 'yuv420p',
    '-t', duration,
    '-movflags', '+faststart',
    options.output,
  ];
}

export interface EncodeSceneOptions {
  width: number;
  height: number;
  frameRate: number;
  /** Frames of the scene (the input's length). */
  frameCount: number;
  /**
   * A video behind the frames: decoded by ffmpeg, cover-fitted (scaled to fill, centre cropped) and
   * looped (`loop`) or held on its last frame, the frames (transparent where it shows) laid over it.
   */
  background?: { file: string; loop: boolean } | undefined;
  output: string;
  crf?: number;
  preset?: string;
}

/** One scene's raw `rgba` frames on stdin (over a background video, if any) → an H.264 MP4 without sound, to be concatenated. */
export function encodeSceneArgs(options: EncodeSceneOptions): string[] {
  const { width, height } = options;
  const encode = ['-frames:v', String(options.frameCount), '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 20), '-pix_fmt', 'yuv420p', '-an', options.output];
  const frames = ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', rate(options.frameRate), '-i', 'pipe:0'];
  if (!options.background) return [...COMMON, ...frames, '-map', '0:v:0', ...encode];
  const fit = `setpts=PTS-STARTPTS,fps=${rate(options.frameRate)},scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bilinear,crop=${width}:${height},setsar=1`;
  const hold = options.background.loop ? '' : ',tpad=stop_mode=clone:stop=-1';
  return [
    ...COMMON,
    ...frames,
    ...(options.background.loop ? ['-stream_loop', '-1'] : []),
    '-i', options.background.file,
    '-filter_complex', `[1:v:0]${fit}${hold}[background];[background][0:v:0]overlay=shortest=1:format=auto,format=yuv420p[picture]`,
    '-map', '[picture]',
    ...encode,
  ];
}

/** The scenes' videos (a concat list file) one after another, copied, with the sound (AAC) cut to `durationSeconds`. */
export function concatScenesArgs(options: { listFile: string; audioFile: string; durationSeconds: number; output: string }): string[] {
  const duration = options.durationSeconds.toFixed(3);
  return [
    ...COMMON,
    '-f', 'concat', '-safe', '0', '-i', options.listFile,
    '-i', options.audioFile,
    '-map', '0:v:0', '-map', '1:a:0',
    '-c:v', 'copy',
    '-af', `apad,atrim=0:${duration}`, '-c:a', 'aac', '-b:a', '160k',
    '-t', duration,
    '-movflags', '+faststart',
    options.output,
  ];
}

/** A video's frames as `rgba` at `frameRate`, covering `width × height` (scaled to fill, centre cropped: an animator's MP4 decoded for the compositor). */
export function rgbaVideoFramesArgs(options: { input: string; width: number; height: number; frameRate: number }): string[] {
  return [
    ...COMMON,
    '-i', options.input,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', `fps=${rate(options.frameRate)},scale=${options.width}:${options.height}:force_original_aspect_ratio=increase:flags=bilinear,crop=${options.width}:${options.height},format=rgba`,
    '-f', 'rawvideo', '-pix_fmt', 'rgba',
    'pipe:1',
  ];
}

/** The scenes' audio one after another, each padded or cut to its scene's length, as a 48 kHz stereo WAV. */
export function concatSceneAudioArgs(scenes: ReadonlyArray<{ audioFile: string; durationSeconds: number }>, output: string): string[] {
  const inputs = scenes.flatMap((scene) => ['-i', scene.audioFile]);
  const chains = scenes.map((scene, index) => `[${index}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=0:${scene.durationSeconds.toFixed(4)},asetpts=N/SR/TB[a${index}]`);
  const joined = scenes.map((_, index) => `[a${index}]`).join('');
  return [...COMMON, ...inputs, '-filter_complex', `${chains.join(';')};${joined}concat=n=${scenes.length}:v=0:a=1[out]`, '-map', '[out]', '-c:a', 'pcm_s16le', output];
}
