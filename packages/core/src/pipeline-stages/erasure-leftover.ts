/**
 * Text left after erasure (issue 28's season board, decision 061): OCR on a sample of the erased
 * picture's frames, in the padded boxes where source subtitle lines were while they showed. One
 * frame per 5 seconds of video at most (the middle of the first line showing in each 5-second
 * window), at most `MAX_SAMPLES`; a frame counts when OCR reads any text in that line's box. The
 * erasure keeps those frames as it erases them (`keepFrames`: no seeking through its output, which
 * may already have the translation drawn over it); the erase stage reads them right after (its
 * output is checkpointed with the erasure).
 */
import type { FoundText, PixelRegion, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';

export const LEFTOVER_SAMPLE_SECONDS = 5;
export const MAX_SAMPLES = 24;

export interface TextLeftMeasure {
  sampledFrames: number;
  textLeftFrames: number;
  /** The frames where text was read, and what. */
  frames: Array<{ timeSeconds: number; texts: string[] }>;
}

/** The sample: per 5-second window, the middle of the part of the first line showing in it, and that line's box. */
export function leftoverSamples(lines: readonly FoundText[], durationSeconds: number): Array<{ timeSeconds: number; box: PixelRegion }> {
  const samples: Array<{ timeSeconds: number; box: PixelRegion }> = [];
  const sorted = [...lines].sort((a, b) => a.startSeconds - b.startSeconds);
  for (let from = 0; from < durationSeconds && samples.length < MAX_SAMPLES; from += LEFTOVER_SAMPLE_SECONDS) {
    const to = Math.min(durationSeconds, from + LEFTOVER_SAMPLE_SECONDS);
    const line = sorted.find((candidate) => candidate.endSeconds > from && candidate.startSeconds < to);
    if (!line) continue;
    const start = Math.max(from, line.startSeconds);
    const end = Math.min(to, line.endSeconds);
    samples.push({ timeSeconds: Math.round(((start + end) / 2) * 1000) / 1000, box: line.box });
  }
  return samples;
}

/** A line's box padded by half its height all round, inside the frame. */
function padded(box: PixelRegion, width: number, height: number): PixelRegion {
  const pad = Math.round(box.height / 2);
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  return { x, y, width: Math.min(width, box.x + box.width + pad) - x, height: Math.min(height, box.y + box.height + pad) - y };
}

/**
 * OCR of the sampled frames of the erased picture (`images[i]`: sample `i`'s frame, written by the
 * erasure as it erased, before anything was drawn over it; a sample whose frame was not written is
 * left out) inside each sample's padded line box.
 */
export async function measureTextLeft(options: {
  erasureEngines: VideoErasureEngines;
  samples: ReadonlyArray<{ timeSeconds: number; box: PixelRegion }>;
  images: ReadonlyArray<string | undefined>;
  width: number;
  height: number;
  signal?: AbortSignal | undefined;
}): Promise<TextLeftMeasure> {
  const frames: TextLeftMeasure['frames'] = [];
  let sampledFrames = 0;
  let textLeftFrames = 0;
  for (const [index, sample] of options.samples.entries()) {
    const imageFile = options.images[index];
    if (!imageFile) continue;
    sampledFrames++;
    const read = await options.erasureEngines.readFrames({ frames: [{ imageFile, timeSeconds: sample.timeSeconds }], region: padded(sample.box, options.width, options.height), signal: options.signal });
    const texts = (read.frames[0]?.texts ?? []).map((text) => text.text.trim()).filter(Boolean);
    if (texts.length) {
      textLeftFrames++;
      frames.push({ timeSeconds: sample.timeSeconds, texts });
    }
  }
  return { sampledFrames, textLeftFrames, frames };
}
