/** The checks every `Inpainter` adapter passes (removing burned-in text, logos). */
import path from 'node:path';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { expect } from 'vitest';
import type { BoundingBox, EngineCallOptions } from '../../capabilities/engine-common.ts';
import type { InpaintMask, InpaintOptions, Inpainter } from '../../capabilities/inpainter.ts';
import { abortCheck, describeConformance, descriptorCheck, expectInputError, notMediaFile, oncePerDir, providerOptionsCheck, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';
import { greyFrame, meanDifference, pictureFacts } from './picture-checks.ts';

export interface InpainterKitOptions extends CommonKitOptions<'inpainter'> {
  /** Makes a short video (in `dir`) with detail everywhere, so that a filled area differs from what was there. */
  makeVideo(dir: string): Promise<string>;
  /** Makes a video the engine is still working on a few milliseconds after the call. */
  makeLongVideo(dir: string): Promise<string>;
}

/** A mask over the middle of the picture for the first half of the video; and a corner far from it. */
function maskAndCorner(picture: { width: number; height: number; durationSeconds: number }): { mask: InpaintMask; corner: BoundingBox } {
  const box = { x: Math.round(picture.width / 4), y: Math.round(picture.height / 4), width: Math.round(picture.width / 2), height: Math.round(picture.height / 2) };
  const corner = { x: 0, y: 0, width: Math.round(picture.width / 8), height: Math.round(picture.height / 8) };
  return { mask: { box, startSeconds: 0, endSeconds: picture.durationSeconds / 2 }, corner };
}

export function inpainterChecks(options: InpainterKitOptions): Array<ConformanceCheck<Inpainter>> {
  const { descriptor } = options;
  const makeVideo = oncePerDir(options.makeVideo);
  const makeLongVideo = oncePerDir(options.makeLongVideo);
  const inpaint = async ({ engine, dir }: { engine: Inpainter; dir: string }, extra: Partial<InpaintOptions> & EngineCallOptions = {}) => {
    const videoFile = await makeVideo(dir);
    const { mask } = maskAndCorner(await pictureFacts(videoFile));
    return engine.doInpaint({ videoFile, masks: [mask], outputFile: path.join(dir, 'inpainted.mp4'), ...extra });
  };
  return [
    descriptorCheck(descriptor, 'inpainter'),
    {
      name: 'writes a video of the same size and length, with what covered the masks gone while they last and nothing changed far from them',
      run: async ({ engine, dir }) => {
        const original = await makeVideo(dir);
        const input = await pictureFacts(original);
        const { mask, corner } = maskAndCorner(input);
        // Something to remove: a white block over the mask while it lasts (an engine that brings back the
        // picture from other frames and one that paints over the area both change it).
        const videoFile = path.join(dir, 'occluded.mp4');
        const { box } = mask;
        await runFfmpeg([
          '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', original,
          '-vf', `drawbox=x=${box.x}:y=${box.y}:w=${box.width}:h=${box.height}:color=white:t=fill:enable='between(t,${mask.startSeconds},${mask.endSeconds})'`,
          '-c:v', 'mpeg4', '-q:v', '2', '-c:a', 'copy', videoFile,
        ]);
        const outputFile = path.join(dir, 'inpainted.mp4');
        const result = await engine.doInpaint({ videoFile, masks: [mask], outputFile });
        const output = await pictureFacts(outputFile);
        expect({ width: output.width, height: output.height }).toEqual({ width: input.width, height: input.height });
        expect(result.video.file).toBe(outputFile);
        expect(Math.abs(output.durationSeconds - input.durationSeconds), 'as long as the input').toBeLessThan(0.15);
        expect(Math.abs(output.durationSeconds - result.video.durationSeconds), 'the length reported is the file’s').toBeLessThan(0.15);
        expect((await probeMedia(outputFile)).audio === undefined, 'audio kept or absent as in the input').toBe((await probeMedia(videoFile)).audio === undefined);
        const during = mask.endSeconds / 2;
        const [before, after] = await Promise.all([greyFrame(videoFile, during, dir, input), greyFrame(outputFile, during, dir, input)]);
        const inside = meanDifference(before, after, mask.box);
        const far = meanDifference(before, after, corner);
        expect(inside, 'the masked area was filled').toBeGreaterThan(far + 8);
        const later = input.durationSeconds * 0.8;
        const [laterBefore, laterAfter] = await Promise.all([greyFrame(videoFile, later, dir, input), greyFrame(outputFile, later, dir, input)]);
        expect(meanDifference(laterBefore, laterAfter, mask.box), 'after its mask ends, the area is the input’s').toBeLessThan(inside / 2);
        expect(result.response.engineId).toBe(descriptor.id);
        expect(Array.isArray(result.warnings)).toBe(true);
      },
    },
    providerOptionsCheck<Inpainter>(descriptor, (context, providerOptions) => inpaint(context, { providerOptions })),
    abortCheck<Inpainter>(
      (context, signal) => inpaint(context, { signal }),
      async (context) => {
        const videoFile = await makeLongVideo(context.dir);
        const { mask } = maskAndCorner(await pictureFacts(videoFile));
        return (signal) => context.engine.doInpaint({ videoFile, masks: [mask], outputFile: path.join(context.dir, 'aborted.mp4'), signal });
      },
    ),
    {
      name: 'fails with typed, non-retryable errors for input that is not a video and malformed masks',
      run: async (context) => {
        await expectInputError(inpaint(context, { videoFile: await notMediaFile(context.dir, 'not-video.mp4') }), 'not-readable');
        await expectInputError(inpaint(context, { videoFile: path.join(context.dir, 'missing.mp4') }));
        await expectInputError(inpaint(context, { masks: [{ startSeconds: 1, endSeconds: 0.5, box: { x: 0, y: 0, width: 10, height: 10 } }] }));
        await expectInputError(inpaint(context, { masks: [{ startSeconds: 0, endSeconds: 1, box: { x: 0, y: 0, width: -10, height: 10 } }] }));
        await expectInputError(inpaint(context, { outputFile: '' }));
      },
    },
  ];
}

export function inpainterConformance(options: InpainterKitOptions): void {
  describeConformance(options.descriptor, 'Inpainter', inpainterChecks(options));
}
