/**
 * Every text on screen over time (all-text mode, still frames): a box detected at about the same
 * place as one seen on the previous sample (overlap ≥ 0.5) with like text (similarity ≥ 0.8), or
 * whose pixels mostly stay (a misread), is the same timed box; so is a piece of a text still shown
 * (a box inside its box reading part of its words). A box whose text pixels are all
 * still there is not read again, and a box the detector missed on one sample lives on while its
 * pixels are all there.
 */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import type { RecognisedLine } from './ppocr-model.ts';
import type { RgbImage } from './rgb-image.ts';
import { SAME_LINE_SIMILARITY, SHOWN_PRESENCE, UNCHANGED_PRESENCE } from './subtitle-line-reader.ts';
import { bestReading, containment, overlapRatio, textSimilarity, unionBox, type ReadBox } from './text-lines.ts';
import { textPixelsOf, textPresence, type TextPixels } from './text-pixels.ts';

export interface TrackedText extends ReadBox {
  firstSeconds: number;
  lastSeconds: number;
}

interface Track {
  readings: ReadBox[];
  box: BoundingBox;
  firstSeconds: number;
  lastSeconds: number;
  pixels: TextPixels | undefined;
}

export interface TextBoxTrackerOptions {
  skipUnchanged: boolean;
  minConfidence: number;
  /** OCR of boxes of a picture. */
  read(image: RgbImage, boxes: readonly BoundingBox[]): Promise<RecognisedLine[]>;
}

const SAME_PLACE = 0.5;
/** A box at least this much inside a text's box, reading as part of its words (`containment`), is a piece of that text. */
const PIECE_INSIDE = 0.8;
const PIECE_WORDS = 0.8;

/** The share of `box`'s area inside `container`. */
function insideShare(box: BoundingBox, container: BoundingBox): number {
  const width = Math.min(box.x + box.width, container.x + container.width) - Math.max(box.x, container.x);
  const height = Math.min(box.y + box.height, container.y + container.height) - Math.max(box.y, container.y);
  return width <= 0 || height <= 0 ? 0 : (width * height) / (box.width * box.height);
}

export class TextBoxTracker {
  readonly #options: TextBoxTrackerOptions;
  #open: Track[] = [];
  readonly #done: Track[] = [];
  readonly counts = { boxesDetected: 0, boxesRecognised: 0 };

  constructor(options: TextBoxTrackerOptions) {
    this.#options = options;
  }

  /** The boxes detected in `image`, a sample at `time`. */
  async push(image: RgbImage, time: number, detected: readonly BoundingBox[]): Promise<void> {
    this.counts.boxesDetected += detected.length;
    const kept: Track[] = [];
    const toRead: Array<{ box: BoundingBox; track: Track | undefined; presence: number }> = [];
    for (const box of detected) {
      const track = this.#open
        .filter((candidate) => !kept.includes(candidate))
        .map((candidate) => ({ candidate, overlap: overlapRatio(candidate.box, box) }))
        .filter(({ overlap }) => overlap >= SAME_PLACE)
        .sort((a, b) => b.overlap - a.overlap)[0]?.candidate;
      const presence = track?.pixels ? textPresence(track.pixels, image) : 0;
      if (track && this.#options.skipUnchanged && presence >= UNCHANGED_PRESENCE) {
        track.lastSeconds = time;
        kept.push(track);
      } else toRead.push({ box, track, presence });
    }
    this.counts.boxesRecognised += toRead.length;
    const lines = await this.#options.read(image, toRead.map((entry) => entry.box));
    toRead.forEach(({ box, track, presence }, index) => {
      const line = lines[index]!;
      if (!line.text.trim() || line.confidence < this.#options.minConfidence) return;
      const reading = { box, text: line.text, confidence: line.confidence };
      const pixels = textPixelsOf(image, [box]);
      if (track && !kept.includes(track) && (presence >= SHOWN_PRESENCE || textSimilarity(line.text, bestReading(track.readings)!.text) >= SAME_LINE_SIMILARITY)) {
        track.readings.push(reading);
        track.lastSeconds = time;
        track.box = box;
        track.pixels = pixels ?? track.pixels;
        kept.push(track);
        return;
      }
      // A piece of a text still on screen (its box inside that text's, its words part of its words): the detector cut the
      // line short on this sample ("/ came back" inside "You finally came back"), not a new text.
      const whole = [...kept, ...this.#open].find((other) => other !== track && insideShare(box, other.box) >= PIECE_INSIDE && containment(line.text, bestReading(other.readings)!.text) >= PIECE_WORDS);
      if (whole) {
        whole.lastSeconds = time;
        if (!kept.includes(whole)) kept.push(whole);
        return;
      }
      kept.push({ readings: [reading], box, firstSeconds: time, lastSeconds: time, pixels });
    });
    for (const track of this.#open) {
      if (kept.includes(track)) continue;
      if (track.pixels && textPresence(track.pixels, image) >= UNCHANGED_PRESENCE) {
        track.lastSeconds = time;
        kept.push(track);
      } else this.#done.push(track);
    }
    this.#open = kept;
  }

  /** Every text seen, by first appearance then top to bottom. */
  finish(): TrackedText[] {
    this.#done.push(...this.#open);
    this.#open = [];
    return this.#done
      .map((track) => {
        const best = bestReading(track.readings)!;
        return { text: best.text, confidence: best.confidence, box: unionBox(track.readings.map((reading) => reading.box))!, firstSeconds: track.firstSeconds, lastSeconds: track.lastSeconds };
      })
      .sort((a, b) => a.firstSeconds - b.firstSeconds || a.box.y - b.box.y || a.box.x - b.box.x);
  }
}
