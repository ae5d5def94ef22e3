import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { soundingSpans, type PeakEnvelope } from '../audio/pcm-audio.ts';

export interface TextToken {
  text: string;
  charStart: number;
  charEnd: number;
}

const MAX_MATCH_CELLS = 4_000_000;
const SPOKEN = /[\p{L}\p{N}]/u;
const CLAUSE_END = /[.,;:!?…。，、；：！？」』）)"'»]$/u;
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Words as espeak-ng speaks them: whitespace-separated tokens, and every Han/kana character on its
 * own (espeak-ng reads them one syllable at a time). Punctuation stays with the word before it.
 */
export function tokenizeWords(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  const pattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
  for (const match of text.matchAll(pattern)) {
    const piece = match[0];
    const start = match.index;
    const previous = tokens.at(-1);
    if (!SPOKEN.test(piece)) {
      // Punctuation: attach to the previous word when it touches it.
      if (previous && previous.charEnd === start) {
        previous.text += piece;
        previous.charEnd = start + piece.length;
      }
      continue;
    }
    if (previous && previous.charEnd === start && !SYLLABIC.test(piece) && !SYLLABIC.test(previous.text.at(-1) ?? '')) {
      previous.text += piece;
      previous.charEnd = start + piece.length;
      continue;
    }
    tokens.push({ text: piece, charStart: start, charEnd: start + piece.length });
  }
  return tokens;
}

/** SSML with every tag blanked out by spaces, so that character offsets still point into the markup. */
export function ssmlTextContent(ssml: string): string {
  return ssml.replace(/<[^>]*>/g, (tag) => ' '.repeat(tag.length));
}

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
 * Matches the smaller of two sorted lists of positions (0–1) to distinct members of the larger one,
 * in order, minimising the total distance. Returns pairs of indices `[small, large]`.
 */
export function matchBoundaries(small: readonly number[], large: readonly number[]): Array<[number, number]> {
  const rows = small.length;
  const columns = large.length;
  // cost[i][j]: best cost of matching the first i of `small` within the first j of `large`.
  const cost = Array.from({ length: rows + 1 }, (_, i) => new Float64Array(columns + 1).fill(i === 0 ? 0 : Infinity));
  for (let i = 1; i <= rows; i++) {
    for (let j = i; j <= columns; j++) {
      cost[i]![j] = Math.min(cost[i]![j - 1]!, cost[i - 1]![j - 1]! + Math.abs(small[i - 1]! - large[j - 1]!));
    }
  }
  const pairs: Array<[number, number]> = [];
  let j = columns;
  for (let i = rows; i > 0; i--) {
    while (j > i && cost[i]![j] === cost[i]![j - 1]) j--;
    pairs.unshift([i - 1, j - 1]);
    j--;
  }
  return pairs;
}

/**
 * Approximate word timings for espeak-ng, whose command line reports none.
 *
 * `probe` is the same text spoken with a long word gap (`-g`), so that each word espeak-ng speaks
 * is a separate sounding span; its word durations and natural pauses (gap minus the inserted gap)
 * form a compressed timeline. When spans and written words differ in number (espeak-ng joins some
 * words, reads numbers as several), word and span boundaries are matched in order by their relative
 * position (words weighted by `weigh`, else by letters), and unmatched words share their span by weight. The timeline is then mapped onto the
 * real output piecewise-linearly, anchored at the start and end of speech and at each pause of the
 * real output, so words at pauses are exact to the 5 ms frame and words inside a phrase are
 * interpolated. Returns undefined when the probe has no sound, or the text is too long to match
 * (synthesize sentence by sentence for the best timings).
 */
export async function alignWordsWithProbe(
  tokens: readonly TextToken[],
  probe: PeakEnvelope,
  output: PeakEnvelope,
  /** Relative spoken length of each token (e.g. its phoneme count), asked for only when needed. */
  weigh?: () => Promise<number[] | undefined>,
): Promise<{ words: WordTiming[]; oneToOne: boolean } | undefined> {
  if (tokens.length === 0) return { words: [], oneToOne: true };
  const probeSpans = soundingSpans(probe, { minSilenceMs: 160 });
  if (probeSpans.length === 0) return undefined;
  const gaps = probeSpans.slice(1).map((span, index) => span.start - probeSpans[index]!.end);
  const insertedGap = gaps.length ? Math.min(...gaps) : 0;
  let shift = 0;
  const spans: Span[] = probeSpans.map((span, index) => {
    if (index > 0) shift += Math.min(insertedGap, gaps[index - 1]!);
    return { start: span.start - shift, end: span.end - shift };
  });
  if (spans.length === tokens.length) return { words: mapOntoOutput(tokens, spans, output), oneToOne: true };
  // The matching is quadratic: past ~4 M cells (e.g. 2,000 × 2,000 words) leave it to the length-based estimate.
  if (tokens.length * spans.length > MAX_MATCH_CELLS) return undefined;

  // Boundaries after each token (by length) and after each span (middle of its gap), both 0–1.
  const measured = await weigh?.();
  const weights = measured?.length === tokens.length ? measured.map((weight) => Math.max(1, weight)) : tokens.map(weightOf);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const tokenBoundaries: number[] = [];
  let cumulative = 0;
  for (const weight of weights.slice(0, -1)) tokenBoundaries.push((cumulative += weight) / totalWeight);
  const from = spans[0]!.start;
  const length = spans.at(-1)!.end - from || 1;
  const spanBoundaries = spans.slice(0, -1).map((span, index) => ((span.end + spans[index + 1]!.start) / 2 - from) / length);
  const tokensFewer = tokenBoundaries.length <= spanBoundaries.length;
  const pairs = tokensFewer ? matchBoundaries(tokenBoundaries, spanBoundaries) : matchBoundaries(spanBoundaries, tokenBoundaries).map(([span, token]) => [token, span] as [number, number]);

  // Groups of tokens between matched boundaries share the spans between them, split by length.
  const compressed: Span[] = [];
  let firstToken = 0;
  let firstSpan = 0;
  for (const [tokenBoundary, spanBoundary] of [...pairs, [tokens.length - 1, spans.length - 1] as [number, number]]) {
    const groupStart = spans[firstSpan]!.start;
    const groupEnd = spans[spanBoundary]!.end;
    const groupWeight = weights.slice(firstToken, tokenBoundary + 1).reduce((sum, weight) => sum + weight, 0);
    let cursor = groupStart;
    for (let token = firstToken; token <= tokenBoundary; token++) {
      const end = cursor + ((groupEnd - groupStart) * weights[token]!) / groupWeight;
      compressed.push({ start: cursor, end });
      cursor = end;
    }
    firstToken = tokenBoundary + 1;
    firstSpan = spanBoundary + 1;
  }
  return { words: mapOntoOutput(tokens, compressed, output), oneToOne: false };
}

/** Fallback: words spread over the speech of the output by their length in letters, anchored at pauses. */
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

/** Phoneme counts from `espeak-ng -x -l` run on one token per line: one output line per token. */
export function phonemeWeights(phonemeOutput: string, tokenCount: number): number[] | undefined {
  const lines = phonemeOutput.split('\n').filter((line) => line.trim() !== '');
  if (lines.length !== tokenCount) return undefined;
  return lines.map((line) => (line.replace(/_:?/g, '').match(/[A-Za-z@3]/g) ?? []).length);
}
