/**
 * The mouth of a speaking face, frame by frame, for every local animator (talking photo and the
 * illustrated avatars): how far it opens comes from the speech's loudness (the envelope of its
 * voiced energy, with a fast attack and a slower release, as jaws move), and its shape (a viseme:
 * rounded for "o/u/w", spread for "e/i", closed for "m/b/p", teeth on lip for "f/v") from the
 * words being said at that moment — English letters, or pinyin finals for Chinese. Without word
 * timings (a voice-only upload) the shape comes from the audio: the first two formants of each
 * voiced frame (LPC envelope peaks: a high F2 is a spread e/i, a low F2 a rounded o/u, a high F1 an
 * open a) and its zero crossings (unvoiced hiss is a narrow consonant shape).
 */
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { lpcCoefficients } from '../audio/voice-analysis.ts';
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';

/** Mouth shapes (a reduced Preston Blair set). `rest` is the closed, relaxed mouth between phrases. */
export const VISEMES = ['rest', 'A', 'E', 'I', 'O', 'U', 'MBP', 'FV', 'L', 'WQ', 'etc'] as const;
export type Viseme = (typeof VISEMES)[number];

export interface MouthPose {
  /** 0 closed … 1 as open as this face opens. */
  open: number;
  /** −1 rounded (o, u, w) … 0 neutral … 1 spread (e, i). */
  spread: number;
  viseme: Viseme;
}

export interface MouthTrack {
  frameRate: number;
  poses: MouthPose[];
  /** The speech's loudness per frame, 0–1 (what `open` is made from), for tests and diagnostics. */
  energy: number[];
  /** Without word timings: the first two formants per frame in Hz (0 where the frame is quiet or unvoiced), for tests and diagnostics. */
  formants?: Array<{ f1: number; f2: number }>;
}

const ANALYSIS_RATE = 16_000;

/** How a viseme shapes the mouth beyond the loudness: a cap on opening, and the spread. */
const SHAPES: Record<Viseme, { maxOpen: number; spread: number }> = {
  rest: { maxOpen: 0, spread: 0 },
  A: { maxOpen: 1, spread: 0.2 },
  E: { maxOpen: 0.6, spread: 0.8 },
  I: { maxOpen: 0.4, spread: 1 },
  O: { maxOpen: 0.8, spread: -0.7 },
  U: { maxOpen: 0.45, spread: -1 },
  MBP: { maxOpen: 0.05, spread: 0 },
  FV: { maxOpen: 0.18, spread: 0.3 },
  L: { maxOpen: 0.5, spread: 0.3 },
  WQ: { maxOpen: 0.35, spread: -0.9 },
  etc: { maxOpen: 0.55, spread: 0.4 },
};

/** The visemes of an English word, letter by letter (digraphs first), spread evenly over its time. */
function englishVisemes(word: string): Viseme[] {
  const out: Viseme[] = [];
  const text = word.toLowerCase().replace(/[^a-z]/g, '');
  for (let index = 0; index < text.length; index++) {
    const pair = text.slice(index, index + 2);
    if (pair === 'th' || pair === 'sh' || pair === 'ch') {
      out.push('etc');
      index++;
      continue;
    }
    if (pair === 'oo' || pair === 'ou' || pair === 'ow') {
      out.push(pair === 'oo' ? 'U' : 'O');
      index++;
      continue;
    }
    if (pair === 'ee' || pair === 'ea') {
      out.push('E');
      index++;
      continue;
    }
    const letter = text[index]!;
    if ('a'.includes(letter)) out.push('A');
    else if ('e'.includes(letter)) out.push(index === text.length - 1 && text.length > 2 ? 'etc' : 'E');
    else if ('iy'.includes(letter)) out.push('I');
    else if ('o'.includes(letter)) out.push('O');
    else if ('u'.includes(letter)) out.push('U');
    else if ('mbp'.includes(letter)) out.push('MBP');
    else if ('fv'.includes(letter)) out.push('FV');
    else if ('l'.includes(letter)) out.push('L');
    else if ('wq'.includes(letter)) out.push('WQ');
    else out.push('etc');
  }
  // Silent letters and doubled consonants: neighbours of the same shape merge.
  return out.filter((viseme, index) => index === 0 || viseme !== out[index - 1]);
}

/** The visemes of a pinyin syllable (no tone): its initial, then its final's main vowel. */
function pinyinVisemes(syllable: string): Viseme[] {
  const out: Viseme[] = [];
  const initial = /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?/.exec(syllable)?.[0] ?? '';
  if (initial) out.push('bpm'.includes(initial) ? 'MBP' : initial === 'f' ? 'FV' : initial === 'l' ? 'L' : initial === 'w' ? 'WQ' : 'etc');
  const final = syllable.slice(initial.length);
  if (/a/.test(final)) out.push('A');
  else if (/o/.test(final)) out.push('O');
  else if (/[uü]|v/.test(final)) out.push('U');
  else if (/e/.test(final)) out.push('E');
  else if (/i/.test(final)) out.push('I');
  return out.length ? out : ['etc'];
}

/** F1 and F2 (Hz) of a voiced frame: the first two peaks of its LPC envelope (order 10 at 8 kHz, 40 ms) between 150 and 3200 Hz. */
function formantsOf(samples: Float32Array, centre: number): { f1: number; f2: number; voiced: boolean } {
  const rate = ANALYSIS_RATE / 2;
  const size = 320;
  const frame = new Float64Array(size);
  let crossings = 0;
  let previous = 0;
  for (let index = 0; index < size; index++) {
    // Two samples averaged: 8 kHz, the band where F1 and F2 live, so the envelope's poles go to them.
    const at = centre - size + 2 * index;
    const value = at >= 0 && at + 1 < samples.length ? (samples[at]! + samples[at + 1]!) / 2 : 0;
    const emphasised = value - 0.9 * previous;
    if ((value >= 0) !== (previous >= 0)) crossings++;
    previous = value;
    frame[index] = emphasised * (0.54 - 0.46 * Math.cos((2 * Math.PI * index) / (size - 1)));
  }
  // Hiss (s, f, sh, t) crosses zero far more often than a voiced sound.
  const voiced = crossings / size < 0.3;
  const a = lpcCoefficients(frame, 10, { silence: 1e-9, lift: 1.0001 });
  if (!a || !voiced) return { f1: 0, f2: 0, voiced: false };
  const peaks: number[] = [];
  let before = 0;
  let current = 0;
  for (let hz = 100; hz <= 3400; hz += 20) {
    const w = (2 * Math.PI * hz) / rate;
    let re = 0;
    let im = 0;
    for (let k = 0; k < a.length; k++) {
      re += a[k]! * Math.cos(w * k);
      im -= a[k]! * Math.sin(w * k);
    }
    const gain = 1 / (re * re + im * im);
    if (current > before && current >= gain && hz > 120) peaks.push(hz - 20);
    before = current;
    current = gain;
  }
  // A low F1 (close vowels: u, i) can merge with the voice's fundamental and show no peak of its own: take it as ~300 Hz.
  const f1 = peaks.find((hz) => hz >= 200 && hz <= 1000) ?? (peaks.some((hz) => hz > 700 && hz <= 3000) ? 300 : 0);
  const f2 = peaks.find((hz) => hz > Math.max(f1 + 200, 700) && hz <= 3000) ?? 0;
  return { f1, f2, voiced: f1 > 0 && f2 > 0 };
}

/** The vowel shape of two formants (the classic F1/F2 chart, wide margins: synthetic and real voices differ). */
function vowelViseme(f1: number, f2: number): Viseme {
  if (f2 >= 1900) return f1 < 450 ? 'I' : 'E';
  if (f2 <= 1100) return f1 < 500 ? 'U' : 'O';
  if (f1 >= 650) return 'A';
  if (f2 >= 1600) return 'E';
  return 'etc';
}

const median3 = (values: number[], index: number) => [values[index - 1] ?? values[index]!, values[index]!, values[index + 1] ?? values[index]!].sort((a, b) => a - b)[1]!;

const HAN = /\p{Script=Han}/u;
type PinyinFunction = (text: string, options: { toneType: 'none'; type: 'array' }) => string[];
let pinyinPro: Promise<PinyinFunction> | undefined;
const loadPinyin = () => (pinyinPro ??= import('pinyin-pro').then(({ pinyin }) => pinyin as unknown as PinyinFunction));

/** Each word's visemes with the times they start, spread evenly over the word. */
async function timedVisemes(words: readonly WordTiming[]): Promise<Array<{ atSeconds: number; viseme: Viseme }>> {
  const out: Array<{ atSeconds: number; viseme: Viseme }> = [];
  for (const word of words) {
    let visemes: Viseme[];
    if (HAN.test(word.text)) {
      const pinyin = await loadPinyin();
      visemes = pinyin(word.text.replace(/[^\p{Script=Han}]/gu, ''), { toneType: 'none', type: 'array' }).flatMap((syllable) => pinyinVisemes(syllable.toLowerCase()));
    } else visemes = englishVisemes(word.text);
    if (!visemes.length) continue;
    const step = (word.endSeconds - word.startSeconds) / visemes.length;
    visemes.forEach((viseme, index) => out.push({ atSeconds: word.startSeconds + index * step, viseme }));
    out.push({ atSeconds: word.endSeconds, viseme: 'rest' });
  }
  return out.sort((a, b) => a.atSeconds - b.atSeconds);
}

/**
 * The mouth track of a speech file at `frameRate`: one pose per frame over the audio's length.
 * `open` is the loudness (RMS per frame, in dB over a 40 dB range under the loudest frame, with a
 * one-frame attack and a ~100 ms release), capped by the viseme's own opening.
 */
export async function mouthTrack(options: { audioFile: string; frameRate: number; words?: readonly WordTiming[] | undefined; signal?: AbortSignal | undefined }): Promise<MouthTrack> {
  const { samples } = await decodeToPcm(options.audioFile, ANALYSIS_RATE, options.signal ? { signal: options.signal } : {});
  const hop = ANALYSIS_RATE / options.frameRate;
  const frames = Math.max(1, Math.ceil(samples.length / hop));
  const levels: number[] = [];
  for (let frame = 0; frame < frames; frame++) {
    const from = Math.floor(frame * hop);
    const to = Math.min(samples.length, Math.floor((frame + 1) * hop));
    let sum = 0;
    for (let index = from; index < to; index++) sum += samples[index]! * samples[index]!;
    levels.push(10 * Math.log10(sum / Math.max(1, to - from) + 1e-12));
  }
  const loudest = Math.max(...levels);
  const raw = levels.map((db) => Math.min(1, Math.max(0, (db - (loudest - 40)) / 40)) ** 1.6);
  const release = Math.exp(-1 / (0.1 * options.frameRate));
  const energy: number[] = [];
  let current = 0;
  for (const value of raw) {
    current = value > current ? value : value + (current - value) * release;
    energy.push(current);
  }

  const timed = options.words?.length ? await timedVisemes(options.words) : [];
  // Without words: the formants of each frame (medians over three frames, so one odd frame does not flick the lips).
  let formants: Array<{ f1: number; f2: number }> | undefined;
  let fromAudio: Viseme[] = [];
  if (!timed.length) {
    const raw = energy.map((_, frame) => formantsOf(samples, Math.round((frame + 0.5) * hop)));
    const f1 = raw.map((entry) => entry.f1);
    const f2 = raw.map((entry) => entry.f2);
    formants = raw.map((entry, frame) => (entry.voiced ? { f1: median3(f1, frame), f2: median3(f2, frame) } : { f1: 0, f2: 0 }));
    fromAudio = energy.map((level, frame): Viseme => {
      if (level < 0.05) return 'rest';
      const { f1: first, f2: second } = formants![frame]!;
      return first > 0 && second > 0 ? vowelViseme(first, second) : 'etc';
    });
  }
  let cursor = 0;
  const poses = energy.map((level, frame): MouthPose => {
    const time = frame / options.frameRate;
    while (cursor + 1 < timed.length && timed[cursor + 1]!.atSeconds <= time) cursor++;
    const viseme: Viseme = timed.length ? (timed[cursor] && timed[cursor]!.atSeconds <= time ? timed[cursor]!.viseme : 'rest') : fromAudio[frame]!;
    const shape = SHAPES[viseme];
    // A word's shape caps the opening, but loudness still shows through a little (no frozen mouth).
    // From the audio alone the shape is a guess: it scales the opening rather than capping it.
    const open = viseme === 'rest' ? level * 0.15 : timed.length ? Math.min(level, shape.maxOpen + 0.1 * level) : level * (0.6 + 0.4 * shape.maxOpen);
    return { open, spread: shape.spread, viseme };
  });
  return { frameRate: options.frameRate, poses, energy, ...(formants ? { formants } : {}) };
}
