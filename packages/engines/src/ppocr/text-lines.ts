/** Text read from boxes put together into lines, and compared between readings. */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import { editDistance } from '@voxwork/contract';
import { SYLLABIC } from '../text/words.ts';

export interface ReadBox {
  box: BoundingBox;
  text: string;
  confidence: number;
}

/** Boxes' union (undefined for none). */
export function unionBox(boxes: readonly BoundingBox[]): BoundingBox | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Intersection over union of two boxes (0–1). */
export function overlapRatio(a: BoundingBox, b: BoundingBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}

/** Boxes grouped into rows (each overlapping the row's height by half of the smaller), top to bottom, each row left to right. */
export function groupIntoRows<T extends { box: BoundingBox }>(items: readonly T[]): T[][] {
  const rows: Array<{ top: number; bottom: number; items: T[] }> = [];
  for (const item of [...items].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2))) {
    const { y, height } = item.box;
    const row = rows.find((candidate) => Math.min(candidate.bottom, y + height) - Math.max(candidate.top, y) >= 0.5 * Math.min(candidate.bottom - candidate.top, height));
    if (row) {
      row.items.push(item);
      row.top = Math.min(row.top, y);
      row.bottom = Math.max(row.bottom, y + height);
    } else rows.push({ top: y, bottom: y + height, items: [item] });
  }
  return rows.sort((a, b) => a.top - b.top).map((row) => row.items.sort((a, b) => a.box.x - b.box.x));
}

/**
 * Boxes of one row that overlap or nearly touch (a gap of at most `gapRatio` × the taller box's
 * height) made one: the detector often cuts a line at a word gap or where the background is busy,
 * and a line cut mid-word is read worse than whole.
 */
export function mergeRowBoxes(boxes: readonly BoundingBox[], gapRatio: number): BoundingBox[] {
  return groupIntoRows(boxes.map((box) => ({ box }))).flatMap((row) => {
    const merged: BoundingBox[] = [];
    for (const { box } of row) {
      const previous = merged.at(-1);
      if (previous && box.x - (previous.x + previous.width) <= gapRatio * Math.max(previous.height, box.height)) merged[merged.length - 1] = unionBox([previous, box])!;
      else merged.push(box);
    }
    return merged;
  });
}

/** `box` grown by `ratio` of its height on every side (twice that left and right), inside `width` × `height`. */
export function growBox(box: BoundingBox, ratio: number, width: number, height: number): BoundingBox {
  const x = Math.max(0, box.x - box.height * ratio * 2);
  const y = Math.max(0, box.y - box.height * ratio);
  return { x, y, width: Math.min(width, box.x + box.width + box.height * ratio * 2) - x, height: Math.min(height, box.y + box.height * (1 + ratio)) - y };
}

/**
 * Rows of a subtitle made one line of text: joined with nothing where Chinese (or Japanese)
 * meets Chinese, with a space otherwise. Pieces of one row (a gap the detector split at) keep a space.
 */
export function joinRows(rows: readonly string[]): string {
  const latin = /[A-Za-z0-9]/;
  let text = '';
  for (const row of rows.map((piece) => piece.trim()).filter(Boolean)) {
    const before = text.at(-1);
    const after = row[0]!;
    const chinese = before !== undefined && (SYLLABIC.test(before) || SYLLABIC.test(after)) && !latin.test(before) && !latin.test(after);
    text = !text ? row : chinese ? text + row : `${text} ${row}`;
  }
  return text;
}

/** A line of text read from boxes: rows joined (`joinRows`), the union box, the mean confidence weighted by length. */
export function readLine(boxes: readonly ReadBox[]): ReadBox | undefined {
  const kept = boxes.filter((box) => box.text.trim());
  const box = unionBox(kept.map((entry) => entry.box));
  if (!box) return undefined;
  const text = joinRows(groupIntoRows(kept).map((row) => row.map((entry) => entry.text.trim()).join(' ')));
  const weight = kept.reduce((sum, entry) => sum + entry.text.length, 0);
  const confidence = kept.reduce((sum, entry) => sum + entry.confidence * entry.text.length, 0) / weight;
  return { box, text, confidence };
}

/** Text as compared between readings: compatibility forms (full-width → ASCII), lower case, letters and digits only. */
export function comparableText(text: string): string[] {
  return [...text.normalize('NFKC').toLowerCase()].filter((character) => /[\p{L}\p{N}]/u.test(character));
}

/** 1 − edit distance ÷ the longer length, on `comparableText` (1: the same, 0: nothing alike). */
export function textSimilarity(a: string, b: string): number {
  const left = comparableText(a);
  const right = comparableText(b);
  const longer = Math.max(left.length, right.length);
  return longer === 0 ? 1 : 1 - editDistance(left, right) / longer;
}

/**
 * How well `part` reads as a piece of `whole` (1 − the edit distance between `part` and the
 * stretch of `whole` most like it ÷ `part`'s length), on `comparableText`: "came back" in "You
 * finally came back." is 1. An empty part is 0.
 */
export function containment(part: string, whole: string): number {
  const needle = comparableText(part);
  const hay = comparableText(whole);
  if (needle.length === 0) return 0;
  // Edit distance with the start and the end in `whole` free (semi-global alignment).
  let previous = new Array<number>(hay.length + 1).fill(0);
  for (let row = 1; row <= needle.length; row++) {
    const current = [row];
    for (let column = 1; column <= hay.length; column++) {
      const substitute = previous[column - 1]! + (needle[row - 1] === hay[column - 1] ? 0 : 1);
      current.push(Math.min(substitute, previous[column]! + 1, current[column - 1]! + 1));
    }
    previous = current;
  }
  return Math.max(0, 1 - Math.min(...previous) / needle.length);
}

/** A reading at least this much contained in a longer one is a piece of it. */
const PIECE_CONTAINMENT = 0.8;
/** A piece is this much shorter at least than the reading it is a piece of (else a misread of it). */
const PIECE_SHORTER = 1.25;

/**
 * The reading to keep out of several of one line: the most frequent (compared as
 * `comparableText`); between two read as often, the one that holds the other whole and more, else
 * the higher summed confidence. Pieces do not vote: a reading that reads
 * as part of a quarter longer one is the line seen only in part (a busy background hid the
 * detector its ends), and "came back" read twice must not win over "You finally came back" read once.
 */
export function bestReading<T extends { text: string; confidence: number }>(readings: readonly T[]): T | undefined {
  const groups = new Map<string, { key: string; count: number; confidence: number; best: T }>();
  for (const reading of readings) {
    const key = comparableText(reading.text).join('');
    const group = groups.get(key);
    if (!group) groups.set(key, { key, count: 1, confidence: reading.confidence, best: reading });
    else {
      group.count++;
      group.confidence += reading.confidence;
      if (reading.confidence > group.best.confidence) group.best = reading;
    }
  }
  const all = [...groups.values()];
  const isPiece = (group: (typeof all)[number]) =>
    all.some((other) => [...other.key].length >= [...group.key].length * PIECE_SHORTER && containment(group.key, other.key) >= PIECE_CONTAINMENT);
  const whole = all.filter((group) => !isPiece(group));
  let chosen: (typeof all)[number] | undefined;
  // Between two readings read as often, one that holds the other whole and more is the line seen
  // whole, the other its first look cut short ("u have to sign this" beside "You have to sign this");
  // otherwise the surer one.
  const holds = (longer: (typeof all)[number], shorter: (typeof all)[number]) => [...longer.key].length > [...shorter.key].length && containment(shorter.key, longer.key) === 1;
  const surer = (group: (typeof all)[number], than: (typeof all)[number]) => holds(group, than) || (!holds(than, group) && group.confidence > than.confidence);
  for (const group of whole.length > 0 ? whole : all) {
    if (!chosen || group.count > chosen.count || (group.count === chosen.count && surer(group, chosen))) chosen = group;
  }
  return chosen?.best;
}
