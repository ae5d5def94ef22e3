import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRnnoise } from '../rnnoise/rnnoise-audio-separator.ts';
import { makeSeparationMix, stemSignalToDistortion, type SeparationMix } from '../testing/generated-separation-mixes.ts';
import { decodeChannelsToPcm } from './pcm-audio.ts';
import { voiceIsCentred } from './voice-separation-mask.ts';

describe('rnnoise:rnnoise separating a voice from music (generated mix, SDR against its sources)', () => {
  let dir: string;
  let mix: SeparationMix;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-separation-'));
    // espeak-ng's voice in the centre of a wide, detuned pad 6 dB louder than it (stereo).
    mix = await makeSeparationMix(dir, {
      name: 'pad',
      music: 'pad',
      channels: 2,
      voiceToMusicDb: -6,
      voice: { engine: 'espeak-ng', voice: 'en-us' },
      text: 'Please keep your tickets ready, the train leaves in ten minutes.',
      leadSeconds: 0.8,
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('the masked voice and background are closer to the truth than RNNoise and its residual (the old engine)', async () => {
    const rnnoise = createRnnoise();
    // The old engine: RNNoise on the mono fold is the voice; the fold minus it is the background.
    const fold = Float32Array.from(mix.mix[0]!, (left, index) => (left + mix.mix[1]![index]!) / 2);
    const { denoised } = await rnnoise.denoise(fold);
    const oldVoice = stemSignalToDistortion([mix.voice], [denoised]);
    const oldBackground = stemSignalToDistortion(mix.music, [Float32Array.from(fold, (value, index) => value - denoised[index]!)]);

    // The engine as it runs now, through its files.
    const vocals = path.join(dir, 'vocals.wav');
    const noise = path.join(dir, 'noise.wav');
    const result = await rnnoise.doSeparate({ audioFile: mix.file, outputs: { vocals, noise } });
    expect(result.stems.vocals?.channels).toBe(1);
    expect(result.stems.noise?.channels).toBe(2);
    const [voice] = await decodeChannelsToPcm(vocals, mix.sampleRate, 1);
    const background = await decodeChannelsToPcm(noise, mix.sampleRate, 2);
    const newVoice = stemSignalToDistortion([mix.voice], [voice!]);
    const newBackground = stemSignalToDistortion(mix.music, background);
    console.info(`separation SDR, voice ${oldVoice.toFixed(1)} → ${newVoice.toFixed(1)} dB, background ${oldBackground.toFixed(1)} → ${newBackground.toFixed(1)} dB`);

    // Measured: voice 0.7 → 6.0 dB, background 2.5 → 12.0 dB.
    expect(oldVoice).toBeLessThan(3);
    expect(newVoice).toBeGreaterThanOrEqual(3);
    expect(oldBackground).toBeLessThan(6);
    expect(newBackground).toBeGreaterThanOrEqual(6);
    // The stems still add up to the input (up to 16-bit WAV).
    const sum = background.map((channel) => Float32Array.from(channel, (value, index) => value + voice![index]!));
    expect(stemSignalToDistortion(mix.mix, sum)).toBeGreaterThan(40);
  });

  it('uses the side channel only when the voice is centred', () => {
    const voice = Float32Array.from({ length: 4800 }, (_, index) => Math.sin(index / 7));
    expect(voiceIsCentred([voice, voice], voice)).toBe(true);
    expect(voiceIsCentred([voice, voice.map((value) => value * 0.3)], voice)).toBe(false);
    expect(voiceIsCentred([voice], voice)).toBe(false);
  });
});
