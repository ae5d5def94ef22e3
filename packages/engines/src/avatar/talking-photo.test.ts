import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../engine-errors.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { animatorConformance } from '../testing/conformance/animator-conformance.ts';
import { FACE_API_SAMPLE, makeDrawnFace, makeSamplePortrait } from '../testing/generated-face.ts';
import { makeLongSpeech, makeSpeech, makeTestImage, padWithSilence } from '../testing/generated-media.ts';
import { invertAffine, transformImage, type RgbaImage } from './mesh-warp.ts';
import { insideRing, posedPoints } from './face-mesh.ts';
import { applyAffine, createTalkingPhoto, planTalkingPhoto, type TalkingPhotoPlan } from './talking-photo.ts';

const descriptor = createLocalEngineRegistry().list('animator').find((entry) => entry.id === 'voxwork:talking-photo')!;

animatorConformance({
  descriptor,
  makePortrait: (dir) => makeSamplePortrait(dir, 'portrait.png'),
  makeSpeech: (dir) => makeSpeech(dir, 'speech.wav', 'Hello, this is a talking photo.'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long.wav', 30),
  size: { width: 256, height: 256 },
  unsupportedOptions: [{ width: 4000, height: 4000 }],
});

const pearson = (a: readonly number[], b: readonly number[]) => {
  const n = Math.min(a.length, b.length);
  const mean = (values: readonly number[]) => values.slice(0, n).reduce((sum, value) => sum + value, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let index = 0; index < n; index++) {
    ab += (a[index]! - ma) * (b[index]! - mb);
    aa += (a[index]! - ma) ** 2;
    bb += (b[index]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
};

/**
 * The mouth's opening in a rendered frame, from its pixels: dark pixels in the box around the lips
 * (the rest box, widened and stretched down by the jaw's reach), looked up through the frame's
 * head transform so the head's motion does not count.
 */
function mouthOpening(plan: TalkingPhotoPlan, frame: Uint8Array, index: number, channels = 4): number {
  const lips = plan.mesh.points.slice(48, 68);
  const unit = plan.mesh.geometry.unit;
  const left = Math.min(...lips.map((p) => p.x)) - 0.1 * unit;
  const right = Math.max(...lips.map((p) => p.x)) + 0.1 * unit;
  const top = Math.min(...lips.map((p) => p.y)) - 0.05 * unit;
  const bottom = Math.max(...lips.map((p) => p.y)) + 0.5 * unit;
  const forward = plan.headTransform(index);
  let dark = 0;
  for (let y = Math.floor(top); y < bottom; y++) {
    for (let x = Math.floor(left); x < right; x++) {
      const at = applyAffine(forward, { x: x + 0.5, y: y + 0.5 });
      const px = Math.min(plan.width - 1, Math.max(0, Math.floor(at.x)));
      const py = Math.min(plan.height - 1, Math.max(0, Math.floor(at.y)));
      const offset = (py * plan.width + px) * channels;
      const luma = 0.299 * frame[offset]! + 0.587 * frame[offset + 1]! + 0.114 * frame[offset + 2]!;
      if (luma < 70) dark++;
    }
  }
  return dark;
}

/**
 * Pixels whose place in the photo is outside the warp region (the anchor ring, 3 px in from it)
 * against the photo moved by the frame's head transform: the largest difference of any channel.
 */
function outsideDifference(plan: TalkingPhotoPlan, frame: Uint8Array, index: number, channels = 4, forward = plan.headTransform(index)): { maxDifference: number; pixels: number; psnr: number } {
  const expected: RgbaImage = { width: plan.width, height: plan.height, data: new Uint8Array(plan.width * plan.height * 4) };
  transformImage(plan.base, forward, expected);
  const inverse = invertAffine(forward);
  let maxDifference = 0;
  let pixels = 0;
  let squared = 0;
  for (let y = 0; y < plan.height; y++) {
    for (let x = 0; x < plan.width; x++) {
      const source = applyAffine(inverse, { x: x + 0.5, y: y + 0.5 });
      const near = [[0, 0], [3, 0], [-3, 0], [0, 3], [0, -3]].some(([dx, dy]) => insideRing(plan.mesh.ring, { x: source.x + dx!, y: source.y + dy! }));
      if (near) continue;
      pixels++;
      for (let channel = 0; channel < channels; channel++) {
        const difference = frame[(y * plan.width + x) * channels + channel]! - expected.data[(y * plan.width + x) * 4 + channel]!;
        maxDifference = Math.max(maxDifference, Math.abs(difference));
        squared += difference * difference;
      }
    }
  }
  return { maxDifference, pixels, psnr: 10 * Math.log10((255 * 255) / Math.max(1e-9, squared / (pixels * channels))) };
}

describe('voxwork:talking-photo', () => {
  let dir: string;
  let speech: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'talking-photo-'));
    speech = await padWithSilence(await makeSpeech(dir, 'raw.wav', 'Mama made a blue boat. We see it move across the water.'), path.join(dir, 'speech.wav'), 0.4, 0.6);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Renders every frame of a plan, measuring the mouth's opening and (every 10th frame) the pixels outside the warp region. */
  function measure(plan: TalkingPhotoPlan, name: string) {
    const opening: number[] = [];
    let maxOutside = 0;
    let outsidePixels = 0;
    const started = performance.now();
    let renderMs = 0;
    let moved = 0;
    for (let index = 0; index < plan.frameCount; index++) {
      const t = performance.now();
      const frame = plan.renderFrame(index);
      renderMs += performance.now() - t;
      opening.push(mouthOpening(plan, frame, index));
      if (index % 10 === 0) {
        const outside = outsideDifference(plan, frame, index);
        maxOutside = Math.max(maxOutside, outside.maxDifference);
        outsidePixels = outside.pixels;
        const [a, b, c, d, e, f] = plan.headTransform(index);
        moved = Math.max(moved, Math.abs(c - plan.headTransform(0)[2]), Math.abs(f - plan.headTransform(0)[5]), Math.abs(a - 1 - (plan.headTransform(0)[0] - 1)) * plan.width, Math.abs(b) * plan.height, Math.abs(d) * plan.width, Math.abs(e - 1) * plan.height);
      }
    }
    const r = pearson(opening, plan.track.energy);
    console.info(
      `[talking-photo] ${name}: ${plan.width}×${plan.height}, ${plan.frameCount} frames; mouth opening (dark pixels ${Math.min(...opening)}–${Math.max(...opening)}) vs speech energy r = ${r.toFixed(3)}; outside the warp region (${outsidePixels} px per frame) max difference from the moved photo ${maxOutside}; head motion up to ${moved.toFixed(1)} px; ${(plan.frameCount / (renderMs / 1000)).toFixed(0)} frames/s rendered (${((performance.now() - started) / 1000).toFixed(1)} s with the measuring)`,
    );
    return { r, maxOutside, outsidePixels, moved };
  }

  it('on face-api’s demo photo: the mouth opens with the speech’s energy (r ≥ 0.6), nothing outside the face moves but by the head motion', async () => {
    const portrait = await makeSamplePortrait(dir, 'sample-portrait.png');
    const plan = await planTalkingPhoto({ imageFile: portrait, audioFile: speech, width: 512, height: 512, provider: {}, warnings: [], engineId: descriptor.id });
    const { r, maxOutside, outsidePixels, moved } = measure(plan, 'face-api sample1');
    expect(r).toBeGreaterThanOrEqual(0.6);
    expect(outsidePixels).toBeGreaterThan(512 * 512 * 0.3);
    expect(maxOutside).toBeLessThanOrEqual(1);
    expect(moved, 'the head moves').toBeGreaterThan(1);

    // The same after H.264: the engine's MP4, decoded.
    const outputFile = path.join(dir, 'sample.mp4');
    await createTalkingPhoto().doAnimate({ source: { imageFile: portrait }, audioFile: speech, width: 512, height: 512, outputFile });
    const opening: number[] = [];
    let worstPsnr = Infinity;
    let unmovedPsnr = Infinity;
    let index = 0;
    for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: outputFile }), rawFrameBytes(512, 512))) {
      opening.push(mouthOpening(plan, frame, index, 3));
      if (index % 10 === 0) {
        worstPsnr = Math.min(worstPsnr, outsideDifference(plan, frame, index, 3).psnr);
        // The photo where it would be with no head motion (only the fixed zoom): what the check tells apart.
        if (index > 0) unmovedPsnr = Math.min(unmovedPsnr, outsideDifference(plan, frame, index, 3, plan.headTransform(0)).psnr);
      }
      index++;
    }
    const encodedR = pearson(opening, plan.track.energy);
    console.info(`[talking-photo] face-api sample1 after H.264 (CRF 18): ${index} frames, r = ${encodedR.toFixed(3)}; outside the warp region against the moved photo: worst PSNR ${worstPsnr.toFixed(1)} dB (against the photo left where frame 0 has it: ${unmovedPsnr.toFixed(1)} dB)`);
    expect(index).toBe(plan.frameCount);
    expect(encodedR).toBeGreaterThanOrEqual(0.6);
    expect(worstPsnr).toBeGreaterThanOrEqual(35);
    expect(worstPsnr).toBeGreaterThan(unmovedPsnr + 5);
  }, 120_000);

  it('on a drawn face whose landmarks are known (given by the caller): the same, and the jaw moves the chin by the pose', async () => {
    const face = await makeDrawnFace(dir, 'drawn.png');
    const plan = await planTalkingPhoto({ imageFile: face.file, audioFile: speech, width: 512, height: 512, provider: { landmarks: face.landmarks }, warnings: [], engineId: descriptor.id });
    const { r, maxOutside } = measure(plan, 'drawn face');
    expect(r).toBeGreaterThanOrEqual(0.6);
    expect(maxOutside).toBeLessThanOrEqual(1);
    const open = posedPoints(plan.mesh, { open: 1, spread: 0 }, 0);
    const shut = posedPoints(plan.mesh, { open: 0, spread: 0 }, 0);
    expect(open[8]!.y - shut[8]!.y, 'the chin drops').toBeGreaterThan(0.3 * plan.mesh.geometry.unit);
    expect(open[62]!.y - shut[62]!.y, 'the upper lip barely moves').toBeLessThan(0.1 * plan.mesh.geometry.unit);
    const blink = posedPoints(plan.mesh, { open: 0, spread: 0 }, 1);
    expect(blink[37]!.y - shut[37]!.y, 'the eyelid comes down').toBeGreaterThan(0.7 * (face.landmarks[41]!.y - face.landmarks[37]!.y));
    expect(plan.blinks.filter((value) => value > 0.5).length, 'it blinks').toBeGreaterThan(0);
  }, 120_000);

  it('with a synthesiser’s word timings (flite): visemes shape the mouth and the opening still follows the speech’s energy', async () => {
    const { createFlite } = await import('../flite/flite-speech-synthesizer.ts');
    const synthesis = await createFlite().doSynthesize({ text: 'Mama made a blue boat. We see it move across the water.', voice: 'slt', outputFile: path.join(dir, 'flite.wav') });
    const face = await makeDrawnFace(dir, 'drawn-words.png');
    const plan = await planTalkingPhoto({ imageFile: face.file, audioFile: synthesis.audio.file, words: synthesis.words, width: 512, height: 512, provider: { landmarks: face.landmarks }, warnings: [], engineId: descriptor.id });
    expect(new Set(plan.track.poses.map((pose) => pose.viseme)).size, 'several mouth shapes').toBeGreaterThan(4);
    const { r, maxOutside } = measure(plan, 'drawn face, flite words');
    expect(r).toBeGreaterThanOrEqual(0.6);
    expect(maxOutside).toBeLessThanOrEqual(1);
  }, 120_000);

  it('a face far too small to move (the portrait check’s block) is a clear input error, nothing rendered', async () => {
    const face = await makeDrawnFace(dir, 'tiny.png');
    // The same drawn face's landmarks shrunk to a face 10 px wide in a 512 px photo.
    const tiny = face.landmarks.map((p) => ({ x: 256 + (p.x - 256) * 0.05, y: 256 + (p.y - 256) * 0.05 }));
    const error = await createTalkingPhoto().doAnimateFrames!({ source: { imageFile: face.file }, audioFile: speech, providerOptions: { voxwork: { landmarks: tiny } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineInputError);
    expect((error as Error).message).toMatch(/The face is too small in the photo to animate \(2 % of it, 11 px wide\)/);
  }, 60_000);

  it('an open-smile photo: where the mouth opens it shows upper teeth, a reddish tongue and a dark-red cavity, not a near-black hole', async () => {
    // face-api's demo photo 3: a smiling face with its teeth showing (the photo's own mouth is open).
    const portrait = await makeSamplePortrait(dir, 'smile.png', 3, { near: { x: 1600, y: 380 } });
    const plan = await planTalkingPhoto({ imageFile: portrait, audioFile: speech, width: 512, height: 512, provider: { headMotion: 0 }, warnings: [], engineId: descriptor.id });
    expect(plan.mesh.mouth.ownInside, 'the photo shows its own mouth').toBe(true);
    const widest = plan.track.poses.reduce((best, pose, index) => (pose.open > plan.track.poses[best]!.open ? index : best), 0);
    expect(plan.track.poses[widest]!.open).toBeGreaterThan(0.8);
    const frame = plan.renderFrame(widest);
    // The part that opened: the posed mouth polygon (through the frame's head transform), split in the upper third and the rest.
    const posed = posedPoints(plan.mesh, plan.track.poses[widest]!, 0).map((p) => applyAffine(plan.headTransform(widest), p));
    const polygon = plan.mesh.mouth.polygon.map((index) => posed[index]!);
    const top = posed[plan.mesh.mouth.upper]!;
    const bottom = posed[plan.mesh.mouth.lower]!;
    const inside = (x: number, y: number) => {
      let hit = false;
      for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
        const [a, b] = [polygon[i]!, polygon[j]!];
        if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
      }
      return hit;
    };
    let pixels = 0;
    let nearBlack = 0;
    let teethBand = 0;
    let upperPixels = 0;
    let tongue = 0;
    let lowerPixels = 0;
    for (let y = Math.floor(Math.min(...polygon.map((p) => p.y))); y <= Math.max(...polygon.map((p) => p.y)); y++) {
      for (let x = Math.floor(Math.min(...polygon.map((p) => p.x))); x <= Math.max(...polygon.map((p) => p.x)); x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        const offset = (y * plan.width + x) * 4;
        const [r, g, b] = [frame[offset]!, frame[offset + 1]!, frame[offset + 2]!];
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        const depth = (y + 0.5 - top.y) / (bottom.y - top.y);
        pixels++;
        if (luma < 25) nearBlack++;
        if (depth < 0.2) {
          upperPixels++;
          if (luma > 150) teethBand++;
        } else if (depth > 0.6) {
          lowerPixels++;
          if (r > 100 && r > 1.8 * g && r > 1.5 * b) tongue++;
        }
      }
    }
    const share = (count: number, of: number) => Math.round((count / Math.max(1, of)) * 1000) / 10;
    console.info(`[talking-photo] open smile, frame ${widest}: mouth ${pixels} px, near-black ${share(nearBlack, pixels)} %, bright teeth in the upper band ${share(teethBand, upperPixels)} %, reddish tongue in the lower part ${share(tongue, lowerPixels)} %`);
    expect(pixels).toBeGreaterThan(400);
    expect(nearBlack / pixels, 'not a dark hole').toBeLessThan(0.1);
    expect(teethBand / upperPixels, 'a strip of upper teeth').toBeGreaterThan(0.3);
    expect(tongue / lowerPixels, 'a tongue').toBeGreaterThan(0.2);
  }, 120_000);

  it('streams frames for a compositor; the largest of several faces speaks (with a warning), source.face picks another; no face is a clear input error', async () => {
    const engine = createTalkingPhoto();
    const group = FACE_API_SAMPLE(1);
    const frames = await engine.doAnimateFrames!({ source: { imageFile: group }, audioFile: speech, width: 320, height: 240, providerOptions: { voxwork: { headMotion: 0 } } });
    expect(frames.warnings.map((warning) => ('message' in warning ? warning.message : ''))).toContainEqual(expect.stringMatching(/faces; the largest/));
    let count = 0;
    for await (const frame of frames.frames) {
      expect(frame.length).toBe(320 * 240 * 4);
      if (++count === 3) break;
    }
    const other = await engine.doAnimateFrames!({ source: { imageFile: group, face: { x: 838, y: 420, width: 186, height: 228 } }, audioFile: speech, width: 320, height: 240 });
    expect(JSON.stringify(other.warnings), 'the face asked for, no choice made').not.toMatch(/faces; the largest/);
    expect(other.frameCount).toBe(frames.frameCount);

    const noFace = await makeTestImage(dir, 'pattern.png', { width: 320, height: 240 });
    const error = await engine.doAnimateFrames!({ source: { imageFile: noFace }, audioFile: speech }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineInputError);
    expect((error as Error).message).toMatch(/No face was found in the photo/);
    const elsewhere = await engine.doAnimateFrames!({ source: { imageFile: group, face: { x: 0, y: 1200, width: 50, height: 50 } }, audioFile: speech }).catch((caught: unknown) => caught);
    expect((elsewhere as Error).message).toMatch(/No face was found in the box/);
  }, 120_000);
});

