import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { ssmlTextContent } from '../text/ssml-text.ts';
import { tokenizeWords } from '../text/words.ts';
import type { MappedText } from './espeak-text-mapping.ts';
import type { EspeakWordEvent } from './espeak-synthesis.worker.ts';

/** A 5 ms frame is sound when its peak reaches 2 % of the loudest sample (espeak-ng's pauses are not exactly zero). */
const FRAME_SECONDS = 0.005;
const RELATIVE_THRESHOLD = 0.02;
const MIN_THRESHOLD = 64;

/** UTF-16 offset of each code point of `text` (plus one past the end): espeak-ng counts characters. */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index += text.codePointAt(index)! > 0xffff ? 2 : 1) offsets.push(index);
  offsets.push(text.length);
  return offsets;
}

/** The end (seconds) of the last sounding frame in `from`…`to` seconds, or undefined when all of it is silent. */
function lastSound(samples: Int16Array, sampleRate: number, threshold: number, from: number, to: number): number | undefined {
  const frame = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const first = Math.max(0, Math.floor(from * sampleRate));
  for (let end = Math.min(samples.length, Math.ceil(to * sampleRate)); end > first; end -= frame) {
    for (let index = end - 1; index >= Math.max(first, end - frame); index--) {
      if (Math.abs(samples[index]!) >= threshold) return end / sampleRate;
    }
  }
  return undefined;
}

/**
 * Word timings from espeak-ng's word events. Each event's position (code points into what espeak-ng
 * was given) is mapped back to the caller's text through `spoken` and widened to the caller's
 * words (`tokenizeWords`: punctuation stays with its word, each Hanzi is a word); events that land
 * on the same word (a number read as several words, the syllables of a Chinese number) become one
 * timing. A word starts at its event and ends at the next word's start or the end of the audio,
 * trimmed back to its last sounding frame, so pauses (breaks, punctuation) lie between words.
 */
export function wordTimingsFromEvents(input: {
  events: readonly EspeakWordEvent[];
  /** What espeak-ng was given, mapped to the caller's text. */
  spoken: MappedText;
  /** The caller's text (markup when `ssml`). */
  text: string;
  ssml: boolean;
  samples: Int16Array;
  sampleRate: number;
}): WordTiming[] {
  const { events, spoken, text, samples, sampleRate } = input;
  const tokens = tokenizeWords(input.ssml ? ssmlTextContent(text) : text);
  const offsets = codePointOffsets(spoken.text);
  const unitAt = (codePoint: number) => offsets[Math.min(Math.max(0, codePoint), offsets.length - 1)]!;

  const groups: Array<{ first: number; last: number; start: number }> = [];
  for (const event of events) {
    const span = spoken.sourceSpan(unitAt(event.textPosition), unitAt(event.textPosition + Math.max(1, event.length)));
    if (!span) continue;
    const previous = groups.at(-1);
    const start = Math.max(event.audioSeconds, previous?.start ?? 0);
    const first = tokens.findIndex((token) => token.charEnd > span.start && token.charStart < span.end);
    if (first < 0) {
      // Spoken but not a word of the text (`&` read as "and"): it still ends the word before.
      if (previous) groups.push({ first: -1, last: previous.last, start });
      continue;
    }
    let last = first;
    while (last + 1 < tokens.length && tokens[last + 1]!.charStart < span.end) last++;
    if (previous && first <= previous.last) {
      // More of a word already timed (a number read as several words): widen it, or skip what is left.
      if (previous.first >= 0) previous.last = Math.max(previous.last, last);
      else if (last > previous.last) groups.push({ first: previous.last + 1, last, start });
      continue;
    }
    groups.push({ first, last, start });
  }

  const duration = samples.length / sampleRate;
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const threshold = Math.max(MIN_THRESHOLD, RELATIVE_THRESHOLD * peak);
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return groups.flatMap((group, index) => {
    if (group.first < 0) return [];
    const start = Math.min(group.start, duration);
    const limit = Math.min(duration, groups[index + 1]?.start ?? duration);
    const end = lastSound(samples, sampleRate, threshold, start, limit) ?? start;
    const charStart = tokens[group.first]!.charStart;
    const charEnd = tokens[group.last]!.charEnd;
    return [{ text: text.slice(charStart, charEnd), charStart, charEnd, startSeconds: round(start), endSeconds: round(Math.max(start, end)) }];
  });
}
