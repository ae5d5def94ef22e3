import { probeMedia } from '@voxwork/media';
import { describe } from 'vitest';
import { parseOptions } from '../../capabilities/call-options.ts';
import type { BoundingBox } from '../../capabilities/engine-common.ts';
import { detectTextOptionsSchema } from '../../capabilities/option-schemas.ts';
import type { DetectedTextBox, DetectTextOptions, DetectTextResult, TextDetector } from '../../capabilities/text-detector.ts';
import { EngineInputError } from '../../engine-errors.ts';
import { makeTestImage, makeTestVideo } from '../generated-media.ts';
import { describeWrongAdapters, fakeDescriptor, workUnit, wrongAdapters } from './kit-self-test.ts';
import { textDetectorChecks, textDetectorConformance, type TextDetectorKitOptions } from './text-detector-conformance.ts';

/**
 * A fake text detector that "reads" one known text in the middle of every frame. It exists to test
 * the conformance kit itself (no OCR engine is built yet): it must pass the kit, and the wrong
 * adapters made from it must fail it. It does read the media's size and length with ffprobe.
 */
function createFakeTextDetector(text: string): TextDetector {
  const engineId = 'fake:text-detector';
  const picture = async (file: string) => {
    const info = await probeMedia(file).catch(() => undefined);
    if (!info?.video?.width || !info.video.height) throw new EngineInputError(`${file} is not a picture`, { engineId, reason: 'not-readable' });
    return { width: info.video.width, height: info.video.height, durationSeconds: info.durationSeconds ?? 0 };
  };
  const inside = (box: BoundingBox, region: BoundingBox | undefined) =>
    !region || (box.x >= region.x && box.y >= region.y && box.x + box.width <= region.x + region.width && box.y + box.height <= region.y + region.height);
  return {
    specificationVersion: 'v1',
    engineId,
    async doDetect(options: DetectTextOptions): Promise<DetectTextResult> {
      const { warnings } = parseOptions(options, { engineId, request: detectTextOptionsSchema, vendor: 'fake' });
      if (options.languages?.some((language) => !language.startsWith('en'))) warnings.push({ type: 'unsupported-option', option: 'languages', details: 'reads Latin text only' });
      let size: { width: number; height: number };
      let times: number[];
      if ('videoFile' in options.input) {
        const video = await picture(options.input.videoFile);
        const step = 1 / (options.input.framesPerSecond ?? 2);
        size = video;
        times = Array.from({ length: Math.max(1, Math.floor(video.durationSeconds / step)) }, (_, index) => index * step);
      } else {
        const frames = options.input.frames;
        size = await picture(frames[0]!.imageFile);
        for (const frame of frames.slice(1)) await picture(frame.imageFile);
        times = frames.map((frame) => frame.timeSeconds).sort((a, b) => a - b);
      }
      for (let index = 0; index < times.length; index++) await workUnit(options.signal, engineId);
      const box = { x: Math.round(size.width * 0.2), y: Math.round(size.height * 0.4), width: Math.round(size.width * 0.6), height: Math.round(size.height * 0.2) };
      const boxes: DetectedTextBox[] = inside(box, options.region) ? [{ text, box, confidence: 0.9, startSeconds: times[0]!, endSeconds: times.at(-1)! }] : [];
      return { boxes, frameWidth: size.width, frameHeight: size.height, warnings, response: { engineId } };
    },
  };
}

const fake = createFakeTextDetector('HELLO');
const options: TextDetectorKitOptions = {
  descriptor: fakeDescriptor('text-detector', fake, ['en']),
  makeVideo: async (dir) => ({ file: await makeTestVideo(dir, 'text.mp4', 2), texts: ['HELLO'] }),
  makeFrames: async (dir) => {
    const imageFile = await makeTestImage(dir, 'frame.png');
    return { frames: [0, 0.5, 1].map((timeSeconds) => ({ imageFile, timeSeconds })), texts: ['HELLO'] };
  },
  makeLongVideo: (dir) => makeTestVideo(dir, 'long.mp4', 10, { width: 64, height: 48, frameRate: 5 }),
  unsupportedOptions: [{ languages: ['ja'] }],
};

describe('text detector conformance kit', () => {
  textDetectorConformance(options);
  const outside = (result: DetectTextResult) => ({ ...result, boxes: result.boxes.map((entry) => ({ ...entry, box: { ...entry.box, x: result.frameWidth - 10 } })) });
  describeWrongAdapters(
    'text detector',
    // Generic faults: only untyped errors here (a bad-input check of its own); the shared abort, warning and
    // provider-option checks are shown failing their wrong adapters by the translator kit's test.
    wrongAdapters<TextDetector, DetectTextResult>(fake, 'doDetect', [
      { fault: 'puts boxes outside the picture', wrong: outside, mustFail: /^reads the text of a video/ },
      { fault: 'reports another frame size', wrong: (result) => ({ ...result, frameWidth: result.frameWidth * 2 }), mustFail: /^reads the text of a video/ },
      { fault: 'reads nothing', wrong: (result) => ({ ...result, boxes: [] }), mustFail: /^reads still frames/ },
      { fault: 'times boxes between the frames', wrong: (result) => ({ ...result, boxes: result.boxes.map((entry) => ({ ...entry, startSeconds: entry.startSeconds + 0.1 })) }), mustFail: /^reads still frames/ },
      {
        fault: 'ignores the region',
        wrong: (result, call) => (call.region ? { ...result, boxes: [{ text: 'HELLO', confidence: 1, startSeconds: 0, endSeconds: 1, box: { x: result.frameWidth - 20, y: 0, width: 20, height: 10 } }] } : result),
        mustFail: /region/,
      },
    ], ['throws untyped errors']),
    textDetectorChecks(options),
  );
});
