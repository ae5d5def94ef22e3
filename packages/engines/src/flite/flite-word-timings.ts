/**
 * Word timings for flite, whose CLI prints phone end times (`-psdur`) but not which word each phone
 * belongs to. A second, silent pass (`-ps -o none`) speaks every input token as its own utterance
 * (tokens separated by blank lines) to learn its phones; the two phone sequences are then aligned
 * (edit distance in a band around the diagonal), so that a token read differently in context
 * (`Dr.` → drive alone, doctor in the sentence) costs a few phones, not the whole alignment.
 */
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';

export interface FlitePhone {
  phone: string;
  startSeconds: number;
  endSeconds: number;
}

const PAUSE = 'pau';

/**
 * `-psdur` output: one line per utterance, `pau:0.164 hh:0.255 …`, end times from the utterance's
 * start. Utterances are laid end to end; `scaleTo` (the real audio's duration) absorbs the few
 * milliseconds by which each utterance's audio differs from its last phone's end.
 */
export function parsePsdur(stdout: string, scaleTo?: number): FlitePhone[] {
  const phones: FlitePhone[] = [];
  let offset = 0;
  for (const line of stdout.split('\n')) {
    const items = [...line.matchAll(/(\S+):(\d+(?:\.\d+)?)/g)];
    if (items.length === 0) continue;
    let previous = 0;
    for (const [, phone = '', end = '0'] of items) {
      const endSeconds = Math.max(previous, Number(end));
      phones.push({ phone, startSeconds: offset + previous, endSeconds: offset + endSeconds });
      previous = endSeconds;
    }
    offset += previous;
  }
  if (scaleTo !== undefined && offset > 0) {
    const factor = scaleTo / offset;
    for (const phone of phones) {
      phone.startSeconds *= factor;
      phone.endSeconds *= factor;
    }
  }
  return phones;
}

/** `-ps` output: the phones of each utterance (one line each), pauses removed. */
export function parsePhoneLines(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/).filter((phone) => phone !== PAUSE));
}

export interface TextToken {
  text: string;
  charStart: number;
  charEnd: number;
}

/** Whitespace-separated tokens, as flite's tokenizer splits them. */
export function whitespaceTokens(text: string): TextToken[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], charStart: match.index, charEnd: match.index + match[0].length }));
}

/**
 * For each phone of `spoken`, the index of the `reference` phone aligned with it (match or
 * substitution), or -1 when it has none. Banded: cells farther than `band` from the diagonal are
 * not computed, so 40,000 phones take a few MB and milliseconds.
 */
export function alignPhones(reference: readonly string[], spoken: readonly string[], band = 64): Int32Array {
  const n = reference.length;
  const m = spoken.length;
  // Phones as small integers, so that the inner loop compares numbers.
  const ids = new Map<string, number>();
  const idOf = (phone: string) => ids.get(phone) ?? (ids.set(phone, ids.size), ids.size - 1);
  const ref = Int32Array.from(reference, idOf);
  const hyp = Int32Array.from(spoken, idOf);
  const width = Math.max(band, Math.abs(n - m) + 16);
  const span = 2 * width + 1;
  const centers = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) centers[i] = n === 0 ? 0 : Math.round((i * m) / n);
  const INF = 0x3fffffff;
  let previousRow = new Int32Array(span).fill(INF);
  let row = new Int32Array(span).fill(INF);
  // 0 = diagonal, 1 = reference phone skipped (up), 2 = spoken phone extra (left).
  const moves = new Uint8Array((n + 1) * span);
  for (let i = 0; i <= n; i++) {
    row.fill(INF);
    const c = centers[i]!;
    // Column j sits at k = j - c + width in this row and at j - cPrevious + width in the row above.
    const shift = i > 0 ? c - centers[i - 1]! : 0;
    for (let k = 0; k < span; k++) {
      const j = c - width + k;
      if (j < 0 || j > m) continue;
      if (i === 0) {
        row[k] = j;
        moves[k] = 2;
        continue;
      }
      const above = k + shift;
      let best = INF;
      let move = 0;
      if (j > 0 && above - 1 >= 0 && above - 1 < span) best = previousRow[above - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      if (above >= 0 && above < span && previousRow[above]! + 1 < best) {
        best = previousRow[above]! + 1;
        move = 1;
      }
      if (j > 0 && k > 0 && row[k - 1]! + 1 < best) {
        best = row[k - 1]! + 1;
        move = 2;
      }
      row[k] = best;
      moves[i * span + k] = move;
    }
    [previousRow, row] = [row, previousRow];
  }
  const owner = new Int32Array(m).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const k = j - centers[i]! + width;
    const move = i === 0 ? 2 : j === 0 ? 1 : k >= 0 && k < span ? moves[i * span + k]! : 1;
    if (move === 0) {
      owner[j - 1] = i - 1;
      i--;
      j--;
    } else if (move === 1) i--;
    else j--;
  }
  return owner;
}

/**
 * Times of each token from the spoken phones: a token spans its aligned phones; extra spoken
 * phones belong to the token before them. Tokens with no phone (`--`) get no timing.
 */
export function fliteWordTimings(tokens: readonly TextToken[], tokenPhones: readonly string[][], phones: readonly FlitePhone[]): WordTiming[] {
  const reference: string[] = [];
  const referenceToken: number[] = [];
  tokenPhones.forEach((list, token) => {
    for (const phone of list) {
      reference.push(phone);
      referenceToken.push(token);
    }
  });
  const sounding = phones.filter((phone) => phone.phone !== PAUSE);
  const owner = alignPhones(reference, sounding.map((phone) => phone.phone));
  const spans = new Map<number, { startSeconds: number; endSeconds: number }>();
  let current = -1;
  for (let index = 0; index < sounding.length; index++) {
    const aligned = owner[index]!;
    if (aligned >= 0) current = referenceToken[aligned]!;
    const token = current >= 0 ? current : referenceToken[owner.find((value) => value >= 0) ?? -1];
    if (token === undefined) continue;
    const phone = sounding[index]!;
    const span = spans.get(token);
    if (span) span.endSeconds = Math.max(span.endSeconds, phone.endSeconds);
    else spans.set(token, { startSeconds: phone.startSeconds, endSeconds: phone.endSeconds });
  }
  const words: WordTiming[] = [];
  tokens.forEach((token, index) => {
    const span = spans.get(index);
    if (span) words.push({ text: token.text, charStart: token.charStart, charEnd: token.charEnd, ...span });
  });
  return words;
}

/** When the token pass cannot be matched at all: the spoken phones shared out by letter count. */
export function fliteWordTimingsByLength(tokens: readonly TextToken[], phones: readonly FlitePhone[]): WordTiming[] {
  const sounding = phones.filter((phone) => phone.phone !== PAUSE);
  const weights = tokens.map((token) => token.text.replace(/[^\p{L}\p{N}]/gu, '').length);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || sounding.length === 0) return [];
  const words: WordTiming[] = [];
  let used = 0;
  tokens.forEach((token, index) => {
    if (weights[index] === 0) return;
    const first = Math.round((used / total) * sounding.length);
    used += weights[index]!;
    const last = Math.max(first, Math.round((used / total) * sounding.length) - 1);
    const start = sounding[Math.min(first, sounding.length - 1)]!;
    const end = sounding[Math.min(last, sounding.length - 1)]!;
    words.push({ text: token.text, charStart: token.charStart, charEnd: token.charEnd, startSeconds: start.startSeconds, endSeconds: end.endSeconds });
  });
  return words;
}
