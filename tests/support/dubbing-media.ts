/**
 * Test media for the video tools, made by the tests themselves: a moving picture with burned-in
 * subtitles, speech from a local voice (festival's SLT) at known times, and a stereo music bed
 * panned to the sides (as real mixes put music wide and dialogue in the centre). The clip, its
 * lines and an SRT of them are returned. Each clip is made once per machine: cached under the
 * system's temporary folder in a folder named by the hash of its options and of this file (so a
 * changed clip or generator makes a new one), every file written beside its place and renamed in,
 * so a test file in another worker (or a Playwright run) never reads one half-written.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createFestival } from '@voxwork/engines';
import { probeMedia, runFfmpeg, toSrt } from '@voxwork/media';
import { SUBTITLE_FONT } from '../../packages/engines/src/testing/generated-subtitles.ts';

export interface ClipLine {
  startSeconds: number;
  text: string;
  /** A festival voice (default `cmu_us_slt_arctic_hts`, a woman; `kal_diphone` and `ked_diphone` are men). */
  voice?: string;
  /** Pitch the voice by this ratio, tempo kept (rubberband): `1.2` lifts slt from ~178 Hz to ~213 Hz. */
  pitch?: number;
}

export interface DubbingClip {
  file: string;
  srt: string;
  durationSeconds: number;
  /** The speech of each line alone (the original speaker's voice). */
  speechFiles: string[];
  /** The speech alone on the clip's timeline, stereo WAV. */
  speechTrack: string;
  /** Each line's start, end (its speech) and text. */
  lines: Array<{ startSeconds: number; endSeconds: number; text: string }>;
}

const execFileAsync = promisify(execFile);
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** This file's source: a change to how clips are made gives them new cache folders. */
const GENERATOR = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex');

/**
 * `file`, made by `make` (given a temporary name with the same extension) unless it exists: written
 * beside it and renamed in, so it exists only whole. Two makers at once both make it; either wins.
 */
async function madeOnce(file: string, make: (partial: string) => Promise<void>): Promise<void> {
  if (existsSync(file)) return;
  const extension = path.extname(file);
  const partial = `${file.slice(0, -extension.length || undefined)}.partial-${process.pid}-${randomBytes(3).toString('hex')}${extension}`;
  try {
    await make(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Text as a drawtext value: quotes, colons, backslashes and percent signs escaped. */
const drawtextValue = (text: string) => text.replace(/\\/g, '\\\\\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:').replace(/%/g, '\\%').replace(/,/g, '\\,');

/**
 * Above this many lines a clip's speech is laid end to end by `layEndToEnd` instead of mixed by
 * ffmpeg: the mix pads every line to the clip's whole length (work grows with lines × length: hours
 * for a 3,600 s clip of 1,000 lines) and its argument list outgrows what one process may be given.
 */
const MIXED_LINES_MAX = 48;
const SPEECH_RATE = 48_000;

/**
 * The lines' speech on the clip's timeline, mono 16-bit 48 kHz WAV `seconds` long, written as it is
 * made: silence up to each line's start, then the line (resampled by ffmpeg), one line in memory at a
 * time. The lines must come in order and not overlap (a long generated clip speaks one line at a time).
 */
async function layEndToEnd(speechFiles: readonly string[], timed: ReadonlyArray<{ startSeconds: number }>, seconds: number, output: string): Promise<void> {
  const total = Math.round(seconds * SPEECH_RATE);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + total * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SPEECH_RATE, 24);
  header.writeUInt32LE(SPEECH_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(total * 2, 40);
  const out = await open(output, 'w');
  try {
    await out.write(header);
    let written = 0;
    const silence = (samples: number) => (samples > 0 ? out.write(Buffer.alloc(samples * 2)).then(() => void (written += samples)) : Promise.resolve());
    for (const [index, speech] of speechFiles.entries()) {
      const start = Math.round(timed[index]!.startSeconds * SPEECH_RATE);
      if (start >= total) break;
      if (start < written) throw new Error(`generated clip: line ${index} starts before line ${index - 1} has ended; lines laid end to end must not overlap`);
      await silence(start - written);
      const { stdout } = await runFfmpegToBuffer([...QUIET, '-i', speech, '-ac', '1', '-ar', String(SPEECH_RATE), '-f', 's16le', '-']);
      const samples = Math.min(Math.floor(stdout.length / 2), total - written);
      await out.write(stdout.subarray(0, samples * 2));
      written += samples;
    }
    await silence(total - written);
  } finally {
    await out.close();
  }
}

/** The lines' speech (inputs from `firstInput` on) mixed at their starts into `[speech]`, stereo: for short clips (see `layEndToEnd`). */
function mixedSpeechGraph(lines: ReadonlyArray<{ startSeconds: number }>, firstInput: number, seconds: number): string {
  const delays = lines.map((line, index) => `[${index + firstInput}:a]aresample=48000,adelay=delays=${Math.round(line.startSeconds * 1000)}:all=1,apad,atrim=0:${seconds}[s${index}]`);
  return [...delays, `${lines.map((_, index) => `[s${index}]`).join('')}amix=inputs=${lines.length}:normalize=0,pan=stereo|c0=c0|c1=c0[speech]`].join(';');
}

/** The lines grouped by their text, in order of first appearance, each with the spans it shows over. */
function spansByText(lines: ReadonlyArray<{ startSeconds: number; endSeconds: number; text: string }>) {
  const groups = new Map<string, Array<{ startSeconds: number; endSeconds: number }>>();
  for (const line of lines) groups.set(line.text, [...(groups.get(line.text) ?? []), line]);
  return [...groups].map(([text, spans]) => ({ text, spans }));
}

export const ENGLISH_LINES: ClipLine[] = [
  { startSeconds: 0.6, text: 'Welcome to our little shop.' },
  { startSeconds: 3.2, text: 'This phone has a bright screen.' },
  { startSeconds: 6.0, text: 'The battery lasts all day.' },
  { startSeconds: 8.8, text: 'Buy it today and save money.' },
];

/**
 * A 16:9 clip (`width`×`height`, 25 fps, H.264 + AAC stereo) `seconds` long: English lines spoken
 * by festival at their times over a music bed, each line burned in as a subtitle while spoken.
 */
export async function makeDubbingClip(options: {
  name: string;
  seconds: number;
  lines?: ClipLine[];
  width?: number;
  height?: number;
  cacheDir?: string;
  burnedSubtitles?: boolean;
  /** The music bed as an ffmpeg `lavfi` source (stereo, 48 kHz, `seconds` long); default a chord on each side with a slow swell. */
  music?: string;
  /** `test-pattern` (default: colour bars, a moving gradient and noise), or `shop` (a product ad, for the marketing sample). */
  picture?: 'test-pattern' | 'shop';
}): Promise<DubbingClip> {
  const lines = options.lines ?? ENGLISH_LINES;
  const { cacheDir, ...made } = options;
  const key = createHash('sha256').update(GENERATOR).update(JSON.stringify({ ...made, lines })).digest('hex').slice(0, 16);
  const dir = path.join(cacheDir ?? path.join(tmpdir(), 'voxwork-test-media'), `dubbing-${key}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${options.name}.mp4`);
  const festival = createFestival();
  const timed: DubbingClip['lines'] = [];
  const speechFiles: string[] = [];
  /** A line spoken again (same words, voice and pitch) reuses its first time's speech: a long clip repeats a few sentences. */
  const spoken = new Map<string, { speech: string; duration: number }>();
  for (const [index, line] of lines.entries()) {
    const said = JSON.stringify([line.text, line.voice, line.pitch]);
    const again = spoken.get(said);
    if (again) {
      timed.push({ startSeconds: line.startSeconds, endSeconds: Math.round((line.startSeconds + again.duration) * 1000) / 1000, text: line.text });
      speechFiles.push(again.speech);
      continue;
    }
    const speech = path.join(dir, `${options.name}-line-${index}.wav`);
    await madeOnce(speech, async (partial) => {
      const raw = line.pitch ? `${partial}.raw.wav` : partial;
      await festival.doSynthesize({ text: line.text, voice: line.voice ?? 'cmu_us_slt_arctic_hts', outputFile: raw, outputFormat: 'wav', wordTimings: false });
      if (line.pitch) {
        await runFfmpeg([...QUIET, '-i', raw, '-af', `rubberband=pitch=${line.pitch}`, partial]);
        await rm(raw, { force: true });
      }
    });
    const duration = (await probeMedia(speech)).durationSeconds ?? 1;
    spoken.set(said, { speech, duration });
    timed.push({ startSeconds: line.startSeconds, endSeconds: Math.round((line.startSeconds + duration) * 1000) / 1000, text: line.text });
    speechFiles.push(speech);
  }
  await festival.close?.();
  const srt = path.join(dir, `${options.name}.srt`);
  await madeOnce(srt, (partial) => writeFile(partial, toSrt(timed.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: line.text })))));
  // The speech alone on the clip's timeline (what an ideal speech isolator would return), stereo 48 kHz.
  const speechTrack = path.join(dir, `${options.name}-speech.wav`);
  /** A long clip's speech is laid end to end (see `layEndToEnd`); a short one's is mixed, lines may overlap there. */
  const laidEndToEnd = speechFiles.length > MIXED_LINES_MAX;
  const mono = laidEndToEnd ? path.join(dir, `${options.name}-speech-mono.wav`) : undefined;
  if (mono) await madeOnce(mono, (partial) => layEndToEnd(speechFiles, timed, options.seconds, partial));
  await madeOnce(file, async (partial) => {
    const width = options.width ?? 640;
    const height = options.height ?? 360;
    const { seconds } = options;
    // Speech in the centre (both channels), music panned wide: a different chord on each side, with a slow swell.
    const speechMix = mono ? '[2:a]pan=stereo|c0=c0|c1=c0[speech]' : mixedSpeechGraph(timed, 2, seconds);
    const graph = [speechMix, '[1:a][speech]amix=inputs=2:normalize=0:duration=first[aout]'].join(';');
    const music = options.music ?? `aevalsrc='0.08*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t))*(0.8+0.2*sin(2*PI*0.25*t))|0.08*(sin(2*PI*329.6*t)+0.6*sin(2*PI*392*t))*(0.8+0.2*sin(2*PI*0.2*t+1))':s=48000:d=${seconds}`;
    // A drawtext per line; in a long clip one per distinct text, shown over the sum of its lines' spans
    // (a thousand filters in a chain would each see every frame).
    const shown = laidEndToEnd ? spansByText(timed) : timed.map((line) => ({ text: line.text, spans: [line] }));
    const subtitles = shown
      .map(({ text, spans }) => `drawtext=fontfile=${SUBTITLE_FONT}:text='${drawtextValue(text)}':fontsize=${Math.round(height / 14)}:fontcolor=white:borderw=3:bordercolor=black:x=(w-text_w)/2:y=h-${Math.round(height / 7)}:enable='${spans.map((span) => `between(t,${span.startSeconds},${span.endSeconds})`).join('+')}'`)
      .join(',');
    const filterGraph = `[0:v]${options.burnedSubtitles === false ? 'null' : subtitles}[vout];${graph}`;
    // A long clip's graph (a drawtext per line) is longer than one argument may be (E2BIG): read from a file.
    const graphFile = `${partial}.graph.txt`;
    if (laidEndToEnd) await writeFile(graphFile, filterGraph);
    try {
      await runFfmpeg([
        ...QUIET,
        '-f', 'lavfi', '-i', options.picture === 'shop' ? shopPicture(width, height, seconds) : `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
        '-f', 'lavfi', '-i', music,
        ...(mono ? ['-i', mono] : speechFiles.flatMap((speech) => ['-i', speech])),
        ...(laidEndToEnd ? ['-filter_complex_script', graphFile] : ['-filter_complex', filterGraph]),
        '-map', '[vout]', '-map', '[aout]',
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p',
        '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
        '-t', String(seconds),
        partial,
      ]);
    } finally {
      await rm(graphFile, { force: true });
    }
  });
  await madeOnce(speechTrack, async (partial) => {
    if (mono) {
      await runFfmpeg([...QUIET, '-i', mono, '-af', 'pan=stereo|c0=c0|c1=c0', partial]);
      return;
    }
    await runFfmpeg([...QUIET, ...speechFiles.flatMap((speech) => ['-i', speech]), '-filter_complex', mixedSpeechGraph(timed, 0, options.seconds), '-map', '[speech]', '-t', String(options.seconds), partial]);
  });
  const durationSeconds = (await probeMedia(file)).durationSeconds ?? options.seconds;
  return { file, srt, durationSeconds, speechFiles, speechTrack, lines: timed };
}

/** A product ad's picture (moving colour gradient, a product card, a headline), drawn by ffmpeg. */
function shopPicture(width: number, height: number, seconds: number): string {
  // WenQuanYi Zen Hei (fonts-wqy-zenhei, installed by the project's own set-up) for every text.
  const font = SUBTITLE_FONT;
  return [
    `gradients=s=${width}x${height}:r=25:d=${seconds}:c0=0x1e1b4b:c1=0x6d28d9:c2=0xdb2777:c3=0xf59e0b:nb_colors=4:speed=0.02`,
    'drawbox=x=iw*0.56:y=ih*0.14:w=iw*0.34:h=ih*0.5:color=white@0.92:t=fill',
    'drawbox=x=iw*0.6:y=ih*0.2:w=iw*0.26:h=ih*0.3:color=0x111827@0.9:t=fill',
    `drawtext=fontfile=${font}:text='Voxwork Phone':fontsize=h/20:fontcolor=0x111827:x=w*0.6:y=h*0.55`,
    `drawtext=fontfile=${font}:text='Spring sale':fontsize=h/9:fontcolor=white:x=w*0.07+12*sin(t):y=h*0.18`,
    `drawtext=fontfile=${font}:text='Free shipping · 30-day returns':fontsize=h/22:fontcolor=white@0.9:x=w*0.07:y=h*0.34`,
  ].join(',');
}

/** RMS of a file's audio between `start` and `end` seconds (mixed to mono, 16 kHz). */
export async function audioRms(file: string, start: number, end: number): Promise<number> {
  const { stdout } = await runFfmpegToBuffer(['-hide_banner', '-loglevel', 'error', '-ss', String(start), '-t', String(end - start), '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', '-']);
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
  let sum = 0;
  for (const sample of samples) sum += (sample / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** A band-pass at a music bed's 12 kHz tone: the music alone, whatever voice speaks over it (no synthesised voice reaches 12 kHz). */
export const MUSIC_TONE_ONLY = 'bandpass=f=12000:width_type=q:w=8,bandpass=f=12000:width_type=q:w=8';

/** RMS level (dB) of a file's audio between `start` and `end` seconds, mixed to mono, after an optional filter (ffmpeg `astats`). */
export async function levelDb(file: string, start: number, end: number, filter?: string): Promise<number> {
  const { stderr } = await execFileAsync('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-ss', start.toFixed(3), '-t', (end - start).toFixed(3), '-i', file, '-vn', '-af', `pan=mono|c0=0.5*c0+0.5*c1,${filter ? `${filter},` : ''}astats=measure_overall=RMS_level:measure_perchannel=none`, '-f', 'null', '-']);
  const match = /RMS level dB:\s*(-?[\d.]+)/.exec(stderr);
  if (!match) throw new Error(`no RMS level in: ${stderr.slice(-400)}`);
  return Number(match[1]);
}

/**
 * Where nobody speaks: the stretches of at least half a second between `busy` spans (speech in the
 * original or in a dub), a quarter second clear of each (past a duck's ramps), from 0.2 s to 0.3 s
 * before `durationSeconds`.
 */
export function quietGaps(busy: ReadonlyArray<readonly [number, number]>, durationSeconds: number): Array<[number, number]> {
  const gaps: Array<[number, number]> = [];
  let cursor = 0.2;
  for (const [start, end] of [...busy].sort((a, b) => a[0] - b[0])) {
    if (start - 0.25 - cursor >= 0.5) gaps.push([cursor, start - 0.25]);
    cursor = Math.max(cursor, end + 0.25);
  }
  if (durationSeconds - 0.3 - cursor >= 0.5) gaps.push([cursor, durationSeconds - 0.3]);
  return gaps;
}

/** The picture stream's MD5 (stream copy, nothing decoded): equal means bit-identical. */
export async function videoStreamMd5(file: string): Promise<string> {
  return (await runFfmpegToBuffer(['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'])).stdout.toString('utf8').trim();
}

const runFfmpegToBuffer = (args: string[]) => execFileAsync('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 << 20 });
