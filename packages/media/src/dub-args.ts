/**
 * ffmpeg argument builders for dubbing a video (video translation, dubbing): fitting a line's
 * speech to its slot, the background bed under the new voice, the final mix and the mux that keeps
 * the picture bit for bit. Pure; executed by `runFfmpeg`.
 */
import { FFMPEG_COMMON } from './ffmpeg-args.ts';

export interface TimeRegion {
  startSeconds: number;
  endSeconds: number;
}

/**
 * An ffmpeg expression of `t` that is 1 inside the regions, 0 outside, with linear ramps of
 * `rampSeconds` on both sides of each region (so gains switch without clicks). Overlapping ramps
 * add up, capped at 1.
 *
 * A flat sum of the regions' terms fails to parse beyond ~97 of them (ffmpeg's expression parser
 * stops at a depth of 100: a 6-minute video with a line every 3.6 s), and costs every audio frame
 * all the terms. Beyond `GATE_LEAF_TERMS` the terms are therefore put in a tree on `t`:
 * `if(lt(t,m),<terms that can be non-zero before m>,<terms that can be non-zero from m>)`; a term
 * left out of a branch is 0 there, so the value is the flat sum's. Depth and work per frame grow
 * with the logarithm of the count.
 */
export function regionGateExpression(regions: readonly TimeRegion[], rampSeconds = 0.08): string {
  if (!regions.length) return '0';
  const r = Math.max(0.001, rampSeconds);
  const terms = regions.map((region) => {
    const a = (region.startSeconds - r).toFixed(3);
    const b = (region.endSeconds + r).toFixed(3);
    // Zero for t ≤ from and t ≥ to.
    return { from: Number(a), to: Number(b), text: `clip(min((t-${a})/${r},(${b}-t)/${r}),0,1)` };
  });
  return `min(1,${gateTree(terms)})`;
}

/** Terms joined flat up to this count (beyond it, a tree on `t`). */
const GATE_LEAF_TERMS = 16;

type GateTerm = { from: number; to: number; text: string };

function gateTree(terms: readonly GateTerm[]): string {
  if (terms.length <= GATE_LEAF_TERMS) return terms.map((term) => term.text).join('+');
  const starts = terms.map((term) => term.from).sort((x, y) => x - y);
  const split = starts[starts.length >> 1]!;
  const before = terms.filter((term) => term.from < split);
  const after = terms.filter((term) => term.to > split);
  // Regions all overlapping one another cannot be split by time: summed in balanced halves instead.
  if (before.length === terms.length || after.length === terms.length) return balancedSum(terms);
  return `if(lt(t,${split.toFixed(3)}),${before.length ? gateTree(before) : '0'},${after.length ? gateTree(after) : '0'})`;
}

function balancedSum(terms: readonly GateTerm[]): string {
  if (terms.length <= GATE_LEAF_TERMS) return terms.map((term) => term.text).join('+');
  const half = terms.length >> 1;
  return `(${balancedSum(terms.slice(0, half))})+(${balancedSum(terms.slice(half))})`;
}

export interface RegionsOnlyOptions {
  input: string;
  output: string;
  /** The spans to keep, e.g. one speaker's speech segments; at most 500 (longer lists: join them first). */
  regions: readonly TimeRegion[];
  sampleRate: number;
}

/**
 * Only the audio inside `regions`, joined end to end in time order (cut to the sample by `atrim`,
 * not to the frame as `aselect` would), mono 16-bit WAV: what one speaker's voice profile is
 * measured on.
 */
export function regionsOnlyArgs(options: RegionsOnlyOptions): string[] {
  const regions = [...options.regions].filter((region) => region.endSeconds > region.startSeconds).sort((a, b) => a.startSeconds - b.startSeconds);
  if (!regions.length || regions.length > 500) throw new RangeError(`regionsOnlyArgs takes 1–500 regions, not ${regions.length}`);
  const labels = regions.map((_, index) => `[r${index}]`);
  const split = regions.length > 1 ? `[0:a]asplit=${regions.length}${regions.map((_, index) => `[i${index}]`).join('')};` : '';
  const trims = regions.map((region, index) => `${regions.length > 1 ? `[i${index}]` : '[0:a]'}atrim=start=${region.startSeconds.toFixed(3)}:end=${region.endSeconds.toFixed(3)},asetpts=PTS-STARTPTS${labels[index]}`);
  const graph = `${split}${trims.join(';')};${labels.join('')}concat=n=${regions.length}:v=0:a=1[out]`;
  return [...FFMPEG_COMMON, '-i', options.input, '-filter_complex', graph, '-map', '[out]', '-ac', '1', '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}

export interface TempoOptions {
  input: string;
  output: string;
  /** 0.5–2: 1.25 plays 25 % faster (shorter), pitch kept. */
  speed: number;
  sampleRate: number;
}

/** Speech sped up or slowed down with its pitch kept (`atempo`, WSOLA), mono 16-bit WAV. */
export function tempoArgs(options: TempoOptions): string[] {
  const speed = Math.min(2, Math.max(0.5, options.speed));
  return [...FFMPEG_COMMON, '-i', options.input, '-af', `atempo=${speed.toFixed(4)}`, '-ac', '1', '-ar', String(options.sampleRate), '-c:a', 'pcm_s16le', options.output];
}

export interface BackgroundBedOptions {
  /** The original soundtrack (any channels). */
  input: string;
  output: string;
  /** Where the original speech is: the bed changes only there. */
  speechRegions: readonly TimeRegion[];
  /**
   * `centre-cancel`: inside the regions the centre (where dialogue is mixed) is removed, L−R / R−L,
   * and what is panned to the sides (music, ambience) stays; `duck`: inside the regions the whole
   * original is lowered by `duckDb`. Outside the regions the original plays unchanged either way.
   */
  method: 'centre-cancel' | 'duck';
  /** Default −18 dB. */
  duckDb?: number;
  sampleRate?: number;
}

/** The background under the dub: the original soundtrack with its speech removed or lowered where people speak. */
export function backgroundBedArgs(options: BackgroundBedOptions): string[] {
  const rate = options.sampleRate ?? 48_000;
  const gate = regionGateExpression(options.speechRegions);
  const base = `aresample=${rate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  let graph: string;
  if (options.method === 'centre-cancel') {
    graph = [
      `[0:a]${base},asplit=2[orig][side]`,
      `[orig]volume=eval=frame:volume='1-${gate}'[kept]`,
      `[side]pan=stereo|c0=c0-c1|c1=c1-c0,volume=eval=frame:volume='${gate}'[cancelled]`,
      `[kept][cancelled]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[out]`,
    ].join(';');
  } else {
    const duck = 10 ** ((options.duckDb ?? -18) / 20);
    graph = `[0:a]${base},volume=eval=frame:volume='1-${(1 - duck).toFixed(4)}*${gate}'[out]`;
  }
  return [...FFMPEG_COMMON, '-i', options.input, '-filter_complex', graph, '-map', '[out]', '-ar', String(rate), '-c:a', 'pcm_s16le', options.output];
}

export interface DubMixOptions {
  voice: string;
  background: string;
  output: string;
  /** The result is exactly this long (the video's duration): padded with silence or cut. */
  durationSeconds: number;
  /** Voice gain over the bed, dB (default +2). */
  voiceGainDb?: number;
  /**
   * Where the new voice speaks: the bed is lowered by `duckDb` there only, with `rampSeconds`
   * ramps, and plays at its own level everywhere else (the mix is then final: a limiter catches
   * peaks, no loudness normalisation of the whole changes the bed between lines).
   */
  duckRegions?: readonly TimeRegion[];
  /** How far the bed goes down under the new voice, dB (default −8). */
  duckDb?: number;
  /** Ramp into and out of each ducked region, seconds (default 0.1). */
  rampSeconds?: number;
  sampleRate?: number;
}

/** The dub: new voice over the background bed, stereo, exactly as long as the video. */
export function dubMixArgs(options: DubMixOptions): string[] {
  const rate = options.sampleRate ?? 48_000;
  const base = `aresample=${rate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const ducked = options.duckRegions !== undefined;
  const duck = 10 ** ((options.duckDb ?? -8) / 20);
  // The gate ramps from 0 to 1 over `rampSeconds` before each region and back after it (regionGateExpression).
  const bedLevel = ducked && options.duckRegions!.length ? `,volume=eval=frame:volume='1-${(1 - duck).toFixed(4)}*${regionGateExpression(options.duckRegions!, options.rampSeconds ?? 0.1)}'` : '';
  const graph = [
    `[0:a]${base},volume=${options.voiceGainDb ?? 2}dB[voice]`,
    `[1:a]${base}${bedLevel}[bed]`,
    // Ducked mixes are final: a brick-wall limiter (it acts only on peaks above −1 dBFS) instead of a loudness pass over the whole.
    `[voice][bed]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad,atrim=0:${options.durationSeconds.toFixed(3)}${ducked ? ',alimiter=limit=0.89:level=false:attack=5:release=50' : ''}[out]`,
  ].join(';');
  return [...FFMPEG_COMMON, '-i', options.voice, '-i', options.background, '-filter_complex', graph, '-map', '[out]', '-ar', String(rate), '-c:a', 'pcm_s16le', options.output];
}

export interface DubbedVideoOptions {
  video: string;
  audio: string;
  output: string;
  /** ISO 639-2 of the dub (`spa`, `eng`, `chi`). */
  audioLanguage: string;
  /** Soft subtitle tracks (SRT files), mov_text in the MP4. */
  subtitles?: ReadonlyArray<{ file: string; language: string; title?: string }>;
  /** The audio is an original's sound in a codec MP4 holds: copied as it is, not encoded again. */
  copyAudio?: boolean;
}

/**
 * The video with the dub as its only audio track and subtitle tracks; the picture stream is copied
 * (never re-encoded), the audio is AAC 192 kb/s (made exactly as long as the picture by `dubMixArgs`),
 * or an original's sound copied.
 */
export function dubbedVideoArgs(options: DubbedVideoOptions): string[] {
  const subtitles = options.subtitles ?? [];
  return [
    ...FFMPEG_COMMON,
    '-i', options.video,
    '-i', options.audio,
    ...subtitles.flatMap((track) => ['-i', track.file]),
    '-map', '0:v:0',
    '-map', '1:a:0',
    ...subtitles.flatMap((_, index) => ['-map', `${index + 2}:0`]),
    '-c:v', 'copy',
    ...(options.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k']),
    ...(subtitles.length ? ['-c:s', 'mov_text'] : []),
    '-metadata:s:a:0', `language=${options.audioLanguage}`,
    ...subtitles.flatMap((track, index) => [`-metadata:s:s:${index}`, `language=${track.language}`, ...(track.title ? [`-metadata:s:s:${index}`, `title=${track.title}`] : [])]),
    // No -shortest: a subtitle track ends with its last cue, which would cut the video; the dub is already exactly as long as the picture.
    '-movflags', '+faststart',
    options.output,
  ];
}

export interface StereoBalanceOptions {
  input: string;
}

/**
 * Loudness of the sum (L+R) and of the difference (L−R) of a soundtrack (`ebur128`-free: `astats`
 * RMS): a difference well above zero means sound is panned to the sides, so centre cancellation
 * keeps a background; a mono or centre-only soundtrack has none.
 */
export function stereoBalanceArgs(options: StereoBalanceOptions): string[] {
  return [
    '-hide_banner', '-nostdin', '-nostats',
    '-i', options.input,
    '-filter_complex', '[0:a]aformat=channel_layouts=stereo,asplit=2[a][b];[a]pan=mono|c0=0.5*c0+0.5*c1,astats=measure_overall=RMS_level:measure_perchannel=none,anullsink;[b]pan=mono|c0=0.5*c0-0.5*c1,astats=measure_overall=RMS_level:measure_perchannel=none,anullsink',
    '-f', 'null', '-',
  ];
}

/** The two overall RMS levels (dB) `stereoBalanceArgs` prints: sum first, difference second. */
export function parseStereoBalance(stderr: string): { sumDb: number; differenceDb: number } | undefined {
  // ffmpeg prints the two filters' summaries in either order: the filter index says which is which.
  const levels = [...stderr.matchAll(/Parsed_astats_(\d+)[^\n]*RMS level dB:\s*(-?inf|-?[\d.]+)/g)]
    .map((match) => ({ index: Number(match[1]), level: match[2]!.includes('inf') ? -Infinity : Number(match[2]) }))
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.level);
  if (levels.length < 2) return undefined;
  return { sumDb: levels[0]!, differenceDb: levels[1]! };
}
