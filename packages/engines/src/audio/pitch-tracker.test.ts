import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMediaTool } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeech } from '../testing/generated-media.ts';
import { makeFestivalSpeech } from '../testing/generated-voices.ts';
import { FloatFile } from './float-file.ts';
import { decodeToPcm, type PcmAudio } from './pcm-audio.ts';
import { pitchStatistics, quantile, semitonesBetween, trackPitch, trackPitchAsync, trackPitchInSpans } from './pitch-tracker.ts';

const RATE = 16_000;

/** A tone with `harmonics` partials of falling amplitude (1/k), like a glottal source. */
function harmonicTone(f0: (time: number) => number, seconds: number, harmonics = 8): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let index = 0; index < samples.length; index++) {
    phase += (2 * Math.PI * f0(index / RATE)) / RATE;
    let value = 0;
    for (let k = 1; k <= harmonics; k++) value += Math.sin(k * phase) / k;
    samples[index] = 0.3 * value;
  }
  return { samples, sampleRate: RATE };
}

/** Deterministic white noise (a linear congruential generator). */
function noise(seconds: number, level = 0.3): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let state = 12345;
  for (let index = 0; index < samples.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    samples[index] = level * ((state / 2 ** 32) * 2 - 1);
  }
  return { samples, sampleRate: RATE };
}

describe('trackPitch on generated signals', () => {
  it.each([65, 100, 147, 220, 330, 480])('finds the F0 of a %d Hz harmonic tone within 0.5 %', (hz) => {
    const stats = pitchStatistics(trackPitch(harmonicTone(() => hz, 1)));
    expect(stats.medianHz).toBeDefined();
    expect(Math.abs(stats.medianHz! / hz - 1)).toBeLessThan(0.005);
    // Nearly every frame away from the edges is voiced.
    expect(stats.voicedSeconds).toBeGreaterThan(0.9);
  });

  it('follows an exponential sweep 80 → 400 Hz frame by frame (within 2 %, no octave errors)', () => {
    const seconds = 2;
    const f0 = (time: number) => 80 * 5 ** (time / seconds);
    const track = trackPitch(harmonicTone(f0, seconds));
    let checked = 0;
    for (let frame = 0; frame < track.frequencies.length; frame++) {
      const hz = track.frequencies[frame]!;
      if (hz === 0) continue;
      expect(Math.abs(hz / f0(frame * track.hopSeconds) - 1)).toBeLessThan(0.02);
      checked++;
    }
    expect(checked).toBeGreaterThan(180);
  });

  it('tracks a pure sine (no harmonics) too', () => {
    const stats = pitchStatistics(trackPitch(harmonicTone(() => 200, 1, 1)));
    expect(stats.medianHz).toBeCloseTo(200, 0);
  });

  it('calls noise and silence unvoiced', () => {
    expect(pitchStatistics(trackPitch(noise(1))).voicedSeconds).toBeLessThan(0.05);
    expect(pitchStatistics(trackPitch({ samples: new Float32Array(RATE), sampleRate: RATE })).medianHz).toBeUndefined();
  });

  it('gives median, p10–p90 range in semitones and respects spans', () => {
    // 1 s at 100 Hz then 1 s at 200 Hz (an octave): the range is 12 semitones.
    const track = trackPitch(harmonicTone((time) => (time < 1 ? 100 : 200), 2));
    const stats = pitchStatistics(track);
    expect(stats.rangeSemitones).toBeGreaterThan(11.5);
    expect(stats.rangeSemitones).toBeLessThan(12.5);
    const firstHalf = pitchStatistics(track, [{ startSeconds: 0, endSeconds: 0.95 }]);
    expect(firstHalf.medianHz).toBeCloseTo(100, 0);
    expect(firstHalf.rangeSemitones).toBeLessThan(0.2);
  });

  it('has working helpers', () => {
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile([], 0.5)).toBeUndefined();
    expect(semitonesBetween(110, 220)).toBeCloseTo(12, 6);
  });
});

describe('trackPitch on synthetic speech', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-pitch-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const text = 'The rainbow is a division of white light into many beautiful colours.';

  it('hears espeak en-us as a low voice, its f3 variant about an octave higher, and a rubberband shift exactly', async () => {
    const male = pitchStatistics(trackPitch(await decodeToPcm(await makeSpeech(dir, 'm.wav', text, 'en-us'), RATE)));
    const female = pitchStatistics(trackPitch(await decodeToPcm(await makeSpeech(dir, 'f.wav', text, 'en-us+f3'), RATE)));
    expect(male.medianHz).toBeGreaterThan(85);
    expect(male.medianHz).toBeLessThan(125);
    expect(female.medianHz).toBeGreaterThan(180);
    expect(female.medianHz).toBeLessThan(240);
    expect(semitonesBetween(male.medianHz!, female.medianHz!)).toBeGreaterThan(9);
    // Speech moves: a few semitones between p10 and p90.
    expect(male.rangeSemitones).toBeGreaterThan(1.5);
    expect(male.rangeSemitones).toBeLessThan(8);

    const shifted = path.join(dir, 'shifted.wav');
    await runMediaTool('rubberband', ['-3', '-F', '-q', '-p', '5', path.join(dir, 'm.wav'), shifted]);
    const up = pitchStatistics(trackPitch(await decodeToPcm(shifted, RATE)));
    expect(Math.abs(semitonesBetween(male.medianHz!, up.medianHz!) - 5)).toBeLessThan(0.25);
  });

  it('hears festival slt (female HTS voice) between 140 and 220 Hz', async () => {
    const file = await makeFestivalSpeech(dir, 'slt.wav', text, 'cmu_us_slt_arctic_hts');
    const stats = pitchStatistics(trackPitch(await decodeToPcm(file, RATE)));
    expect(stats.medianHz).toBeGreaterThan(140);
    expect(stats.medianHz).toBeLessThan(220);
  });
});

describe('trackPitchAsync', () => {
  it('gives the same track as trackPitch and stops when its signal fires', async () => {
    const tone = harmonicTone((time) => 120 + 60 * time, 3);
    const syncTrack = trackPitch(tone);
    const asyncTrack = await trackPitchAsync(tone);
    expect(Array.from(asyncTrack.frequencies)).toEqual(Array.from(syncTrack.frequencies));
    await expect(trackPitchAsync(tone, { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow('stop');
  });
});

describe('trackPitchInSpans', () => {
  it('reads a raw file a span at a time and finds, inside the spans, what the whole track finds', async () => {
    // Voiced stretches (gliding, with octave-prone low notes) between noise and silence, so runs cross the spans' ends.
    const parts = [harmonicTone((time) => 90 + 40 * time, 2.3), noise(0.7, 0.05), { samples: new Float32Array(RATE / 2), sampleRate: RATE }, harmonicTone((time) => 210 - 30 * time, 3.1), noise(1.2)];
    const samples = new Float32Array(parts.reduce((sum, part) => sum + part.samples.length, 0));
    parts.reduce((at, part) => (samples.set(part.samples, at), at + part.samples.length), 0);
    const whole = trackPitch({ samples, sampleRate: RATE });
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-pitch-spans-'));
    try {
      const file = path.join(dir, 'audio.f32le');
      const writer = await FloatFile.create(file);
      await writer.append(samples);
      await writer.close();
      const reader = await FloatFile.read(file);
      const spans = [{ startSeconds: 0.5, endSeconds: 1.04 }, { startSeconds: 3.0, endSeconds: 4.2 }, { startSeconds: 6.55, endSeconds: 7.3 }, { startSeconds: 7.9, endSeconds: 9.9 }];
      const partial = await trackPitchInSpans(reader, RATE, spans);
      await reader.close();
      expect(partial.frequencies.length).toBe(whole.frequencies.length);
      let compared = 0;
      for (const span of spans) {
        for (let frame = Math.round(span.startSeconds / 0.01); frame <= Math.min(whole.frequencies.length - 1, Math.round(span.endSeconds / 0.01)); frame++) {
          expect(partial.frequencies[frame]).toBe(whole.frequencies[frame]);
          compared += whole.frequencies[frame]! > 0 ? 1 : 0;
        }
      }
      expect(compared).toBeGreaterThan(100);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
