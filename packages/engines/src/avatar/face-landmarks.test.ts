import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { faceTrackerConformance } from '../testing/conformance/face-tracker-conformance.ts';
import { FACE_API_SAMPLE, makeSamplePortrait } from '../testing/generated-face.ts';
import { createFaceLandmarks } from './face-landmarks.ts';

const descriptor = createLocalEngineRegistry().list('face-tracker').find((entry) => entry.id === 'faceapi:landmarks-68')!;

/** The sample portrait as a still video (`seconds` long, 10 frames/s, 320 px), drifting slowly to the right. */
async function portraitVideo(dir: string, name: string, seconds: number): Promise<string> {
  const portrait = await makeSamplePortrait(dir, `${name}.png`);
  const file = path.join(dir, name);
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', '10', '-i', portrait, '-t', String(seconds), '-vf', "scale=360:360,crop=320:320:'min(40,t*10)':20", '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file]);
  return file;
}

faceTrackerConformance({
  descriptor,
  makeImage: async (dir) => ({ file: await makeSamplePortrait(dir, 'portrait.png'), faces: 1 }),
  makeVideo: async (dir) => ({ file: await portraitVideo(dir, 'portrait.mp4', 2), faces: 1 }),
  makeLongVideo: (dir) => portraitVideo(dir, 'long.mp4', 60),
  unsupportedOptions: [],
});

describe('faceapi:landmarks-68', () => {
  it('finds the faces of face-api’s demo group photos, largest first, lips landmarks inside the face box', async () => {
    const engine = createFaceLandmarks();
    const counts: number[] = [];
    for (const sample of [1, 2] as const) {
      const result = await engine.doTrack({ input: { imageFile: FACE_API_SAMPLE(sample) } });
      counts.push(result.faces.length);
      const areas = result.faces.map((face) => face.box.width * face.box.height);
      expect(areas).toEqual([...areas].sort((a, b) => b - a));
      for (const face of result.faces) {
        const mouth = face.landmarks[62]!;
        expect(mouth.x).toBeGreaterThan(face.box.x);
        expect(mouth.x).toBeLessThan(face.box.x + face.box.width);
        expect(mouth.y).toBeGreaterThan(face.box.y + face.box.height * 0.5);
      }
      console.info(`[face-landmarks] sample${sample}.jpg: ${result.faces.length} faces in ${Math.round(result.timings!.totalMs)} ms`);
    }
    expect(counts[0]).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
