/**
 * How well a video was erased, measured on the luma of three videos read side by side frame by
 * frame: the erased output against its input outside the masks (nothing should have changed), and
 * against the clean source where the text was (the background should be back).
 */
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import type { BoundingBox } from '../capabilities/engine-common.ts';

export interface ErasureScoreRegion {
  box: BoundingBox;
  startSeconds: number;
  endSeconds: number;
}

export interface ErasureScore {
  frames: number;
  /** PSNR (dB) of the output against the input over every pixel outside the regions (while they last). */
  outsidePsnr: number;
  /** PSNR (dB) of the output against the clean source over the text's pixels (where input and clean differ). */
  textPsnr: number;
  /** The same, input against clean: how much the text changed the picture. */
  textPsnrBefore: number;
  /** PSNR (dB) of the output against the clean source over the whole regions while they last. */
  regionPsnr: number;
  /** With `background`: PSNR (dB) of the output against the input over the distractors' pixels (where the clean source differs from its background), every frame. */
  distractorPsnr?: number;
  /**
   * With `clean`: on every 5th frame with a region, the fine detail (variance of a pixel minus its
   * 5 × 5 mean) inside the regions' boxes ÷ the same in bands of their height just above and below
   * (a flat band: near 0; the picture's own texture: near 1). `cleanDetailRatio` is the same on the clean source.
   */
  detailRatio?: number;
  cleanDetailRatio?: number;
  /**
   * With `clean`: on the same frames, `rowChangeAutocorrelation` of each region's box at the exemplar fill's block (7 px),
   * averaged: horizontal stripes of that period (a seam or a repeated block every 7 rows) make it high, a picture without
   * that period leaves it near 0 or below. `cleanStripes` is the same on the clean source.
   */
  stripes?: number;
  cleanStripes?: number;
}

/** The row period of the stripes looked for: the exemplar fill's block (`exemplar-fill.ts`). */
export const STRIPE_PERIOD = 7;

/**
 * How much the rows x0 … x1 − 1 of the rectangle y0 … y1 − 1 of `plane` (`width` wide) change every `lag` rows alike:
 * the autocorrelation, at `lag`, of the profile of row-to-row change (the mean squared difference of each row from the one
 * above). A fill seamed or repeated every `lag` rows peaks there (1: every such row and no other); a texture without that
 * period gives about 0 (a random one) or less. 0 when the rectangle is too short or without change.
 */
export function rowChangeAutocorrelation(plane: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number, lag: number): number {
  const profile: number[] = [];
  for (let y = y0 + 1; y < y1; y++) {
    let sum = 0;
    for (let x = x0; x < x1; x++) sum += (plane[y * width + x]! - plane[(y - 1) * width + x]!) ** 2;
    profile.push(sum / (x1 - x0));
  }
  if (profile.length <= 2 * lag) return 0;
  const mean = profile.reduce((total, value) => total + value, 0) / profile.length;
  let product = 0;
  let energy = 0;
  for (let at = 0; at < profile.length; at++) {
    energy += (profile[at]! - mean) ** 2;
    if (at + lag < profile.length) product += (profile[at]! - mean) * (profile[at + lag]! - mean);
  }
  // Divided by the pairs at `lag` against the values: the mean product per pair over the variance.
  return energy === 0 ? 0 : product / (profile.length - lag) / (energy / profile.length);
}

/** Variance of (pixel − its 5 × 5 mean) summed over the rectangles of `frame` set in `where`, and how many pixels. */
function detailEnergy(frame: Uint8Array, width: number, height: number, where: Uint8Array): [number, number] {
  // Row sums of 5 then column sums of 5: a 5 × 5 box sum per pixel (borders left out).
  const rows = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 2; x < width - 2; x++) rows[row + x] = frame[row + x - 2]! + frame[row + x - 1]! + frame[row + x]! + frame[row + x + 1]! + frame[row + x + 2]!;
  }
  let sum = 0;
  let count = 0;
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const index = y * width + x;
      if (!where[index]) continue;
      const mean = (rows[index - 2 * width]! + rows[index - width]! + rows[index]! + rows[index + width]! + rows[index + 2 * width]!) / 25;
      const detail = frame[index]! - mean;
      sum += detail * detail;
      count++;
    }
  }
  return [sum, count];
}

const psnr = (squaredError: number, count: number) => (count === 0 || squaredError === 0 ? Infinity : 10 * Math.log10((255 * 255 * count) / squaredError));

/** Luma frames of `file`, `width` × `height`. */
function lumaFrames(file: string, width: number, height: number): AsyncGenerator<Uint8Array> {
  return readRawVideoFrames(rawVideoFramesArgs({ input: file, pixelFormat: 'gray' }), rawFrameBytes(width, height, 'gray'), { readAhead: 2 });
}

/** A text pixel: luma differs by more than this between the subtitled input and the clean source. */
const TEXT_DIFFERENCE = 24;

/** A distractor pixel: luma differs by more than this between the clean source and its background. */
const DISTRACTOR_DIFFERENCE = 16;

/**
 * `output` (erased) against `input` outside the regions and, with `clean` (the same video without
 * the text erased), against the truth inside them; with `background` (the clean video without its
 * distractors either), the distractors' pixels against the input.
 */
export async function scoreErasure(options: { output: string; input: string; clean?: string; background?: string; width: number; height: number; frameRate: number; regions: readonly ErasureScoreRegion[] }): Promise<ErasureScore> {
  const { width, height, frameRate } = options;
  const outputs = lumaFrames(options.output, width, height);
  const inputs = lumaFrames(options.input, width, height);
  const cleans = options.clean ? lumaFrames(options.clean, width, height) : undefined;
  const backgrounds = options.background ? lumaFrames(options.background, width, height) : undefined;
  const totals = { outside: [0, 0], text: [0, 0], before: [0, 0], region: [0, 0], distractor: [0, 0], detailIn: [0, 0], detailAround: [0, 0], cleanIn: [0, 0], cleanAround: [0, 0], stripes: [0, 0], cleanStripes: [0, 0] };
  let frames = 0;
  const inside = new Uint8Array(width * height);
  const around = new Uint8Array(width * height);
  const add = (total: number[], [sum, count]: [number, number]) => {
    total[0]! += sum;
    total[1]! += count;
  };
  for (;;) {
    const [output, input, clean, background] = await Promise.all([outputs.next(), inputs.next(), cleans?.next(), backgrounds?.next()]);
    if (output.done || input.done || clean?.done || background?.done) break;
    const time = frames / frameRate;
    inside.fill(0);
    const boxes: Array<[number, number, number, number]> = [];
    for (const region of options.regions) {
      if (time < region.startSeconds || time > region.endSeconds) continue;
      const x0 = Math.max(0, Math.floor(region.box.x));
      const y0 = Math.max(0, Math.floor(region.box.y));
      const x1 = Math.min(width, Math.ceil(region.box.x + region.box.width));
      const y1 = Math.min(height, Math.ceil(region.box.y + region.box.height));
      for (let y = y0; y < y1; y++) inside.fill(1, y * width + x0, y * width + x1);
      boxes.push([x0, y0, x1, y1]);
    }
    if (clean && boxes.length > 0 && frames % 5 === 0) {
      around.fill(0);
      for (const [x0, y0, x1, y1] of boxes) {
        const band = y1 - y0;
        for (const [from, to] of [[y0 - band - 3, y0 - 3], [y1 + 3, y1 + band + 3]] as const) {
          for (let y = Math.max(0, from); y < Math.min(height, to); y++) for (let x = x0; x < x1; x++) if (!inside[y * width + x]) around[y * width + x] = 1;
        }
      }
      add(totals.detailIn, detailEnergy(output.value, width, height, inside));
      add(totals.detailAround, detailEnergy(output.value, width, height, around));
      add(totals.cleanIn, detailEnergy(clean.value, width, height, inside));
      add(totals.cleanAround, detailEnergy(clean.value, width, height, around));
      for (const [x0, y0, x1, y1] of boxes) {
        add(totals.stripes, [rowChangeAutocorrelation(output.value, width, x0, y0, x1, y1, STRIPE_PERIOD), 1]);
        add(totals.cleanStripes, [rowChangeAutocorrelation(clean.value, width, x0, y0, x1, y1, STRIPE_PERIOD), 1]);
      }
    }
    const out = output.value;
    const source = input.value;
    const truth = clean?.value;
    for (let index = 0; index < out.length; index++) {
      if (!inside[index]) {
        const difference = out[index]! - source[index]!;
        totals.outside[0]! += difference * difference;
        totals.outside[1]!++;
      } else if (truth) {
        const error = out[index]! - truth[index]!;
        totals.region[0]! += error * error;
        totals.region[1]!++;
        const text = source[index]! - truth[index]!;
        if (Math.abs(text) > TEXT_DIFFERENCE) {
          totals.text[0]! += error * error;
          totals.text[1]!++;
          totals.before[0]! += text * text;
          totals.before[1]!++;
        }
      }
    }
    if (truth && background) {
      const bare = background.value;
      for (let index = 0; index < out.length; index++) {
        if (Math.abs(truth[index]! - bare[index]!) <= DISTRACTOR_DIFFERENCE) continue;
        const difference = out[index]! - source[index]!;
        totals.distractor[0]! += difference * difference;
        totals.distractor[1]!++;
      }
    }
    frames++;
  }
  await Promise.all([outputs.return(undefined), inputs.return(undefined), cleans?.return(undefined), backgrounds?.return(undefined)]);
  const ratio = (a: number[], b: number[]) => (a[1] === 0 || b[1] === 0 || b[0] === 0 ? undefined : a[0]! / a[1]! / (b[0]! / b[1]!));
  const detailRatio = ratio(totals.detailIn, totals.detailAround);
  const cleanDetailRatio = ratio(totals.cleanIn, totals.cleanAround);
  const mean = (total: number[]) => (total[1] === 0 ? undefined : total[0]! / total[1]!);
  const stripes = mean(totals.stripes);
  const cleanStripes = mean(totals.cleanStripes);
  return {
    frames,
    outsidePsnr: psnr(totals.outside[0]!, totals.outside[1]!),
    textPsnr: psnr(totals.text[0]!, totals.text[1]!),
    textPsnrBefore: psnr(totals.before[0]!, totals.before[1]!),
    regionPsnr: psnr(totals.region[0]!, totals.region[1]!),
    ...(options.background ? { distractorPsnr: psnr(totals.distractor[0]!, totals.distractor[1]!) } : {}),
    ...(detailRatio !== undefined ? { detailRatio } : {}),
    ...(cleanDetailRatio !== undefined ? { cleanDetailRatio } : {}),
    ...(stripes !== undefined ? { stripes } : {}),
    ...(cleanStripes !== undefined ? { cleanStripes } : {}),
  };
}

/** Characters of `expected` (letters, digits, Chinese) that also occur in `read`, each counted once per occurrence. */
export function charactersFound(expected: string, read: string): number {
  const pool = [...read.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()];
  let found = 0;
  for (const character of expected.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()) {
    const at = pool.indexOf(character);
    if (at >= 0) {
      pool.splice(at, 1);
      found++;
    }
  }
  return found;
}

/**
 * How many of the cues' characters an OCR of the erased video still reads while each cue was on
 * screen (`readings`: the detector's timed texts), leaving out readings of the `ignored` texts
 * (distractors that stay, which may share letters with a cue); and how many there were.
 */
export function subtitleCharactersRead(cues: ReadonlyArray<{ text: string; startSeconds: number; endSeconds: number }>, readings: ReadonlyArray<{ text: string; startSeconds: number; endSeconds: number }>, ignored: readonly string[] = []): { read: number; total: number } {
  const kept = readings.filter((reading) => !ignored.some((text) => charactersFound(text, reading.text) >= Math.max(2, 0.6 * reading.text.replace(/[^\p{L}\p{N}]/gu, '').length)));
  let read = 0;
  let total = 0;
  for (const cue of cues) {
    const during = kept.filter((reading) => reading.endSeconds >= cue.startSeconds && reading.startSeconds <= cue.endSeconds).map((reading) => reading.text).join(' ');
    total += cue.text.replace(/[^\p{L}\p{N}]/gu, '').length;
    read += charactersFound(cue.text, during);
  }
  return { read, total };
}
