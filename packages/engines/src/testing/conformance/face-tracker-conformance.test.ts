import { probeMedia } from '@voxwork/media';
import { describe } from 'vitest';
import { parseOptions } from '../../capabilities/call-options.ts';
import type { FaceTracker, TrackedFace, TrackFacesOptions, TrackFacesResult } from '../../capabilities/face-tracker.ts';
import { trackFacesOptionsSchema } from '../../capabilities/option-schemas.ts';
import { EngineInputError } from '../../engine-errors.ts';
import { makeTestImage, makeTestVideo } from '../generated-media.ts';
import { faceTrackerChecks, faceTrackerConformance, type FaceTrackerKitOptions } from './face-tracker-conformance.ts';
import { describeWrongAdapters, fakeDescriptor, workUnit, wrongAdapters } from './kit-self-test.ts';

/** Where the fake "sees" faces, as fractions of the picture. */
const FACES = [
  { x: 0.1, y: 0.2, width: 0.3, height: 0.5 },
  { x: 0.6, y: 0.25, width: 0.25, height: 0.45 },
];
const MAX_FACES = 4;

/**
 * A fake face tracker that "sees" two faces at fixed places in every frame, with 68 landmarks on an
 * ellipse. It exists to test the conformance kit itself (no face tracker is built yet): it must
 * pass the kit, and the wrong adapters made from it must fail it. It reads the picture's size and
 * length with ffprobe.
 */
function createFakeFaceTracker(): FaceTracker {
  const engineId = 'fake:face-tracker';
  return {
    specificationVersion: 'v1',
    engineId,
    async doTrack(options: TrackFacesOptions): Promise<TrackFacesResult> {
      const { warnings } = parseOptions(options, { engineId, request: trackFacesOptionsSchema, vendor: 'fake' });
      const file = 'imageFile' in options.input ? options.input.imageFile : options.input.videoFile;
      const info = await probeMedia(file).catch(() => undefined);
      if (!info?.video?.width || !info.video.height) throw new EngineInputError(`${file} is not a picture`, { engineId, reason: 'not-readable' });
      const { width, height } = info.video;
      if ((options.maxFaces ?? 1) > MAX_FACES) warnings.push({ type: 'approximated-option', option: 'maxFaces', details: `tracks ${MAX_FACES} faces at most` });
      const step = 'videoFile' in options.input ? 1 / (options.input.framesPerSecond ?? 5) : 0;
      const times = step ? Array.from({ length: Math.max(1, Math.floor((info.durationSeconds ?? 0) / step)) }, (_, index) => index * step) : [0];
      const faces: TrackedFace[] = [];
      for (const timeSeconds of times) {
        await workUnit(options.signal, engineId);
        FACES.slice(0, options.maxFaces ?? MAX_FACES).forEach((face, trackId) => {
          const box = { x: face.x * width, y: face.y * height, width: face.width * width, height: face.height * height };
          const landmarks = Array.from({ length: 68 }, (_, index) => ({
            x: box.x + box.width * (0.5 + 0.4 * Math.cos((2 * Math.PI * index) / 68)),
            y: box.y + box.height * (0.5 + 0.4 * Math.sin((2 * Math.PI * index) / 68)),
          }));
          faces.push({ trackId, timeSeconds, box, landmarks, confidence: 0.95 });
        });
      }
      return { faces, landmarkLayout: '68-point', warnings, response: { engineId } };
    },
  };
}

const fake = createFakeFaceTracker();
const options: FaceTrackerKitOptions = {
  descriptor: fakeDescriptor('face-tracker', fake, ['*']),
  makeImage: async (dir) => ({ file: await makeTestImage(dir, 'portrait.png'), faces: FACES.length }),
  makeVideo: async (dir) => ({ file: await makeTestVideo(dir, 'faces.mp4', 1.5), faces: FACES.length }),
  makeLongVideo: (dir) => makeTestVideo(dir, 'long.mp4', 10, { width: 64, height: 48, frameRate: 5 }),
  unsupportedOptions: [{ maxFaces: 10 }],
};

describe('face tracker conformance kit', () => {
  faceTrackerConformance(options);
  const mapFaces = (result: TrackFacesResult, change: (face: TrackedFace, index: number) => TrackedFace) => ({ ...result, faces: result.faces.map(change) });
  describeWrongAdapters(
    'face tracker',
    // Generic faults: only untyped errors here (a bad-input check of its own); the shared abort, warning and
    // provider-option checks are shown failing their wrong adapters by the translator kit's test.
    wrongAdapters<FaceTracker, TrackFacesResult>(fake, 'doTrack', [
      { fault: 'gives fewer landmarks than its layout has', wrong: (result) => mapFaces(result, (face) => ({ ...face, landmarks: face.landmarks.slice(0, 10) })), mustFail: /^finds the faces/ },
      { fault: 'puts a face outside the picture', wrong: (result) => mapFaces(result, (face) => ({ ...face, box: { ...face.box, x: -5 } })), mustFail: /^finds the faces/ },
      { fault: 'gives a face a new track id in every frame', wrong: (result) => mapFaces(result, (face, index) => ({ ...face, trackId: index })), mustFail: /^tracks the faces/ },
      { fault: 'ignores maxFaces', wrong: (result) => ({ ...result, faces: result.faces.flatMap((face) => [face, { ...face, trackId: face.trackId + 1 }]) }), mustFail: /maxFaces/ },
    ], ['throws untyped errors']),
    faceTrackerChecks(options),
  );
});
