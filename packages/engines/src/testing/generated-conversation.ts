/**
 * Conversations for the speaker tests and bench: flite voices (slt female, rms and awb male, kal
 * male diphone) taking turns over a music bed, 16 kHz mono, with each line's true speech span
 * (first sound to last of its own recording). Made on the spot by flite and ffmpeg.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { soundingSpans, wavPeakEnvelope } from '../audio/pcm-audio.ts';
import { makeFliteSpeech } from './generated-voices.ts';

export type ConversationVoice = 'slt' | 'rms' | 'awb' | 'kal';

export interface Conversation {
  file: string;
  /** The speech alone, same timeline. */
  cleanFile: string;
  lines: Array<{ voice: ConversationVoice; startSeconds: number; endSeconds: number }>;
  durationSeconds: number;
}

/** Three voices taking turns (12 lines, ~43 s with the default gaps). */
export const MARKET_SCRIPT: Array<{ voice: ConversationVoice; text: string }> = [
  { voice: 'slt', text: 'Good morning, and welcome back to the market.' },
  { voice: 'rms', text: 'Thanks. What do you have for me today?' },
  { voice: 'slt', text: 'Fresh bread, cheese from the hills, and apples.' },
  { voice: 'awb', text: 'I will take two loaves of that bread, please.' },
  { voice: 'rms', text: 'And a bag of apples for my daughter.' },
  { voice: 'slt', text: 'Of course. Anything else for the two of you?' },
  { voice: 'awb', text: 'No, that is everything. How much is it?' },
  { voice: 'rms', text: 'I think the price went up since last week.' },
  { voice: 'slt', text: 'Only a little. Twelve dollars in total.' },
  { voice: 'awb', text: 'Here you are. Keep the change, my friend.' },
  { voice: 'rms', text: 'See you next Saturday, then.' },
  { voice: 'slt', text: 'Have a lovely weekend, both of you.' },
];

const GAPS = [0.7, 0.5, 0.9, 0.6, 0.8, 0.5, 0.7, 0.9, 0.6, 0.8, 0.5];
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** A file's speech, first sound to last (peak above −50 dBFS). */
async function soundingExtent(file: string): Promise<{ start: number; end: number; duration: number }> {
  const envelope = wavPeakEnvelope(await readFile(file));
  const spans = soundingSpans(envelope, { minSilenceMs: 500, threshold: 0.003 });
  return { start: spans[0]!.start, end: spans.at(-1)!.end, duration: envelope.durationSeconds };
}

/**
 * The bed: `tonal` — a chord a bar (two seconds, I–vi–IV–V) with a slow swell and a soft 2 Hz
 * pulse; `band` — the same chords plus a kick on every beat and hi-hat noise on the off-beats
 * (broadband, transient: harder for a VAD).
 */
export function musicBedSource(kind: 'tonal' | 'band', levelDb: number, seconds: number): string {
  const gain = 10 ** (levelDb / 20);
  const chord = (root: number) => `(sin(2*PI*${root}*t)+0.7*sin(2*PI*${(root * 1.26).toFixed(2)}*t)+0.6*sin(2*PI*${(root * 1.5).toFixed(2)}*t)+0.3*sin(2*PI*${root * 2}*t))`;
  const [a, b, c, d] = [196, 164.8, 130.8, 146.8].map(chord);
  const chords = `(0.8+0.2*sin(2*PI*0.13*t))*(0.75+0.25*abs(sin(2*PI*t)))*if(lt(mod(t,8),2),${a},if(lt(mod(t,8),4),${b},if(lt(mod(t,8),6),${c},${d})))/2.6`;
  // Kick: a 60 Hz thump decaying in 80 ms each half second; hat: noise bursts of 30 ms between.
  const drums = `0.9*sin(2*PI*60*t)*exp(-mod(t,0.5)*40)+0.25*(random(0)*2-1)*exp(-mod(t+0.25,0.5)*120)`;
  return `aevalsrc='${gain.toFixed(4)}*(${kind === 'band' ? `${chords}+${drums}` : chords})':s=16000:d=${seconds}`;
}

/** The script spoken line by line into one timeline (starting at 1.2 s) over the bed, 16 kHz mono. */
export async function makeConversation(dir: string, options: { name: string; script?: Array<{ voice: ConversationVoice; text: string }>; musicDb: number; bed?: 'tonal' | 'band' }): Promise<Conversation> {
  const script = options.script ?? MARKET_SCRIPT;
  const lines: Conversation['lines'] = [];
  const inputs: string[] = [];
  const starts: number[] = [];
  let cursor = 1.2;
  for (const [index, line] of script.entries()) {
    const file = path.join(dir, `line-${line.voice}-${index}.wav`);
    await makeFliteSpeech(dir, path.basename(file), line.text, line.voice);
    // flite's kal voice writes 8 kHz: everything is brought to 16 kHz in the mix.
    const extent = await soundingExtent(file);
    lines.push({ voice: line.voice, startSeconds: cursor + extent.start, endSeconds: cursor + extent.end });
    inputs.push(file);
    starts.push(Math.round(cursor * 1000));
    cursor += ((await probeMedia(file)).durationSeconds ?? extent.duration) + (GAPS[index % GAPS.length] ?? 0.6);
  }
  const seconds = Math.ceil(cursor + 1);
  const delays = inputs.map((_, index) => `[${index + 1}:a]aresample=16000,adelay=${starts[index]}:all=1,apad,atrim=0:${seconds}[s${index}]`);
  const speech = `${inputs.map((_, index) => `[s${index}]`).join('')}amix=inputs=${inputs.length}:normalize=0[speech]`;
  const cleanFile = path.join(dir, `${options.name}-clean.wav`);
  await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', `anullsrc=r=16000:cl=mono:d=${seconds}`, ...inputs.flatMap((file) => ['-i', file]), '-filter_complex', `${delays.join(';')};${speech}`, '-map', '[speech]', '-t', String(seconds), '-c:a', 'pcm_s16le', cleanFile]);
  const file = path.join(dir, `${options.name}.wav`);
  await runFfmpeg([...QUIET, '-i', cleanFile, '-f', 'lavfi', '-i', musicBedSource(options.bed ?? 'tonal', options.musicDb, seconds), '-filter_complex', '[0:a][1:a]amix=inputs=2:normalize=0[out]', '-map', '[out]', '-c:a', 'pcm_s16le', file]);
  return { file, cleanFile, lines, durationSeconds: seconds };
}

/** The speaker of each line: the speaker of the segment that overlaps it most. */
export function lineSpeakersOf(segments: ReadonlyArray<{ startSeconds: number; endSeconds: number; speakerId: string }>, lines: Conversation['lines']): Array<string | undefined> {
  return lines.map((line) => {
    let best: { overlap: number; speaker?: string } = { overlap: 0 };
    for (const segment of segments) {
      const overlap = Math.min(line.endSeconds, segment.endSeconds) - Math.max(line.startSeconds, segment.startSeconds);
      if (overlap > best.overlap) best = { overlap, speaker: segment.speakerId };
    }
    return best.speaker;
  });
}

/** Share of lines whose speaker matches the truth under the best one-to-one naming of the found speakers. */
export function speakerAccuracy(found: Array<string | undefined>, truth: readonly string[]): number {
  const voices = [...new Set(truth)];
  const ids = [...new Set(found.filter((id): id is string => id !== undefined))];
  const padded = [...ids, ...Array.from({ length: Math.max(0, voices.length - ids.length) }, (_, index) => `none-${index}`)];
  const permutations = (items: string[], length: number): string[][] =>
    length === 0 ? [[]] : items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)], length - 1).map((rest) => [item, ...rest]));
  let best = 0;
  for (const naming of permutations(padded, voices.length)) {
    const correct = truth.filter((voice, index) => found[index] === naming[voices.indexOf(voice)]).length;
    best = Math.max(best, correct / truth.length);
  }
  return best;
}

/** Per line, the worst of |start error| and |end error| against the segment overlapping it most (Infinity when none does). */
export function boundaryErrors(segments: ReadonlyArray<{ startSeconds: number; endSeconds: number }>, lines: Conversation['lines']): number[] {
  return lines.map((line) => {
    let best: { overlap: number; error: number } = { overlap: 0, error: Infinity };
    for (const segment of segments) {
      const overlap = Math.min(line.endSeconds, segment.endSeconds) - Math.max(line.startSeconds, segment.startSeconds);
      if (overlap > best.overlap) best = { overlap, error: Math.max(Math.abs(segment.startSeconds - line.startSeconds), Math.abs(segment.endSeconds - line.endSeconds)) };
    }
    return best.error;
  });
}
