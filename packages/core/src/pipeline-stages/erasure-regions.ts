/**
 * Regions to erase: the detector's timed text boxes turned into padded regions (the same text at
 * the same place over consecutive readings is one region), and the checks a request's regions
 * must pass against the video (inside the picture, within its length).
 */
import { editDistance, ErrorCode, type ErasureRegion } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { ErasureMask, FoundText, PixelRegion } from '../engines/video-erasure-engines.port.ts';

/** A region as the detect job lists it: an `ErasureRegion` of found text, its times and text always present. */
export type FoundRegion = Required<Omit<ErasureRegion, 'kind'>> & { kind: 'text' };

export interface VideoFrameFacts {
  width: number;
  height: number;
  durationSeconds: number;
}

/** Box margin: this share of the text's height on every side, plus a few pixels (soft edges, outline). */
const BOX_MARGIN_SHARE = 0.15;
const BOX_MARGIN_PIXELS = 4;
/**
 * Time margin on each side: subtitle lines are timed to a frame; all-text boxes run from the first
 * to the last sample that saw them (2 per second), so the text may show up to a sample interval
 * before and after.
 */
const TIME_MARGIN_SECONDS = { subtitles: 0.12, 'all-text': 0.6 } as const;
/** Readings of one place this close in time are one region. */
const JOIN_GAP_SECONDS = { subtitles: 0, 'all-text': 0.6 } as const;

const round = (value: number, step = 1) => Math.round(value / step) / Math.round(1 / step);

function overlapShare(a: PixelRegion, b: PixelRegion): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

/** Two readings say about the same (a misread letter or two): 1 − edit distance ÷ length ≥ 0.6. */
function alike(a: string, b: string): boolean {
  const x = [...a.replace(/\s+/g, '')];
  const y = [...b.replace(/\s+/g, '')];
  const length = Math.max(x.length, y.length);
  return length === 0 || 1 - editDistance(x, y) / length >= 0.6;
}

/**
 * Padded regions from the detector's texts, in time order. In all-text mode the readings of one place
 * that say about the same and follow within 0.6 s are one region (a reading lost on a sample or
 * two); a different text at the same place is a region of its own, so that each region's text
 * stays still over its span (the inpainter tells the text's pixels by that).
 */
export function regionsFromTexts(texts: readonly FoundText[], mode: 'subtitles' | 'all-text', video: VideoFrameFacts): FoundRegion[] {
  const sorted = [...texts].filter((text) => text.text.trim() && text.endSeconds > text.startSeconds).sort((a, b) => a.startSeconds - b.startSeconds);
  const joined: Array<{ box: PixelRegion; startSeconds: number; endSeconds: number; texts: string[] }> = [];
  for (const text of sorted) {
    const previous = joined.find((region) => mode === 'all-text' && overlapShare(region.box, text.box) >= 0.5 && text.startSeconds - region.endSeconds <= JOIN_GAP_SECONDS[mode] && region.texts.some((seen) => alike(seen, text.text)));
    if (previous) {
      const x0 = Math.min(previous.box.x, text.box.x);
      const y0 = Math.min(previous.box.y, text.box.y);
      previous.box = { x: x0, y: y0, width: Math.max(previous.box.x + previous.box.width, text.box.x + text.box.width) - x0, height: Math.max(previous.box.y + previous.box.height, text.box.y + text.box.height) - y0 };
      previous.endSeconds = Math.max(previous.endSeconds, text.endSeconds);
      if (!previous.texts.includes(text.text)) previous.texts.push(text.text);
    } else joined.push({ box: { ...text.box }, startSeconds: text.startSeconds, endSeconds: text.endSeconds, texts: [text.text] });
  }
  return joined.map((region) => {
    const margin = region.box.height * BOX_MARGIN_SHARE + BOX_MARGIN_PIXELS;
    const x = Math.max(0, Math.floor(region.box.x - margin));
    const y = Math.max(0, Math.floor(region.box.y - margin));
    const right = Math.min(video.width, Math.ceil(region.box.x + region.box.width + margin));
    const bottom = Math.min(video.height, Math.ceil(region.box.y + region.box.height + margin));
    return {
      x,
      y,
      width: right - x,
      height: bottom - y,
      startSeconds: round(Math.max(0, region.startSeconds - TIME_MARGIN_SECONDS[mode]), 0.001),
      endSeconds: round(Math.min(video.durationSeconds, region.endSeconds + TIME_MARGIN_SECONDS[mode]), 0.001),
      kind: 'text' as const,
      text: region.texts.join(' / ').slice(0, 300),
    };
  });
}

/** A region reaching this far (pixels) past the picture's edge still counts as inside (rounding in the browser). */
const EDGE_TOLERANCE = 1;
/** Times this far (seconds) past the video's end still count as within it. */
const END_TOLERANCE = 0.05;

/**
 * Throws the catalogue error for the first region outside the picture (7101) or outside the
 * video's time (7102), and for an empty list (7103).
 */
export function checkRegions(regions: readonly ErasureRegion[], video: { width: number | null; height: number | null; durationSeconds: number }): void {
  if (regions.length === 0) throw new DomainError(ErrorCode.ERASURE_NO_REGIONS);
  regions.forEach((region, position) => {
    const index = position + 1;
    if (video.width && video.height && (region.x + region.width > video.width + EDGE_TOLERANCE || region.y + region.height > video.height + EDGE_TOLERANCE)) {
      throw new DomainError(ErrorCode.ERASURE_REGION_OUTSIDE_FRAME, { index, width: video.width, height: video.height });
    }
    const from = region.startSeconds ?? 0;
    const to = region.endSeconds ?? video.durationSeconds;
    if (from >= video.durationSeconds || to > video.durationSeconds + END_TOLERANCE || to <= from) {
      throw new DomainError(ErrorCode.ERASURE_TIME_OUTSIDE_VIDEO, { index, from: round(from, 0.01), to: round(to, 0.01), duration: round(video.durationSeconds, 0.01) });
    }
  });
}

/** Regions as the engine's masks (no times: the whole video). */
export function masksOf(regions: readonly ErasureRegion[], durationSeconds: number, offsetSeconds = 0): ErasureMask[] {
  return regions.flatMap((region) => {
    const startSeconds = Math.max(0, (region.startSeconds ?? 0) - offsetSeconds);
    const endSeconds = Math.min(durationSeconds, (region.endSeconds ?? Number.MAX_SAFE_INTEGER) - offsetSeconds);
    if (endSeconds <= startSeconds) return [];
    return [{ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds, endSeconds, kind: region.kind }];
  });
}
