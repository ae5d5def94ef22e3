/**
 * Subtitle lines with their times from the frames of the subtitle band. Every `sampleEvery`-th
 * frame is a sample: it is read by OCR unless the open line's text pixels are all still there (the
 * main saving: a line stays for seconds); once a second such a line's own boxes are read again
 * (recognition only, no detection) in case its words changed in place. In a gap, a sample whose
 * picture has not changed since the last sample that read nothing is not read either. A reading whose text is like the open line's (similarity
 * ≥ 0.8) is the same line; another text, or none, ends it. Where a line starts or ends between two
 * samples, the frames in between (kept since the last sample) are looked at with the cheap pixel
 * test to place the change to within one frame.
 */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import type { RgbImage } from './rgb-image.ts';
import { bestReading, comparableText, containment, readLine, textSimilarity, unionBox, type ReadBox } from './text-lines.ts';
import { changedShare, textPixelsOf, textPresence, type TextPixels } from './text-pixels.ts';

/** A line's text and the boxes it was read from (band pixels). */
export interface BandReading extends ReadBox {
  boxes: readonly ReadBox[];
}

export interface TimedLine extends ReadBox {
  startSeconds: number;
  endSeconds: number;
}

export interface SubtitleLineReaderOptions {
  /** Seconds between two frames pushed (frame i is at i × frameSeconds). */
  frameSeconds: number;
  /** Every this many frames is a sample (1: every frame). */
  sampleEvery: number;
  durationSeconds: number;
  /** Place starts and ends on the frames between samples (otherwise halfway between samples). */
  refineBoundaries: boolean;
  /** Skip OCR while the open line's pixels stay. */
  skipUnchanged: boolean;
  /**
   * OCR of one band picture: its line, or undefined when it shows no text. `glance`: no line is
   * open (a gap between lines) or the open line's pixels have mostly gone, and the reader may look
   * first at less cost and miss a faint line; a line it then finds has the glanced sample before it
   * read again in full (the line's start).
   */
  read(image: RgbImage, glance?: boolean): Promise<BandReading | undefined>;
  /** Whether `read` glances (then it is asked to in gaps). */
  glances?: boolean;
  /** Recognition (no detection) of one box of a band picture: its text. */
  readAt?(image: RgbImage, box: BoundingBox): Promise<string | undefined>;
}

/** Readings at least this alike are one line. */
export const SAME_LINE_SIMILARITY = 0.8;
/**
 * Share of a line's text pixels that must still match to skip OCR of a sample. On our test videos
 * an unchanged line measures 0.998–1 and a changed one 0–0.3, whatever moves behind it.
 */
export const UNCHANGED_PRESENCE = 0.95;
/** A reading at least this like the open line's, with the line's pixels mostly there, is a misread of it. */
export const MISREAD_SIMILARITY = 0.4;
/** Share from which a picture still shows the line (a differing reading of it is a misread). */
export const SHOWN_PRESENCE = 0.6;
/**
 * In a gap, a sample that changed at most this share of its pixels since the last sample that read
 * nothing reads nothing too, and is not read. A still picture changes none (H.264's noise stays
 * under `changedShare`'s threshold); the smallest line changes far more: one CJK glyph with its
 * outline changed 0.47 % of a 1280×220 band at 40 px, 0.26 % at 28 px, and "OK" at 28 px 0.22 %
 * (about 0.1 % for that glyph in a 1080p band twice as tall as its rows need).
 */
export const UNCHANGED_GAP_SHARE = 0.0002;
/** A line skipped by its pixels is read again after this long, in case its words changed in place. */
const VERIFY_AFTER_SECONDS = 1;

interface OpenLine {
  startSeconds: number;
  lastSeenSeconds: number;
  lastReadSeconds: number;
  readings: BandReading[];
  pixels: TextPixels | undefined;
}

/** A sample a glance found empty, kept with the frames before it until the next sample's reading. */
interface GlancedSample {
  image: RgbImage;
  time: number;
  between: Array<{ time: number; image: RgbImage }>;
  previousSample: number | undefined;
}

export class SubtitleLineReader {
  readonly #options: SubtitleLineReaderOptions;
  #between: Array<{ time: number; image: RgbImage }> = [];
  #previousSample: number | undefined;
  #glancedEmpty: GlancedSample | undefined;
  #open: OpenLine | undefined;
  /** The last sample read in a gap that read nothing, and whether it was a glance. */
  #readNothing: { image: RgbImage; glanced: boolean } | undefined;
  readonly #lines: TimedLine[] = [];
  readonly counts = { framesDecoded: 0, framesSampled: 0, framesRecognised: 0, framesVerified: 0, glancedSamplesReadAgain: 0, gapSamplesUnchanged: 0 };

  constructor(options: SubtitleLineReaderOptions) {
    this.#options = options;
  }

  /** The frame with index `index` (in decoding order, from 0). */
  async push(image: RgbImage, index: number): Promise<void> {
    this.counts.framesDecoded++;
    const time = index * this.#options.frameSeconds;
    if (index % this.#options.sampleEvery !== 0) {
      if (this.#options.refineBoundaries) this.#between.push({ time, image });
      return;
    }
    await this.#sample(image, time);
    this.#between = [];
    this.#previousSample = time;
  }

  /** The lines read, in time order (after the last frame). */
  finish(): TimedLine[] {
    const open = this.#open;
    if (open) {
      // After the last frame: as if one more frame came that no longer shows it.
      const lastFrame = this.#between.at(-1)?.time ?? open.lastSeenSeconds;
      const end = open.pixels ? endAmong(open.pixels, this.#between, open.lastSeenSeconds, lastFrame + this.#options.frameSeconds) : lastFrame + this.#options.frameSeconds / 2;
      this.#close(open, Math.min(this.#options.durationSeconds, end));
      this.#open = undefined;
    }
    return mergeFlickers(this.#lines);
  }

  async #sample(image: RgbImage, time: number): Promise<void> {
    this.counts.framesSampled++;
    const open = this.#open;
    const presence = open?.pixels ? textPresence(open.pixels, image) : 0;
    if (open && this.#options.skipUnchanged && presence >= UNCHANGED_PRESENCE) {
      if (time - open.lastReadSeconds < VERIFY_AFTER_SECONDS) {
        open.lastSeenSeconds = time;
        return;
      }
      // Time to check the words: the line's own boxes are read again (recognition only); the same
      // words keep it open without a detection of the whole band. A line read only once is read
      // whole instead (detection of the band, at its own size): its one reading may be its first
      // sample's, taken in a fade-in or cut short by a busy background ("u have to sign this"), and
      // the boxes that reading found would only be read again as they were.
      if (open.readings.length > 1 && this.#options.readAt && (await this.#sameWords(open, image))) {
        this.counts.framesVerified++;
        open.lastSeenSeconds = time;
        open.lastReadSeconds = time;
        return;
      }
    }
    // In a gap, a picture that has not changed since the last sample that read nothing shows no line
    // either (a still shot, a slide, a title card between lines): it is taken as read as that one was.
    const unread = this.#readNothing;
    if (!open && unread && this.#options.skipUnchanged && changedShare(unread.image, image) <= UNCHANGED_GAP_SHARE) {
      this.counts.gapSamplesUnchanged++;
      this.#glancedEmpty = unread.glanced ? { image, time, between: this.#between, previousSample: this.#previousSample } : undefined;
      return;
    }
    this.counts.framesRecognised++;
    const glanced = this.#glancedEmpty;
    this.#glancedEmpty = undefined;
    // A glance where no line shows: in a gap, or where the open line's pixels have mostly gone.
    const glance = (!open || presence < SHOWN_PRESENCE) && this.#options.glances === true;
    const reading = await this.#options.read(image, glance);
    if (glance && !reading) this.#glancedEmpty = { image, time, between: this.#between, previousSample: this.#previousSample };
    this.#readNothing = !open && !reading ? { image, glanced: glance } : undefined;
    // The same line: its words read alike, or its pixels are all still there, or mostly there and the
    // words partly alike (a misread). Mostly there with other words is the next line in the same place.
    const openText = open && bestReading(open.readings)!.text;
    const similarity = openText && reading ? textSimilarity(reading.text, openText) : 0;
    if (open && openText && reading && (similarity >= SAME_LINE_SIMILARITY || presence >= UNCHANGED_PRESENCE || (presence >= SHOWN_PRESENCE && (similarity >= MISREAD_SIMILARITY || isPartOf(openText, reading))))) {
      open.readings.push(reading);
      open.lastSeenSeconds = time;
      open.lastReadSeconds = time;
      open.pixels = textPixelsOf(image, reading.boxes.map((entry) => entry.box)) ?? open.pixels;
      return;
    }
    // Nothing detected while the line's pixels mostly stay (its background turned as light as the
    // text): where its box, read again, says the same words, it still shows.
    if (open && !reading && presence >= SHOWN_PRESENCE && this.#options.readAt) {
      const again = await this.#options.readAt(image, open.readings.at(-1)!.box);
      if (again !== undefined && textSimilarity(again, bestReading(open.readings)!.text) >= SAME_LINE_SIMILARITY) {
        open.lastSeenSeconds = time;
        return;
      }
    }
    let next: OpenLine | undefined;
    if (reading) {
      const pixels = textPixelsOf(image, reading.boxes.map((entry) => entry.box));
      next = { startSeconds: await this.#startOf(reading, pixels, time, glanced), lastSeenSeconds: time, lastReadSeconds: time, readings: [reading], pixels };
    }
    // A band shows one line at a time: the line that ends never reaches past the start of the one
    // that follows (where the two share most of their pixels, each measures as shown on the other's frames).
    if (open) this.#close(open, Math.min(this.#endBefore(open, time), next?.startSeconds ?? Number.POSITIVE_INFINITY));
    this.#open = next;
  }

  /**
   * When a line first read at `time` appeared. Where the sample before was only glanced at and
   * found empty but the line's pixels show there, that sample is read in full: a line it shows too
   * (a faint first frame of a fade the glance missed) started before it, and is placed among the
   * frames before that sample.
   */
  async #startOf(reading: BandReading, pixels: TextPixels | undefined, time: number, glanced: GlancedSample | undefined): Promise<number> {
    if (glanced && glanced.time === this.#previousSample && (!pixels || textPresence(pixels, glanced.image) >= SHOWN_PRESENCE)) {
      this.counts.glancedSamplesReadAgain++;
      const before = await this.#options.read(glanced.image, false);
      if (before && textSimilarity(before.text, reading.text) >= SAME_LINE_SIMILARITY) {
        return startAmong(pixels, glanced.between, glanced.time, glanced.previousSample);
      }
    }
    return this.#startBefore(pixels, time);
  }

  /** Whether the last reading's boxes, read again in `image` (recognition only), say the open line's words. */
  async #sameWords(open: OpenLine, image: RgbImage): Promise<boolean> {
    const last = open.readings.at(-1)!;
    const boxes: ReadBox[] = [];
    for (const entry of last.boxes) {
      const text = await this.#options.readAt!(image, entry.box);
      if (text === undefined) return false;
      boxes.push({ ...entry, text });
    }
    const again = readLine(boxes);
    return again !== undefined && textSimilarity(again.text, bestReading(open.readings)!.text) >= SAME_LINE_SIMILARITY;
  }

  /** When `open` stopped showing, between its last sample and the sample at `time`. */
  #endBefore(open: OpenLine, time: number): number {
    return open.pixels ? endAmong(open.pixels, this.#between, open.lastSeenSeconds, time) : (open.lastSeenSeconds + time) / 2;
  }

  /** When a line first read at `time` appeared, between the previous sample and `time`. */
  #startBefore(pixels: TextPixels | undefined, time: number): number {
    return startAmong(pixels, this.#between, time, this.#previousSample);
  }

  #close(open: OpenLine, endSeconds: number): void {
    const best = bestReading(open.readings)!;
    this.#lines.push({
      text: best.text,
      confidence: best.confidence,
      box: unionBox(open.readings.map((reading) => reading.box)) as BoundingBox,
      startSeconds: open.startSeconds,
      endSeconds: Math.max(open.startSeconds, endSeconds),
    });
  }
}

/** When a line read at `time` (its `pixels`) appeared among `between`, the frames since the sample at `previousSample`. */
function startAmong(pixels: TextPixels | undefined, between: ReadonlyArray<{ time: number; image: RgbImage }>, time: number, previousSample: number | undefined): number {
  if (previousSample === undefined) return 0;
  let after = time;
  if (pixels) {
    for (let index = between.length - 1; index >= 0; index--) {
      const frame = between[index]!;
      if (textPresence(pixels, frame.image) < SHOWN_PRESENCE) return (frame.time + after) / 2;
      after = frame.time;
    }
  }
  return (previousSample + after) / 2;
}

/**
 * When a line last seen at `lastSeen` (its `pixels`) stopped showing, among `between`, the frames
 * before the sample at `next`: after the last frame that still shows it. Not at the first frame that
 * does not: behind a line that stays, a moving background can take a frame's measure of it just
 * under `SHOWN_PRESENCE` for a moment (0.596 between 0.815 and 0.649 on a panned 720p shot, its
 * line ended four frames early), while a line that has gone measures far lower (0–0.35) to the end.
 */
function endAmong(pixels: TextPixels, between: ReadonlyArray<{ time: number; image: RgbImage }>, lastSeen: number, next: number): number {
  for (let index = between.length - 1; index >= 0; index--) {
    if (textPresence(pixels, between[index]!.image) >= SHOWN_PRESENCE) return (between[index]!.time + (between[index + 1]?.time ?? next)) / 2;
  }
  return (lastSeen + (between[0]?.time ?? next)) / 2;
}

/** Consecutive lines of like text that touch (a misread sample split one line) become one. */
function mergeFlickers(lines: readonly TimedLine[]): TimedLine[] {
  const merged: TimedLine[] = [];
  for (const line of lines) {
    const previous = merged.at(-1);
    if (previous && line.startSeconds - previous.endSeconds < 0.05 && textSimilarity(previous.text, line.text) >= SAME_LINE_SIMILARITY) {
      const keep = line.endSeconds - line.startSeconds > previous.endSeconds - previous.startSeconds ? line : previous;
      merged[merged.length - 1] = { ...keep, startSeconds: previous.startSeconds, endSeconds: line.endSeconds, box: unionBox([previous.box, line.box])! };
    } else merged.push(line);
  }
  return merged;
}

/** Shortest comparable text a piece of a line must have to be taken for one. */
const PIECE_MIN_CHARACTERS = 3;

/**
 * Whether, where the open line's pixels mostly stay, one of the two readings is the other seen in
 * part (a busy background hid the detector a line's ends on some samples): one text reads as a
 * piece of the other. (Not where one's box lies within the other's: two centred lines that follow
 * each other without a gap are so, and their pixels overlapped enough on bars in a brush font.)
 */
function isPartOf(openText: string, reading: BandReading): boolean {
  const [shorter, longer] = comparableText(openText).length <= comparableText(reading.text).length ? [openText, reading.text] : [reading.text, openText];
  return comparableText(shorter).length >= PIECE_MIN_CHARACTERS && containment(shorter, longer) >= SAME_LINE_SIMILARITY;
}
