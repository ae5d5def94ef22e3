import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlite } from '../../flite/flite-speech-synthesizer.ts';
import { createLocalEngineRegistry } from '../../registry/local-engines.ts';
import { animatorConformance } from '../../testing/conformance/animator-conformance.ts';
import { makeLongSpeech, makeSpeech, makeTestImage, padWithSilence } from '../../testing/generated-media.ts';
import type { WordTiming } from '../../capabilities/speech-synthesizer.ts';
import { mouthTrack } from '../mouth-track.ts';
import { ILLUSTRATED_AVATARS } from './avatar-catalog.ts';
import { avatarPoses, avatarThumbnailPng, AvatarRenderer, blinkTimes } from './avatar-renderer.ts';
import { RESTING_POSE } from './draw-avatar.ts';
import { createIllustratedAvatarAnimator, ILLUSTRATED_AVATAR_ENGINE_ID } from './illustrated-avatar-animator.ts';

const descriptor = createLocalEngineRegistry().list('animator').find((entry) => entry.id === ILLUSTRATED_AVATAR_ENGINE_ID)!;

animatorConformance({
  descriptor,
  makePortrait: (dir) => makeTestImage(dir, 'portrait.png'),
  source: { make: async () => ({ avatarId: 'kenji' }), makeInvalid: async () => ({ avatarId: 'nobody' }) },
  makeSpeech: (dir) => makeSpeech(dir, 'speech.wav', 'Hello, I am an illustrated avatar.'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long.wav', 40),
  size: { width: 256, height: 256 },
  unsupportedOptions: [{ source: { avatarId: 'kenji', expression: 'furious' } }],
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

const alphaAt = (pixels: Uint8Array, width: number, x: number, y: number) => pixels[(y * width + x) * 4 + 3]!;

describe('illustrated avatars', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'illustrated-avatar-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('has at least six avatars, diverse, each described in English and Chinese', () => {
    expect(ILLUSTRATED_AVATARS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ILLUSTRATED_AVATARS.map((avatar) => avatar.id)).size).toBe(ILLUSTRATED_AVATARS.length);
    expect(new Set(ILLUSTRATED_AVATARS.map((avatar) => avatar.gender))).toEqual(new Set(['female', 'male']));
    expect(new Set(ILLUSTRATED_AVATARS.map((avatar) => avatar.skinTone)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(ILLUSTRATED_AVATARS.map((avatar) => avatar.look.hairStyle)).size).toBe(ILLUSTRATED_AVATARS.length);
    expect(ILLUSTRATED_AVATARS.some((avatar) => avatar.ageRange[0] >= 55)).toBe(true);
    for (const avatar of ILLUSTRATED_AVATARS) {
      expect(avatar.names.zh).toMatch(/\p{Script=Han}/u);
      expect(avatar.description.zh).toMatch(/\p{Script=Han}/u);
      expect(avatar.description.en.length).toBeGreaterThan(10);
    }
  });

  it('draws each avatar non-empty, transparent around it, and different from the others; thumbnails are PNGs', async () => {
    const size = 256;
    const frames = ILLUSTRATED_AVATARS.map((avatar) => new AvatarRenderer(avatar, size, size).render(RESTING_POSE));
    for (const [index, pixels] of frames.entries()) {
      const id = ILLUSTRATED_AVATARS[index]!.id;
      expect(pixels.length).toBe(size * size * 4);
      let covered = 0;
      for (let offset = 3; offset < pixels.length; offset += 4) if (pixels[offset]! > 0) covered++;
      const share = covered / (size * size);
      console.info(`[illustrated] ${id}: ${(100 * share).toFixed(1)} % of the frame drawn`);
      expect(share, id).toBeGreaterThan(0.25);
      expect(share, id).toBeLessThan(0.8);
      for (const [x, y] of [[2, 2], [size - 3, 2], [2, size / 2], [size - 3, size / 2]] as const) expect(alphaAt(pixels, size, x, y), `${id} transparent at ${x},${y}`).toBe(0);
      // The face is opaque.
      expect(alphaAt(pixels, size, size / 2, Math.round(size * 0.5)), id).toBe(255);
    }
    let closest = Number.POSITIVE_INFINITY;
    for (let a = 0; a < frames.length; a++) {
      for (let b = a + 1; b < frames.length; b++) {
        let difference = 0;
        for (let offset = 0; offset < frames[a]!.length; offset++) difference += Math.abs(frames[a]![offset]! - frames[b]![offset]!);
        closest = Math.min(closest, difference / frames[a]!.length);
      }
    }
    console.info(`[illustrated] closest pair of avatars: mean difference ${closest.toFixed(1)} per channel`);
    expect(closest).toBeGreaterThan(10);
    const png = await avatarThumbnailPng('amara', 128);
    expect([...png.subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
    await writeFile(path.join(dir, 'amara.png'), png);
  });

  it('opens the mouth with the mouth track (dark pixels of the mouth vs open, Pearson r)', async () => {
    const flite = createFlite();
    const raw = path.join(dir, 'raw.wav');
    const spoken = await flite.doSynthesize({ text: 'Mama made a big blue boat. We hope you are happy with it.', voice: 'slt', outputFile: raw });
    const audioFile = await padWithSilence(raw, path.join(dir, 'padded.wav'), 0.5, 0.5);
    const words: WordTiming[] = spoken.words.map((word) => ({ ...word, startSeconds: word.startSeconds + 0.5, endSeconds: word.endSeconds + 0.5 }));
    const engine = createIllustratedAvatarAnimator();
    const size = 256;
    const animated = await engine.doAnimateFrames!({ source: { avatarId: 'kenji' }, audioFile, words, width: size, height: size, frameRate: 25 });
    const track = await mouthTrack({ audioFile, frameRate: 25, words });
    // The mouth's box in pixels (the design square fills the frame; the head sways by a few units).
    const scale = size / 1000;
    const box = { x0: Math.round(430 * scale), x1: Math.round(570 * scale), y0: Math.round(522 * scale), y1: Math.round(640 * scale) };
    const dark: number[] = [];

    for await (const pixels of animated.frames) {
      let count = 0;
      for (let y = box.y0; y < box.y1; y++) {
        for (let x = box.x0; x < box.x1; x++) {
          const offset = (y * size + x) * 4;
          const luma = 0.299 * pixels[offset]! + 0.587 * pixels[offset + 1]! + 0.114 * pixels[offset + 2]!;
          if (pixels[offset + 3]! > 200 && luma < 100) count++;
        }
      }
      dark.push(count);
    }
    expect(dark.length).toBe(animated.frameCount);
    const opens = track.poses.map((pose) => pose.open);
    const r = pearson(dark, opens);
    const blinks = blinkTimes('kenji', animated.frameCount / 25).length;
    console.info(`[illustrated] mouth dark pixels vs mouthTrack open: r = ${r.toFixed(3)} over ${dark.length} frames (${blinks} blinks in ${(animated.frameCount / 25).toFixed(1)} s)`);
    expect(r).toBeGreaterThan(0.8);
    // Closed in the silence before the speech.
    expect(Math.max(...dark.slice(0, 8))).toBeLessThanOrEqual(Math.max(4, Math.min(...dark) + 4));
  });

  it('blinks every 3–5 s, sways with the loudness and breathes', async () => {
    const times = blinkTimes('ava', 60);
    const gaps = times.slice(1).map((time, index) => time - times[index]!).filter((gap) => gap > 1);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2.9);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5.1);
    const audioFile = await makeSpeech(dir, 'sway.wav', 'We move a little while we speak, and rest when we are quiet.');
    const track = await mouthTrack({ audioFile, frameRate: 25 });
    const pose = avatarPoses('ava', track);
    const tilts = track.poses.map((_, frame) => Math.abs(pose(frame).tilt));
    const breaths = track.poses.map((_, frame) => pose(frame).breath);
    expect(Math.max(...tilts)).toBeGreaterThan(0.3);
    expect(Math.max(...tilts)).toBeLessThan(6);
    expect(Math.max(...breaths) - Math.min(...breaths)).toBeGreaterThan(0.5);
  });

  it('writes an MP4 with the speech on the avatar’s backdrop', async () => {
    const audioFile = await makeSpeech(dir, 'short.wav', 'A short hello.');
    const outputFile = path.join(dir, 'walter.mp4');
    const result = await createIllustratedAvatarAnimator().doAnimate({ source: { avatarId: 'walter', expression: 'happy' }, audioFile, outputFile, width: 320, height: 240 });
    const info = await probeMedia(outputFile);
    expect({ width: info.video?.width, height: info.video?.height }).toEqual({ width: 320, height: 240 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.video?.codec).toBe('h264');
    expect(Math.abs((info.durationSeconds ?? 0) - result.video.durationSeconds)).toBeLessThan(0.1);
  });
});
