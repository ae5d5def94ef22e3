/**
 * Pure builders of ffmpeg argument lists for audio work: extraction, loudness normalisation,
 * resampling, concatenation with silence, mixing (with or without ducking), muxing into video.
 * Executed only by `runFfmpeg` (media-runner.ts).
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export type AudioCodec = 'pcm_s16le' | 'aac' | 'libmp3lame' | 'libopus' | 'flac';

const BITRATE: Partial<Record<AudioCodec, string>> = { aac: '192k', libmp3lame: '192k', libopus: '128k' };

const codecArgs = (codec: AudioCodec) => ['-c:a', codec, ...(BITRATE[codec] ? ['-b:a', BITRATE[codec]] : [])];

/** Working format inside filter graphs: float, one layout, one rate, so inputs of any kind combine. */
const normalise = (sampleRate: number, channels: 1 | 2) => `aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=${channels === 1 ? 'mono' : 'stereo'}`;

export interface ExtractAudioOptions {
  input: string;
  output: string;
  codec?: AudioCodec;
  sampleRate?: number;
  channels?: 1 | 2;
  /** Which audio stream of the input (default the first). */
  streamIndex?: number;
}

/** The audio of a video (or any media) as its own file. */
export function extractAudioArgs(options: ExtractAudioOptions): string[] {
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-vn', '-sn', '-dn',
    '-map', `0:a:${options.streamIndex ?? 0}`,
    ...(options.channels ? ['-ac', String(options.channels)] : []),
    ...(options.sampleRate ? ['-ar', String(options.sampleRate)] : []),
    ...codecArgs(options.codec ?? 'pcm_s16le'),
    options.output,
  ];
}

export interface ResampleOptions {
  input: string;
  output: string;
  sampleRate: number;
  channels?: 1 | 2;
  codec?: AudioCodec;
}

/** Another sample rate (and optionally channel count), e.g. 16 kHz mono for speech engines. */
export function resampleArgs(options: ResampleOptions): string[] {
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-vn',
    '-af', `aresample=${options.sampleRate}:resampler=swr:dither_method=triangular`,
    ...(options.channels ? ['-ac', String(options.channels)] : []),
    '-ar', String(options.sampleRate),
    ...codecArgs(options.codec ?? 'pcm_s16le'),
    options.output,
  ];
}

export interface SpeechPieceOptions {
  input: string;
  /** An `.mp3` file. */
  output: string;
  startSeconds: number;
  durationSeconds: number;
}

/**
 * A piece of a recording as compact speech for a remote recogniser: 16 kHz mono MP3 at 48 kb/s
 * (about 0.36 MB a minute, so 20 minutes stay well inside a 25 MB upload limit).
 */
export function speechPieceArgs(options: SpeechPieceOptions): string[] {
  return [
    ...FFMPEG_COMMON,
    '-ss', options.startSeconds.toFixed(3),
    '-t', options.durationSeconds.toFixed(3),
    '-i', options.input,
    '-vn', '-sn', '-dn',
    '-ac', '1',
    '-ar', '16000',
    '-c:a', 'libmp3lame', '-b:a', '48k',
    options.output,
  ];
}

/**
 * Loudness targets (EBU R128 `loudnorm`): −16 LUFS integrated, −1.5 dBTP true peak, 11 LU range —
 * the usual level for speech on the web and in podcasts (−23 LUFS is broadcast; pass it for TV).
 */
export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDb: number;
  rangeLu: number;
}
export const SPEECH_LOUDNESS: LoudnessTarget = { integratedLufs: -16, truePeakDb: -1.5, rangeLu: 11 };

const loudnormTarget = (target: LoudnessTarget) => `I=${target.integratedLufs}:TP=${target.truePeakDb}:LRA=${target.rangeLu}`;

/** First pass: measure (JSON summary on stderr, read by `parseLoudnormMeasurement`). */
export function loudnormMeasureArgs(input: string, target: LoudnessTarget = SPEECH_LOUDNESS): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-i', input, '-vn', '-af', `loudnorm=${loudnormTarget(target)}:print_format=json`, '-f', 'null', '-'];
}

export interface LoudnormMeasurement {
  inputI: number;
  inputTp: number;
  inputLra: number;
  inputThresh: number;
  targetOffset: number;
}

/** The measurement block `loudnorm` prints (the last `{...}` on stderr); undefined when absent or silent input (`-inf`). */
export function parseLoudnormMeasurement(stderr: string): LoudnormMeasurement | undefined {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  let raw: Record<string, string>;
  try {
    raw = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  } catch {
    return undefined;
  }
  const values = [raw.input_i, raw.input_tp, raw.input_lra, raw.input_thresh, raw.target_offset].map(Number);
  if (values.some((value) => !Number.isFinite(value))) return undefined;
  const [inputI, inputTp, inputLra, inputThresh, targetOffset] = values as [number, number, number, number, number];
  return { inputI, inputTp, inputLra, inputThresh, targetOffset };
}

export interface NormalizeOptions {
  input: string;
  output: string;
  target?: LoudnessTarget;
  /** From the first pass; without it, one-pass dynamic normalisation (less exact, no first read). */
  measured?: LoudnormMeasurement;
  sampleRate?: number;
  codec?: AudioCodec;
}

/** Second pass (linear gain from the measurement) or a single dynamic pass. loudnorm works at 192 kHz, so the rate is set back. */
export function loudnormArgs(options: NormalizeOptions): string[] {
  const target = options.target ?? SPEECH_LOUDNESS;
  const m = options.measured;
  const filter = m
    ? `loudnorm=${loudnormTarget(target)}:measured_I=${m.inputI}:measured_TP=${m.inputTp}:measured_LRA=${m.inputLra}:measured_thresh=${m.inputThresh}:offset=${m.targetOffset}:linear=true:print_format=summary`
    : `loudnorm=${loudnormTarget(target)}:print_format=summary`;
  return [...FFMPEG_COMMON, '-i', options.input, '-vn', '-af', filter, '-ar', String(options.sampleRate ?? 48000), ...codecArgs(options.codec ?? 'pcm_s16le'), options.output];
}

export interface ConcatOptions {
  inputs: readonly string[];
  output: string;
  /** Silence after each clip but the last: one value for all gaps or one per gap (seconds). */
  gapSeconds: number | readonly number[];
  /** Silence before the first clip. */
  leadSeconds?: number;
  sampleRate?: number;
  channels?: 1 | 2;
  codec?: AudioCodec;
}

/** Clips one after another with silence between (synthesised sentences into one track). */
export function concatWithSilenceArgs(options: ConcatOptions): string[] {
  if (options.inputs.length === 0) throw new Error('concat needs at least one input');
  const rate = options.sampleRate ?? 24000;
  const channels = options.channels ?? 1;
  const gapAt = (index: number) => (typeof options.gapSeconds === 'number' ? options.gapSeconds : (options.gapSeconds[index] ?? 0));
  const parts = options.inputs.map((_, index) => {
    const filters = [normalise(rate, channels)];
    if (index === 0 && options.leadSeconds) filters.push(`adelay=delays=${Math.round(options.leadSeconds * 1000)}:all=1`);
    const gap = index < options.inputs.length - 1 ? gapAt(index) : 0;
    if (gap > 0) filters.push(`apad=pad_dur=${gap}`);
    return `[${index}:a]${filters.join(',')}[a${index}]`;
  });
  const labels = options.inputs.map((_, index) => `[a${index}]`).join('');
  const graph = [...parts, `${labels}concat=n=${options.inputs.length}:v=0:a=1[out]`].join(';');
  return [...FFMPEG_COMMON, ...options.inputs.flatMap((input) => ['-i', input]), '-filter_complex', graph, '-map', '[out]', '-ar', String(rate), ...codecArgs(options.codec ?? 'pcm_s16le'), options.output];
}

export interface DuckingOptions {
  voice: string;
  background: string;
  output: string;
  /** Background level before ducking, dB (default −6). */
  backgroundGainDb?: number;
  /** Compressor on the background keyed by the voice. Defaults: threshold 0.03, ratio 10, attack 20 ms, release 400 ms. */
  threshold?: number;
  ratio?: number;
  attackMs?: number;
  releaseMs?: number;
  /** Length of the result: the longer input (default), the voice, or the shorter. */
  duration?: 'longest' | 'first' | 'shortest';
  sampleRate?: number;
  codec?: AudioCodec;
}

/** Voice over background music/ambience; the background dips while the voice speaks (`sidechaincompress`). */
export function mixWithDuckingArgs(options: DuckingOptions): string[] {
  const rate = options.sampleRate ?? 48000;
  const graph = [
    `[0:a]${normalise(rate, 2)},asplit=2[voice][key]`,
    `[1:a]${normalise(rate, 2)},volume=${options.backgroundGainDb ?? -6}dB[bed]`,
    `[bed][key]sidechaincompress=threshold=${options.threshold ?? 0.03}:ratio=${options.ratio ?? 10}:attack=${options.attackMs ?? 20}:release=${options.releaseMs ?? 400}[ducked]`,
    `[voice][ducked]amix=inputs=2:duration=${options.duration ?? 'longest'}:dropout_transition=0:normalize=0[out]`,
  ].join(';');
  return [...FFMPEG_COMMON, '-i', options.voice, '-i', options.background, '-filter_complex', graph, '-map', '[out]', '-ar', String(rate), ...codecArgs(options.codec ?? 'pcm_s16le'), options.output];
}

export interface BackgroundMixOptions {
  voice: string;
  background: string;
  output: string;
}

/**
 * Voice over a background at their recorded levels (no ducking, no normalisation), as long as the
 * voice: a converted voice put back on the recording's own background (speech to speech).
 */
export function mixWithBackgroundArgs(options: BackgroundMixOptions): string[] {
  return [...FFMPEG_COMMON, '-i', options.voice, '-i', options.background, '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0[out]', '-map', '[out]', options.output];
}

export interface MuxOptions {
  video: string;
  audio: string;
  output: string;
  /** `replace`: the new audio is the only track; `add`: kept after the video's own tracks. */
  mode: 'replace' | 'add';
  /** Audio tracks the video already has (for `add`, to label the new one). */
  existingAudioTracks?: number;
  /** ISO 639-2 code of the new track, e.g. `eng`, `chi`. */
  language?: string;
  title?: string;
  /** End with the shorter stream (default: keep the video's length). */
  shortest?: boolean;
  audioCodec?: AudioCodec;
}

/** Puts an audio track into a video without re-encoding the picture. */
export function muxAudioArgs(options: MuxOptions): string[] {
  const newIndex = options.mode === 'replace' ? 0 : (options.existingAudioTracks ?? 0);
  return [
    ...FFMPEG_COMMON,
    '-i', options.video,
    '-i', options.audio,
    '-map', '0:v:0',
    ...(options.mode === 'add' ? ['-map', '0:a?'] : []),
    '-map', '1:a:0',
    '-c:v', 'copy',
    ...(options.mode === 'add' ? ['-c:a', 'copy', `-c:a:${newIndex}`, options.audioCodec ?? 'aac', `-b:a:${newIndex}`, '192k'] : codecArgs(options.audioCodec ?? 'aac')),
    ...(options.language ? [`-metadata:s:a:${newIndex}`, `language=${options.language}`] : []),
    ...(options.title ? [`-metadata:s:a:${newIndex}`, `title=${options.title}`] : []),
    ...(options.shortest ? ['-shortest'] : []),
    ...(/\.(mp4|m4v|mov)$/i.test(options.output) ? ['-movflags', '+faststart'] : []),
    options.output,
  ];
}
