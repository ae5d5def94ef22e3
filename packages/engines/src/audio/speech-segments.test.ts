import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FloatFile } from './float-file.ts';
import { analyseSpectrum } from './speech-segments.ts';

const RATE = 16_000;

describe('analyseSpectrum read in blocks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-spectrum-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the same divergence, power and background whatever the block (the background window and the smoothing reach across blocks)', async () => {
    // Digital silence (the floor decides there), a held chord, noise bursts and a gliding tone, 12 s.
    const samples = new Float32Array(12 * RATE);
    let state = 7;
    for (let index = RATE; index < samples.length; index++) {
      const time = index / RATE;
      state = (state * 1103515245 + 12345) >>> 0;
      const burst = Math.floor(time * 2) % 3 === 0 ? 0.2 * ((state / 2 ** 32) * 2 - 1) : 0;
      const glide = time > 6 && time < 9 ? 0.3 * Math.sin(2 * Math.PI * (150 * time + 20 * time * time)) : 0;
      samples[index] = 0.05 * (Math.sin(2 * Math.PI * 220 * time) + Math.sin(2 * Math.PI * 277 * time)) + burst + glide;
    }
    const file = path.join(dir, 'audio.f32le');
    const writer = await FloatFile.create(file);
    await writer.append(samples);
    await writer.close();
    const analyse = async (name: string, blockFrames: number) => {
      const reader = await FloatFile.read(file);
      const stores = { power: await FloatFile.create(path.join(dir, `${name}-power.f32`)), background: await FloatFile.create(path.join(dir, `${name}-background.f32`)) };
      const analysis = await analyseSpectrum(reader, RATE, stores, { blockFrames });
      const frames = await analysis.readFrames(0, analysis.frames - 1);
      await Promise.all([reader.close(), stores.power.close(), stores.background.close()]);
      return { frames: analysis.frames, divergenceDb: Array.from(analysis.divergenceDb), power: Array.from(frames.power), background: Array.from(frames.background) };
    };
    const whole = await analyse('whole', 1_000_000);
    const blocks = await analyse('blocks', 137);
    expect(whole.frames).toBe(1201);
    expect(whole.divergenceDb.some((value) => value >= 10)).toBe(true);
    expect(blocks).toEqual(whole);
  });
});
