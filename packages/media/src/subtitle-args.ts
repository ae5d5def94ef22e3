/**
 * Subtitles: SRT and WebVTT writers from timed segments (pure), burn-in with libass
 * (`subtitles` filter) and soft tracks (mov_text in MP4, WebVTT in WebM/Matroska).
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export interface TimedText {
  /** Seconds from the start of the media. */
  start: number;
  end: number;
  text: string;
  /** ASS only: the centre of the text block in the picture's pixels (`\an5\pos`), instead of the style's place. */
  centre?: { x: number; y: number } | undefined;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** 3723.456 → `01:02:03,456` (SRT) or `01:02:03.456` (VTT). */
export function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(secs, 2)}${separator}${pad(ms % 1000, 3)}`;
}

/** Segments in order, without empty text or zero length; text lines trimmed, blank lines removed (a blank line ends a cue). */
function cues(segments: readonly TimedText[]): TimedText[] {
  return [...segments]
    .map((segment) => ({ ...segment, text: segment.text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trim()).filter(Boolean).join('\n') }))
    .filter((segment) => segment.text && segment.end > segment.start)
    .sort((a, b) => a.start - b.start);
}

export function toSrt(segments: readonly TimedText[]): string {
  return cues(segments)
    .map((cue, index) => `${index + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cue.text}\n`)
    .join('\n');
}

export function toVtt(segments: readonly TimedText[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = cues(segments)
    .map((cue) => `${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${escape(cue.text)}\n`)
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

export interface AssStyle {
  /** The picture's size: the script's coordinates are its pixels. */
  width: number;
  height: number;
  /** A fontconfig family that has the script's characters (e.g. `WenQuanYi Zen Hei` for Chinese). */
  fontName: string;
  /** Pixels. */
  fontSize: number;
  /** Distance of the bottom line from the bottom of the picture (from the top when `position` is `top`), pixels. */
  marginV: number;
  /** Text colour, `#RRGGBB` (default white). */
  textColor?: string;
  /** `outline`: the text outlined in `outlineColor` with a soft shadow (default); `box`: on a translucent box of `outlineColor`. */
  look?: 'outline' | 'box';
  /** `#RRGGBB`, default near-black. */
  outlineColor?: string;
  /** The box's opacity, 0–1 (`look: 'box'`; default alpha 0x50, about 0.69: a translucent plate). */
  boxOpacity?: number;
  /** Where the lines sit: bottom centre (default) or top centre. */
  position?: 'bottom' | 'top';
  bold?: boolean;
}

/** `#RRGGBB` → ASS `&HAABBGGRR` (alpha 00 opaque … FF transparent). */
export function assColour(hex: string, alpha = 0): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const byte = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');
  return `&H${byte(alpha)}${match[3]!.toUpperCase()}${match[2]!.toUpperCase()}${match[1]!.toUpperCase()}`;
}

/** `3723.456` → `1:02:03.46` (ASS centiseconds). */
function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60, 2)}:${pad(Math.floor(cs / 100) % 60, 2)}.${pad(cs % 100, 2)}`;
}

/**
 * An Advanced SubStation script for burning subtitles in: coordinates in the picture's pixels,
 * by default white text with a dark outline and soft shadow at the bottom centre (or the style's
 * colours, a translucent box, the top), lines broken where the text has line feeds (no automatic
 * wrapping: the caller breaks lines, e.g. CJK-aware).
 */
export function toAss(segments: readonly TimedText[], style: AssStyle): string {
  const box = style.look === 'box';
  // Outline mode: an outline of ~1/16 of the size. Box mode (BorderStyle 3): the "outline" is the box's padding.
  const outline = box ? Math.max(4, Math.round(style.fontSize / 5)) : Math.max(2, Math.round(style.fontSize / 16));
  const primary = assColour(style.textColor ?? '#FFFFFF');
  // A box's alpha: 0x50 (a translucent plate) unless an opacity is given.
  const boxAlpha = style.boxOpacity === undefined ? 0x50 : Math.round(255 * (1 - Math.max(0, Math.min(1, style.boxOpacity))));
  const outlineColour = assColour(style.outlineColor ?? '#101010', box ? boxAlpha : 0);
  const fields = [
    'Default', style.fontName.replace(/,/g, ' '), style.fontSize, primary, '&H000000FF', outlineColour, box ? outlineColour : '&H80000000',
    style.bold ? -1 : 0, 0, 0, 0, 100, 100, 0, 0, box ? 3 : 1, outline, box ? 0 : 1, style.position === 'top' ? 8 : 2,
    Math.round(style.width * 0.05), Math.round(style.width * 0.05), style.marginV, 1,
  ];
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${style.width}`,
    `PlayResY: ${style.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${fields.join(',')}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  // Override blocks and backslashes in the text would be read as commands.
  const escape = (text: string) => text.replace(/\\/g, '/').replace(/\{/g, '(').replace(/\}/g, ')').split('\n').map((line) => line.trim()).filter(Boolean).join('\\N');
  const place = (cue: TimedText) => (cue.centre ? `{\\an5\\pos(${Math.round(cue.centre.x)},${Math.round(cue.centre.y)})}` : '');
  const events = cues(segments).map((cue) => `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Default,,0,0,0,,${place(cue)}${escape(cue.text)}`);
  return `${[...header, ...events].join('\n')}\n`;
}

/**
 * A path as a value inside a filter graph: escaped once for the option parser (`\ ' :`) and once
 * for the graph parser (`\ ' [ ] , ;`), as ffmpeg's filter documentation describes.
 */
export function escapeFilterPath(file: string): string {
  const option = file.replace(/[\\':]/g, (character) => `\\${character}`);
  return option.replace(/[\\'[\],;]/g, (character) => `\\${character}`);
}

export interface BurnSubtitlesOptions {
  video: string;
  /** An .srt, .vtt or .ass file. */
  subtitles: string;
  output: string;
  /**
   * A fontconfig family name. Absent: libass asks fontconfig for its default, which on Debian
   * with `fonts-noto-cjk` or `fonts-wqy-zenhei` covers Chinese; without a CJK font, Chinese
   * renders as boxes.
   */
  fontName?: string;
  /** A folder of extra fonts (libass `fontsdir`). */
  fontsDir?: string;
  fontSize?: number;
  /** x264 quality (CRF), default 20. */
  crf?: number;
}

/** Subtitles drawn into the picture (the video is re-encoded, the audio copied). */
/** Picture quality of a video with subtitles burned in (a finished video): x264 CRF. */
export const BURNED_SUBTITLES_CRF = 20;

export function burnSubtitlesArgs(options: BurnSubtitlesOptions): string[] {
  const style = [options.fontName ? `FontName=${options.fontName}` : '', options.fontSize ? `FontSize=${options.fontSize}` : ''].filter(Boolean).join(',');
  const filter = [
    `subtitles=filename=${escapeFilterPath(options.subtitles)}`,
    ...(options.fontsDir ? [`fontsdir=${escapeFilterPath(options.fontsDir)}`] : []),
    ...(style ? [`force_style=${escapeFilterPath(style)}`] : []),
  ].join(':');
  return [
    ...FFMPEG_COMMON,
    '-i', options.video,
    '-vf', filter,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(options.crf ?? BURNED_SUBTITLES_CRF), '-pix_fmt', 'yuv420p',
    '-c:a', 'copy',
    ...(/\.(mp4|m4v|mov)$/i.test(options.output) ? ['-movflags', '+faststart'] : []),
    options.output,
  ];
}

export interface SubtitleStillOptions {
  video: string;
  /** An .ass file timed against the whole video. */
  subtitles: string;
  /** The moment of the video shown (the subtitles of that moment drawn on it). */
  atSeconds: number;
  /** A .jpg. */
  output: string;
  /** Scaled to this width at most (height follows). */
  maxWidth?: number;
}

/** One frame of the video with the subtitles of its moment drawn, as a JPEG (a review still). */
export function subtitleStillArgs(options: SubtitleStillOptions): string[] {
  const at = Math.max(0, options.atSeconds).toFixed(3);
  // Seeking before the input restarts the clock at 0: the frame's time is put back so libass draws the cue of that moment.
  const filters = [`setpts=PTS+${at}/TB`, `subtitles=filename=${escapeFilterPath(options.subtitles)}`, ...(options.maxWidth ? [`scale='min(${options.maxWidth},iw)':-2`] : [])];
  return [...FFMPEG_COMMON, '-ss', at, '-i', options.video, '-an', '-sn', '-vf', filters.join(','), '-frames:v', '1', '-q:v', '4', options.output];
}

export interface SoftSubtitleTrack {
  file: string;
  /** ISO 639-2, e.g. `eng`, `chi`. */
  language: string;
  title?: string;
}

export interface SoftSubtitlesOptions {
  video: string;
  tracks: readonly SoftSubtitleTrack[];
  output: string;
  /** Picks the subtitle codec: mov_text for MP4, WebVTT for WebM and Matroska. */
  container: 'mp4' | 'webm' | 'mkv';
}

/** Selectable subtitle tracks; picture and sound are copied. */
export function softSubtitlesArgs(options: SoftSubtitlesOptions): string[] {
  const codec = options.container === 'mp4' ? 'mov_text' : 'webvtt';
  return [
    ...FFMPEG_COMMON,
    '-i', options.video,
    ...options.tracks.flatMap((track) => ['-i', track.file]),
    '-map', '0:v?', '-map', '0:a?',
    ...options.tracks.flatMap((_, index) => ['-map', `${index + 1}:0`]),
    '-c:v', 'copy', '-c:a', 'copy', '-c:s', codec,
    ...options.tracks.flatMap((track, index) => [
      `-metadata:s:s:${index}`, `language=${track.language}`,
      ...(track.title ? [`-metadata:s:s:${index}`, `title=${track.title}`] : []),
    ]),
    ...(options.container === 'mp4' ? ['-movflags', '+faststart'] : []),
    options.output,
  ];
}
