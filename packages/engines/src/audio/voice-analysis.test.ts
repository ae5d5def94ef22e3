import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMediaTool } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm, type PcmAudio } from './pcm-audio.ts';
import { trackPitch } from './pitch-tracker.ts';
import { estimateFormants, estimateSpeakingRate, fft, longTermSpectrum, lpcCoefficients } from './voice-analysis.ts';

const RATE = 16_000;

/** A vowel: a 120 Hz pulse train through three second-order resonators (a cascade formant synthesizer). */
function vowel(formants: number[], seconds = 1, f0 = 120): PcmAudio {
  let signal = new Float64Array(Math.round(seconds * RATE));
  const period = RATE / f0;
  for (let position = 0; position < signal.length; position += period) signal[Math.floor(position)] = 1;
  for (const frequency of formants) {
    const bandwidth = 80 + frequency * 0.05;
    const r = Math.exp((-Math.PI * bandwidth) / RATE);
    const a1 = 2 * r * Math.cos((2 * Math.PI * frequency) / RATE);
    const a2 = -r * r;
    const out = new Float64Array(signal.length);
    for (let index = 0; index < signal.length; index++) out[index] = (1 - r) * signal[index]! + a1 * (out[index - 1] ?? 0) + a2 * (out[index - 2] ?? 0);
    signal = out;
  }
  let peak = 0;
  for (const value of signal) peak = Math.max(peak, Math.abs(value));
  return { samples: Float32Array.from(signal, (value) => (0.5 * value) / peak), sampleRate: RATE };
}

describe('spectral analysis', () => {
  it('fft finds a sine in its bin', () => {
    const re = Float64Array.from({ length: 64 }, (_, index) => Math.cos((2 * Math.PI * 5 * index) / 64));
    const im = new Float64Array(64);
    fft(re, im);
    expect(re[5]).toBeCloseTo(32, 6);
    expect(Math.abs(re[6]!)).toBeLessThan(1e-9);
  });

  it('lpcCoefficients refuses silence', () => {
    expect(lpcCoefficients(new Float64Array(100), 10)).toBeUndefined();
  });

  it.each([
    ['/a/', [730, 1090, 2440]],
    ['/i/', [270, 2290, 3010]],
    ['/u/', [300, 870, 2240]],
  ])('finds the formants of a synthetic %s (F2, F3 within 5 %; F1 within 25 %: LPC pulls a low F1 toward a harmonic of the 120 Hz source)', (_name, formants) => {
    const pcm = vowel(formants);
    const estimate = estimateFormants(pcm, trackPitch(pcm));
    expect(estimate.framesUsed).toBeGreaterThan(10);
    estimate.formantsHz.forEach((hz, index) => {
      expect(hz).toBeDefined();
      expect(Math.abs(hz! / formants[index]! - 1)).toBeLessThan(index === 0 ? 0.25 : 0.05);
    });
  });

  it('long-term spectrum: a vowel with high formants has a higher centroid and more energy up high', () => {
    const low = vowel([300, 870, 2240]);
    const high = vowel([730, 2290, 3010]);
    const lowSpectrum = longTermSpectrum(low, trackPitch(low));
    const highSpectrum = longTermSpectrum(high, trackPitch(high));
    expect(lowSpectrum.bandLevelsDb).toHaveLength(19);
    expect(highSpectrum.centroidHz).toBeGreaterThan(lowSpectrum.centroidHz);
    const band2k = lowSpectrum.bandCentresHz.findIndex((hz) => hz >= 2000);
    expect(highSpectrum.bandLevelsDb[band2k]!).toBeGreaterThan(lowSpectrum.bandLevelsDb[band2k]!);
  });
});

describe('speaking rate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-rate-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // 52 syllables.
  const text = 'The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, with its path high above, and its two ends apparently beyond the horizon.';

  async function rate(words: number) {
    const file = path.join(dir, `rate-${words}.wav`);
    await runMediaTool('espeak-ng', ['-v', 'en-us', '-s', String(words), '-w', file, '--', text]);
    const pcm = await decodeToPcm(file, RATE);
    const track = trackPitch(pcm);
    return estimateSpeakingRate(pcm, track, pcm.samples.length / RATE);
  }

  it('counts syllable nuclei within 25 % of the text and follows a faster speaker', async () => {
    const normal = await rate(160);
    const fast = await rate(240);
    expect(normal.syllables).toBeGreaterThan(52 * 0.75);
    expect(normal.syllables).toBeLessThan(52 * 1.25);
    const ratio = fast.syllablesPerSecond! / normal.syllablesPerSecond!;
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(1.8);
    expect(estimateSpeakingRate({ samples: new Float32Array(RATE), sampleRate: RATE }, trackPitch({ samples: new Float32Array(RATE), sampleRate: RATE }), 0).syllablesPerSecond).toBeUndefined();
  });
});
