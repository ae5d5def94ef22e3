/** The checks every `TextDetector` adapter passes (OCR of burned-in text). */
import path from 'node:path';
import { expect } from 'vitest';
import type { EngineCallOptions } from '../../capabilities/engine-common.ts';
import type { DetectTextOptions, DetectTextResult, TextDetector } from '../../capabilities/text-detector.ts';
import { abortCheck, describeConformance, descriptorCheck, expectInputError, notMediaFile, oncePerDir, providerOptionsCheck, unsupportedOptionChecks, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';
import { expectBoxInside, pictureFacts } from './picture-checks.ts';

export interface TextDetectorKitOptions extends CommonKitOptions<'text-detector'> {
  /** Makes a video with text burned in (in `dir`) and returns it with the texts it shows. */
  makeVideo(dir: string): Promise<{ file: string; texts: string[] }>;
  /** Makes still frames with their times, and the texts they show. */
  makeFrames(dir: string): Promise<{ frames: Array<{ imageFile: string; timeSeconds: number }>; texts: string[] }>;
  /** Makes a video the engine is still reading a few milliseconds after the call. */
  makeLongVideo(dir: string): Promise<string>;
  /** Options this engine does not support: each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<DetectTextOptions>>;
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Boxes in time order, each a text with a confidence in 0–1 and a span, and every expected text among them. */
function expectBoxes(result: DetectTextResult, texts: readonly string[]): void {
  let previousStart = 0;
  for (const box of result.boxes) {
    expect(box.text.trim(), 'a box holds text').not.toBe('');
    expect(box.confidence).toBeGreaterThanOrEqual(0);
    expect(box.confidence).toBeLessThanOrEqual(1);
    expect(box.startSeconds).toBeGreaterThanOrEqual(previousStart);
    expect(box.endSeconds).toBeGreaterThanOrEqual(box.startSeconds);
    expectBoxInside(box.box, { width: result.frameWidth, height: result.frameHeight });
    previousStart = box.startSeconds;
  }
  const found = result.boxes.map((box) => normalised(box.text)).join(' | ');
  for (const text of texts) expect(found, `"${text}" was read`).toContain(normalised(text));
}

export function textDetectorChecks(options: TextDetectorKitOptions): Array<ConformanceCheck<TextDetector>> {
  const { descriptor } = options;
  const makeVideo = oncePerDir(options.makeVideo);
  const makeFrames = oncePerDir(options.makeFrames);
  const makeLongVideo = oncePerDir(options.makeLongVideo);
  const detectInVideo = async ({ engine, dir }: { engine: TextDetector; dir: string }, extra: Partial<DetectTextOptions> & EngineCallOptions = {}) =>
    engine.doDetect({ input: { videoFile: (await makeVideo(dir)).file }, ...extra });
  // The option checks need a small valid request, not a video read through: the still frames (an option is parsed before either input is read).
  const detectInFrames = async ({ engine, dir }: { engine: TextDetector; dir: string }, extra: Partial<DetectTextOptions> & EngineCallOptions = {}) =>
    engine.doDetect({ input: { frames: (await makeFrames(dir)).frames }, ...extra });
  return [
    descriptorCheck(descriptor, 'text-detector'),
    {
      name: 'reads the text of a video into timed boxes inside the picture',
      run: async ({ engine, dir }) => {
        const video = await makeVideo(dir);
        const picture = await pictureFacts(video.file);
        const result = await engine.doDetect({ input: { videoFile: video.file } });
        expect({ width: result.frameWidth, height: result.frameHeight }).toEqual({ width: picture.width, height: picture.height });
        expect(result.boxes.length).toBeGreaterThan(0);
        expectBoxes(result, video.texts);
        for (const box of result.boxes) expect(box.endSeconds, 'inside the video').toBeLessThanOrEqual(picture.durationSeconds + 1e-6);
        expect(result.response.engineId).toBe(descriptor.id);
      },
    },
    {
      name: 'reads still frames at their own times',
      run: async ({ engine, dir }) => {
        const { frames, texts } = await makeFrames(dir);
        const result = await engine.doDetect({ input: { frames } });
        const times = frames.map((frame) => frame.timeSeconds);
        expectBoxes(result, texts);
        for (const box of result.boxes) {
          expect(times, 'a box starts at a frame').toContain(box.startSeconds);
          expect(box.endSeconds).toBeLessThanOrEqual(Math.max(...times));
        }
      },
    },
    {
      name: 'keeps to the region asked for, or warns that it cannot',
      run: async ({ engine, dir }) => {
        const video = await makeVideo(dir);
        const picture = await pictureFacts(video.file);
        const region = { x: 0, y: 0, width: Math.floor(picture.width / 2), height: Math.floor(picture.height / 2) };
        const result = await engine.doDetect({ input: { videoFile: video.file }, region });
        if (result.warnings.some((warning) => 'option' in warning && warning.option === 'region')) return;
        for (const { box } of result.boxes) expectBoxInside(box, region, 'box in the region');
      },
    },
    ...unsupportedOptionChecks<TextDetector, DetectTextOptions>(options.unsupportedOptions, (context, extra) => detectInFrames(context, extra)),
    providerOptionsCheck<TextDetector>(descriptor, (context, providerOptions) => detectInFrames(context, { providerOptions })),
    abortCheck<TextDetector>(
      (context, signal) => detectInVideo(context, { signal }),
      async ({ engine, dir }) => {
        const videoFile = await makeLongVideo(dir);
        return (signal) => engine.doDetect({ input: { videoFile }, signal });
      },
    ),
    {
      name: 'fails with typed, non-retryable errors for input that is not a picture, or none',
      run: async ({ engine, dir }) => {
        await expectInputError(engine.doDetect({ input: { videoFile: await notMediaFile(dir, 'not-video.mp4') } }), 'not-readable');
        await expectInputError(engine.doDetect({ input: { frames: [{ imageFile: await notMediaFile(dir, 'not-image.png'), timeSeconds: 0 }] } }));
        await expectInputError(engine.doDetect({ input: { videoFile: path.join(dir, 'missing.mp4') } }));
        await expectInputError(engine.doDetect({ input: { frames: [] } }));
      },
    },
  ];
}

export function textDetectorConformance(options: TextDetectorKitOptions): void {
  describeConformance(options.descriptor, 'TextDetector', textDetectorChecks(options));
}
