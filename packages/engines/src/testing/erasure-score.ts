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
}

const psnr = (squaredError: number, count: number) => (count === 0 || squaredError === 0 ? Infinity : 10 * Math.log10((255 * 255 * count) / squaredError));

/** Luma frames of `file`, `width` × `height`. */
function lumaFrames(file: string, width: number, height: number): AsyncGenerator<Uint8Array> {
  return readRawVideoFrames(rawVideoFramesArgs({ input: file, pixelFormat: 'gray' }), rawFrameBytes(width, height, 'gray'), { readAhead: 2 });
}

/** A text pixel: luma differs by more than this between the subtitled input and the clean source. */
const TEXT_DIFFERENCE = 24;

export async function scoreErasure(options: { output: string; input: string; clean?: string; width: number; height: number; frameRate: number; regions: readonly ErasureScoreRegion[] }): Promise<ErasureScore> {
  const { width, height, frameRate } = options;
  const outputs = lumaFrames(options.output, width, height);
  const inputs = lumaFrames(options.input, width, height);
  const cleans = options.clean ? lumaFrames(options.clean, width, height) : undefined;
  const totals = { outside: [0, 0], text: [0, 0], before: [0, 0], region: [0, 0] };
  let frames = 0;
  const inside = new Uint8Array(width * height);
  for (;;) {
    const [output, input, clean] = await Promise.all([outputs.next(), inputs.next(), cleans?.next()]);
    if (output.done || input.done || clean?.done) break;
    const time = frames / frameRate;
    inside.fill(0);
    for (const region of options.regions) {
      if (time < region.startSeconds || time > region.endSeconds) continue;
      const x0 = Math.max(0, Math.floor(region.box.x));
      const y0 = Math.max(0, Math.floor(region.box.y));
      const x1 = Math.min(width, Math.ceil(region.box.x + region.box.width));
      const y1 = Math.min(height, Math.ceil(region.box.y + region.box.height));
      for (let y = y0; y < y1; y++) inside.fill(1, y * width + x0, y * width + x1);
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
    frames++;
  }
  await Promise.all([outputs.return(undefined), inputs.return(undefined), cleans?.return(undefined)]);
  return {
    frames,
    outsidePsnr: psnr(totals.outside[0]!, totals.outside[1]!),
    textPsnr: psnr(totals.text[0]!, totals.text[1]!),
    textPsnrBefore: psnr(totals.before[0]!, totals.before[1]!),
    regionPsnr: psnr(totals.region[0]!, totals.region[1]!),
  };
}
