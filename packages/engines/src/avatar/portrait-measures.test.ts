import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assessPortrait, type PortraitCheckKind } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnFaceLandmarks, makeSamplePortrait } from '../testing/generated-face.ts';
import { decodePicture, facesInPicture } from './face-landmarks.ts';
import { measureFaceGeometry, measurePortrait, measurePortraitFile } from './portrait-measures.ts';

/** A straight, closed-mouth, front-lit face of face-api's demo photo 6, and its open-smile face of photo 3. */
const STRAIGHT = { sample: 6, near: { x: 1250, y: 400 } } as const;
const SMILE = { sample: 3, near: { x: 1600, y: 380 } } as const;

const rotate = (points: Array<{ x: number; y: number }>, degrees: number, about: { x: number; y: number }) => {
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return points.map((p) => ({ x: about.x + (p.x - about.x) * cos - (p.y - about.y) * sin, y: about.y + (p.x - about.x) * sin + (p.y - about.y) * cos }));
};

describe('portrait measures (landmarks given)', () => {
  const box = { x: 150, y: 120, width: 220, height: 260 };
  it('a drawn frontal face: level, facing the camera, lips closed; turned by 20° its roll is 20°; its lips parted, the mouth measure grows', () => {
    const landmarks = drawnFaceLandmarks(256, 215, 215);
    const straight = measureFaceGeometry(landmarks, box, 512, 512);
    expect(Math.abs(straight.rollDegrees)).toBeLessThan(0.01);
    expect(Math.abs(straight.yawDegrees)).toBeLessThan(0.01);
    expect(straight.mouthOpen).toBeLessThan(0.01);
    expect(straight.faceShare).toBeCloseTo(260 / 512, 5);
    expect(measureFaceGeometry(rotate(landmarks, 20, { x: 256, y: 256 }), box, 512, 512).rollDegrees).toBeCloseTo(20, 5);
    expect(measureFaceGeometry(rotate(landmarks, -12, { x: 256, y: 256 }), box, 512, 512).rollDegrees).toBeCloseTo(-12, 5);
    const open = landmarks.map((p, index) => (index >= 65 && index <= 67 ? { x: p.x, y: p.y + 25 } : p));
    expect(measureFaceGeometry(open, box, 512, 512).mouthOpen).toBeGreaterThan(0.08);
    // The nose tip towards one side of the jaw: the head is turned that way.
    const turned = landmarks.map((p, index) => (index >= 27 && index <= 35 ? { x: p.x + 40, y: p.y } : p));
    expect(measureFaceGeometry(turned, box, 512, 512).yawDegrees).toBeGreaterThan(10);
  });
});

describe('portrait measures on real photos (face-api’s detector)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portrait-measures-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function checked(name: string, sample: 3 | 6, variant: Parameters<typeof makeSamplePortrait>[3]) {
    const file = await makeSamplePortrait(dir, name, sample, variant);
    const picture = (await decodePicture(file, 960))!;
    const face = (await facesInPicture(picture))[0]!;
    const measures = measurePortrait(picture, face);
    const assessment = assessPortrait(measures);
    const verdicts = Object.fromEntries(assessment.checks.map((check) => [check.kind, check.verdict])) as Record<PortraitCheckKind, string>;
    console.info(`[portrait-measures] ${name}: ${JSON.stringify(Object.fromEntries(Object.entries(measures).map(([key, value]) => [key, Math.round(value * 100) / 100])))} → ${JSON.stringify(verdicts)}`);
    return { file, measures, assessment, verdicts, face };
  }

  it('a straight, closed-mouth, front-lit portrait passes every check; turned 20° in the picture it warns of the tilt with the angle; darkened it warns of the light', async () => {
    const straight = await checked('straight.png', STRAIGHT.sample, { near: STRAIGHT.near });
    expect(straight.assessment.verdict).toBe('ok');
    expect(Math.abs(straight.measures.rollDegrees)).toBeLessThan(5);

    const tilted = await checked('tilted.png', STRAIGHT.sample, { near: STRAIGHT.near, rotateDegrees: 20 });
    const tilt = tilted.assessment.checks.find((check) => check.kind === 'tilt')!;
    expect(tilt.verdict).toBe('warn');
    expect(tilt.value - straight.measures.rollDegrees).toBeGreaterThan(16);
    expect(tilt.value - straight.measures.rollDegrees).toBeLessThan(24);
    expect(tilt.advice.en).toContain(`${Math.abs(tilt.value)}°`);
    expect(tilt.advice.zh).toContain(`${Math.abs(tilt.value)}°`);
    expect(tilted.assessment.verdict, 'a tilt only warns').toBe('warn');
    expect(tilted.verdicts.mouth).toBe('ok');

    const dark = await checked('dark.png', STRAIGHT.sample, { near: STRAIGHT.near, brightness: 0.3 });
    expect(dark.verdicts.lighting).toBe('warn');
    expect(dark.verdicts.tilt).toBe('ok');

    // The same measures from the file and the tracker's full-size coordinates (what the server does).
    const picture = (await decodePicture(straight.file))!;
    const scale = picture.width / (await decodePicture(straight.file, 960))!.width;
    const [fromFile] = await measurePortraitFile(straight.file, [{ box: { x: straight.face.box.x * scale, y: straight.face.box.y * scale, width: straight.face.box.width * scale, height: straight.face.box.height * scale }, landmarks: straight.face.landmarks.map((p) => ({ x: p.x * scale, y: p.y * scale })) }]);
    expect(fromFile!.rollDegrees).toBeCloseTo(straight.measures.rollDegrees, 3);
    expect(fromFile!.brightness).toBeCloseTo(straight.measures.brightness, 0);
  }, 120_000);

  it('an open smile with teeth warns that the mouth is open (and only warns)', async () => {
    const smile = await checked('smile.png', SMILE.sample, { near: SMILE.near });
    expect(smile.verdicts.mouth).toBe('warn');
    expect(smile.verdicts['face-size']).toBe('ok');
    expect(smile.assessment.verdict).toBe('warn');
  }, 120_000);
});
