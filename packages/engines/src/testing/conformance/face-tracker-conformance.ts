/** The checks every `FaceTracker` adapter passes (faces and landmarks for talking photos and lip sync). */
import path from 'node:path';
import { expect } from 'vitest';
import type { EngineCallOptions } from '../../capabilities/engine-common.ts';
import type { FaceTracker, TrackFacesOptions, TrackFacesResult } from '../../capabilities/face-tracker.ts';
import { abortCheck, describeConformance, descriptorCheck, expectInputError, notMediaFile, oncePerDir, providerOptionsCheck, unsupportedOptionChecks, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';
import { expectBoxInside, pictureFacts, type PictureFacts } from './picture-checks.ts';

export interface FaceTrackerKitOptions extends CommonKitOptions<'face-tracker'> {
  /** Makes a portrait (in `dir`) and says how many faces it shows. */
  makeImage(dir: string): Promise<{ file: string; faces: number }>;
  /** Makes a short video whose faces stay in the picture throughout, and says how many. */
  makeVideo(dir: string): Promise<{ file: string; faces: number }>;
  /** Makes a video the engine is still working on a few milliseconds after the call. */
  makeLongVideo(dir: string): Promise<string>;
  /** Options this engine does not support: each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<TrackFacesOptions>>;
}

const LANDMARKS = { '68-point': 68, 'mesh-468': 468 } as const;

/** Faces in time order, inside the picture and its duration, with the layout's landmarks inside the picture. */
function expectFaces(result: TrackFacesResult, picture: PictureFacts): void {
  let previousTime = 0;
  for (const face of result.faces) {
    expect(Number.isInteger(face.trackId) && face.trackId >= 0, 'track ids are whole numbers').toBe(true);
    expect(face.timeSeconds).toBeGreaterThanOrEqual(previousTime);
    expect(face.timeSeconds).toBeLessThanOrEqual(picture.durationSeconds + 1e-6);
    expect(face.confidence).toBeGreaterThanOrEqual(0);
    expect(face.confidence).toBeLessThanOrEqual(1);
    expectBoxInside(face.box, picture, 'face');
    expect(face.landmarks, `${result.landmarkLayout} landmarks`).toHaveLength(LANDMARKS[result.landmarkLayout]);
    for (const point of face.landmarks) {
      expect(point.x >= 0 && point.x <= picture.width && point.y >= 0 && point.y <= picture.height, 'landmarks inside the picture').toBe(true);
    }
    previousTime = face.timeSeconds;
  }
}

/** How many faces each sampled time has, and whether a track id appears twice at one time. */
function facesPerTime(result: TrackFacesResult): Map<number, number[]> {
  const perTime = new Map<number, number[]>();
  for (const face of result.faces) perTime.set(face.timeSeconds, [...(perTime.get(face.timeSeconds) ?? []), face.trackId]);
  return perTime;
}

export function faceTrackerChecks(options: FaceTrackerKitOptions): Array<ConformanceCheck<FaceTracker>> {
  const { descriptor } = options;
  const makeImage = oncePerDir(options.makeImage);
  const makeVideo = oncePerDir(options.makeVideo);
  const makeLongVideo = oncePerDir(options.makeLongVideo);
  const trackImage = async ({ engine, dir }: { engine: FaceTracker; dir: string }, extra: Partial<TrackFacesOptions> & EngineCallOptions = {}) =>
    engine.doTrack({ input: { imageFile: (await makeImage(dir)).file }, ...extra });
  return [
    descriptorCheck(descriptor, 'face-tracker'),
    {
      name: 'finds the faces of a portrait, with landmarks inside the picture',
      run: async ({ engine, dir }) => {
        const image = await makeImage(dir);
        const result = await engine.doTrack({ input: { imageFile: image.file } });
        expectFaces(result, { ...(await pictureFacts(image.file)), durationSeconds: 0 });
        expect(result.faces.length, 'every face, once').toBe(image.faces);
        for (const face of result.faces) expect(face.timeSeconds).toBe(0);
        expect(result.response.engineId).toBe(descriptor.id);
      },
    },
    {
      name: 'tracks the faces of a video in time order, each under one track id',
      run: async ({ engine, dir }) => {
        const video = await makeVideo(dir);
        const result = await engine.doTrack({ input: { videoFile: video.file } });
        expectFaces(result, await pictureFacts(video.file));
        const perTime = facesPerTime(result);
        expect(perTime.size, 'several times sampled').toBeGreaterThan(1);
        for (const [time, ids] of perTime) expect(new Set(ids).size, `one face per track id at ${time} s`).toBe(ids.length);
        expect(new Set(result.faces.map((face) => face.trackId)).size, 'a face keeps its track id').toBe(video.faces);
      },
    },
    {
      name: 'returns at most maxFaces faces at a time',
      run: async ({ engine, dir }) => {
        const video = await makeVideo(dir);
        const result = await engine.doTrack({ input: { videoFile: video.file }, maxFaces: 1 });
        for (const [time, ids] of facesPerTime(result)) expect(ids.length, `faces at ${time} s`).toBeLessThanOrEqual(1);
      },
    },
    ...unsupportedOptionChecks<FaceTracker, TrackFacesOptions>(options.unsupportedOptions, (context, extra) => trackImage(context, extra)),
    providerOptionsCheck<FaceTracker>(descriptor, (context, providerOptions) => trackImage(context, { providerOptions })),
    abortCheck<FaceTracker>(
      (context, signal) => trackImage(context, { signal }),
      async ({ engine, dir }) => {
        const videoFile = await makeLongVideo(dir);
        return (signal) => engine.doTrack({ input: { videoFile }, signal });
      },
    ),
    {
      name: 'fails with typed, non-retryable errors for input that is not a picture',
      run: async ({ engine, dir }) => {
        await expectInputError(engine.doTrack({ input: { imageFile: await notMediaFile(dir, 'not-image.png') } }));
        await expectInputError(engine.doTrack({ input: { videoFile: await notMediaFile(dir, 'not-video.mp4') } }));
        await expectInputError(engine.doTrack({ input: { imageFile: path.join(dir, 'missing.png') } }));
        await expectInputError(engine.doTrack({ input: { imageFile: (await makeImage(dir)).file }, maxFaces: 0 }));
      },
    },
  ];
}

export function faceTrackerConformance(options: FaceTrackerKitOptions): void {
  describeConformance(options.descriptor, 'FaceTracker', faceTrackerChecks(options));
}
