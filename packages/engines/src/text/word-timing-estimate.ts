/** Word timings estimated from the audio alone, for engines that report none. */
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { soundingSpans, type PeakEnvelope } from '../audio/pcm-audio.ts';
import { SPOKEN, SYLLABIC, type TextToken } from './words.ts';

const CLAUSE_END = /[.,;:!?…。，、；：！？」』）)"'»]$/u;

type Span = { start: number; end: number };

function interpolate(anchors: Array<[number, number]>, time: number): number {
  const first = anchors[0]!;
  const last = anchors.at(-1)!;
  if (time <= first[0]) return first[1];
  if (time >= last[0]) return last[1];
  for (let index = 1; index < anchors.length; index++) {
    const [x1, y1] = anchors[index]!;
    const [x0, y0] = anchors[index - 1]!;
    if (time <= x1) return x1 === x0 ? y1 : y0 + ((time - x0) * (y1 - y0)) / (x1 - x0);
  }
  return last[1];
}

const weightOf = (token: TextToken) => Math.max(1, [...token.text].filter((char) => SPOKEN.test(char)).reduce((sum, char) => sum + (SYLLABIC.test(char) ? 3 : 1), 0));

/**
 * Words spread over the speech of the output by their length in letters, anchored at pauses: for
 * engines that report no word timings (the OpenAI speech API).
 */
export function estimateWordsByLength(tokens: readonly TextToken[], output: PeakEnvelope): WordTiming[] {
  let cursor = 0;
  const compressed = tokens.map((token) => {
    const weight = weightOf(token);
    const span = { start: cursor, end: cursor + weight };
    cursor += weight;
    return span;
  });
  return mapOntoOutput(tokens, compressed, output);
}

function mapOntoOutput(tokens: readonly TextToken[], compressed: readonly Span[], output: PeakEnvelope): WordTiming[] {
  if (tokens.length === 0) return [];
  const chunks = soundingSpans(output, { minSilenceMs: 100 });
  const speechStart = chunks[0]?.start ?? 0;
  const speechEnd = chunks.at(-1)?.end ?? output.durationSeconds;
  const from = compressed[0]!.start;
  const to = compressed.at(-1)!.end;
  const scale = to > from ? (speechEnd - speechStart) / (to - from) : 0;
  const linear = (time: number) => speechStart + (time - from) * scale;

  // Anchor each pause of the real output to the nearest word boundary, keeping order.
  const anchors: Array<[number, number]> = [[from, speechStart]];
  let nextBoundary = 0;
  for (let chunk = 0; chunk + 1 < chunks.length; chunk++) {
    const pauseMiddle = (chunks[chunk]!.end + chunks[chunk + 1]!.start) / 2;
    let best = -1;
    let bestDistance = Infinity;
    for (let boundary = nextBoundary; boundary + 1 < compressed.length; boundary++) {
      const middle = linear((compressed[boundary]!.end + compressed[boundary + 1]!.start) / 2);
      // A pause almost always follows clause punctuation: prefer those boundaries.
      const distance = Math.abs(middle - pauseMiddle) - (CLAUSE_END.test(tokens[boundary]!.text) ? 0.3 : 0);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = boundary;
      }
    }
    if (best < 0 || bestDistance > 0.5) continue;
    anchors.push([compressed[best]!.end, chunks[chunk]!.end], [compressed[best + 1]!.start, chunks[chunk + 1]!.start]);
    nextBoundary = best + 1;
  }
  anchors.push([to, speechEnd]);
  const monotonic = anchors.filter((anchor, index) => index === 0 || (anchor[0] >= anchors[index - 1]![0] && anchor[1] >= anchors[index - 1]![1]));

  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return tokens.map((token, index) => ({
    text: token.text,
    charStart: token.charStart,
    charEnd: token.charEnd,
    startSeconds: round(interpolate(monotonic, compressed[index]!.start)),
    endSeconds: round(interpolate(monotonic, compressed[index]!.end)),
  }));
}
