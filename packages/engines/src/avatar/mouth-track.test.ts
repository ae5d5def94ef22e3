import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeech, padWithSilence } from '../testing/generated-media.ts';
import { mouthTrack } from './mouth-track.ts';

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

describe('mouthTrack', () => {
  let dir: string;
  let speech: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mouth-track-'));
    speech = await padWithSilence(await makeSpeech(dir, 'raw.wav', 'Mama made a blue boat. We see it move.'), path.join(dir, 'speech.wav'), 0.5, 0.5);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('opens with the speech’s loudness and rests closed in the silence around it', async () => {
    const track = await mouthTrack({ audioFile: speech, frameRate: 25 });
    expect(track.poses.length).toBe(track.energy.length);
    const r = pearson(track.poses.map((pose) => pose.open), track.energy);
    console.info(`[mouth-track] open vs loudness without words: r = ${r.toFixed(3)}, ${track.poses.length} frames`);
    expect(r).toBeGreaterThan(0.9);
    for (const pose of track.poses.slice(0, 10)) expect(pose.open).toBeLessThan(0.05);
    expect(Math.max(...track.poses.map((pose) => pose.open))).toBeGreaterThan(0.8);
  });

  it('shapes the mouth after the words being said: closed lips for m/b/p, rounded for o/u/w, spread for e/i', async () => {
    const words = [
      { text: 'Mama', startSeconds: 0.5, endSeconds: 0.9, charStart: 0, charEnd: 4 },
      { text: 'blue', startSeconds: 0.9, endSeconds: 1.3, charStart: 5, charEnd: 9 },
      { text: 'see', startSeconds: 1.3, endSeconds: 1.6, charStart: 10, charEnd: 13 },
      { text: '我们', startSeconds: 1.6, endSeconds: 2.0, charStart: 14, charEnd: 16 },
    ];
    const track = await mouthTrack({ audioFile: speech, frameRate: 25, words });
    const at = (seconds: number) => track.poses[Math.round(seconds * 25)]!;
    expect(at(0.5).viseme).toBe('MBP');
    expect(at(0.5).open).toBeLessThanOrEqual(0.15);
    expect(at(1.2).spread).toBeLessThan(0);
    expect(at(1.5).viseme).toBe('E');
    expect(at(1.5).spread).toBeGreaterThan(0.5);
    expect(['WQ', 'O', 'MBP', 'E', 'etc']).toContain(at(1.65).viseme);
    expect(at(0.2).viseme).toBe('rest');
  });

  it('without words, shapes the mouth from the formants: spread for “see”, rounded for “oh, go, no”, open for “ah”', async () => {
    const shapes: Record<string, { spread: number; f1: number; f2: number; visemes: string }> = {};
    for (const [name, text] of [['see', 'see. see. see.'], ['oh', 'oh. go. no.'], ['ah', 'ah. ah. ah.']] as const) {
      const file = await makeSpeech(dir, `${name}.wav`, text);
      const track = await mouthTrack({ audioFile: file, frameRate: 25 });
      const voiced = track.poses.map((pose, frame) => ({ pose, formants: track.formants![frame]! })).filter((entry) => entry.pose.open > 0.3 && entry.formants.f1 > 0);
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
      const counts = new Map<string, number>();
      for (const entry of voiced) counts.set(entry.pose.viseme, (counts.get(entry.pose.viseme) ?? 0) + 1);
      shapes[name] = {
        spread: mean(voiced.map((entry) => entry.pose.spread)),
        f1: mean(voiced.map((entry) => entry.formants.f1)),
        f2: mean(voiced.map((entry) => entry.formants.f2)),
        visemes: [...counts].map(([viseme, count]) => `${viseme}×${count}`).join(' '),
      };
    }
    console.info(`[mouth-track] from the audio alone: ${Object.entries(shapes).map(([name, shape]) => `${name}: F1 ${shape.f1.toFixed(0)} Hz, F2 ${shape.f2.toFixed(0)} Hz, spread ${shape.spread.toFixed(2)} (${shape.visemes})`).join('; ')}`);
    expect(shapes.see!.spread).toBeGreaterThan(0.5);
    expect(shapes.oh!.spread).toBeLessThan(0);
    expect(shapes.see!.f2).toBeGreaterThan(shapes.oh!.f2 + 500);
    expect(shapes.ah!.f1).toBeGreaterThan(shapes.see!.f1);
  });
});
