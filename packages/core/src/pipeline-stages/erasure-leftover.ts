/**
 * Text left after erasure (issue 28's season board, decision 061): OCR on a sample of the erased
 * picture's frames, in the padded boxes where source subtitle lines were while they showed. One
 * frame per 5 seconds of video at most (the middle of the first line showing in each 5-second
 * window), at most `MAX_SAMPLES`; a frame counts when OCR reads any text in that line's box. Run
 * once, by the erase stage right after it erased (its output is checkpointed with the erasure).
 */
import { runFfmpeg, videoFrameImageArgs } from '@voxwork/media';
import type { FoundText, PixelRegion, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';

export const LEFTOVER_SAMPLE_SECONDS = 5;
export const MAX_SAMPLES = 24;
const FRAME_TIMEOUT_MS = 60_000;

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

export async function measureTextLeft(options: {
  erasureEngines: VideoErasureEngines;
  /** The erased video. */
  videoFile: string;
  lines: readonly FoundText[];
  durationSeconds: number;
  width: number;
  height: number;
  /** Where the sampled frame `index` is written (a job file). */
  framePath: (index: number) => Promise<string>;
  signal?: AbortSignal | undefined;
}): Promise<TextLeftMeasure> {
  const samples = leftoverSamples(options.lines, options.durationSeconds);
  const frames: TextLeftMeasure['frames'] = [];
  let textLeftFrames = 0;
  for (const [index, sample] of samples.entries()) {
    const imageFile = await options.framePath(index);
    await runFfmpeg(videoFrameImageArgs({ input: options.videoFile, atSeconds: sample.timeSeconds, output: imageFile }), { signal: options.signal, timeoutMs: FRAME_TIMEOUT_MS });
    const read = await options.erasureEngines.readFrames({ frames: [{ imageFile, timeSeconds: sample.timeSeconds }], region: padded(sample.box, options.width, options.height), signal: options.signal });
    const texts = (read.frames[0]?.texts ?? []).map((text) => text.text.trim()).filter(Boolean);
    if (texts.length) {
      textLeftFrames++;
      frames.push({ timeSeconds: sample.timeSeconds, texts });
    }
  }
  return { sampledFrames: samples.length, textLeftFrames, frames };
}
