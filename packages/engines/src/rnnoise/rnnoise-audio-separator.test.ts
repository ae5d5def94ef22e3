import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { audioSeparatorConformance } from '../testing/conformance/audio-separator-conformance.ts';
import { makeLongSpeech, makeSpeech } from '../testing/generated-media.ts';
import { createRnnoise } from './rnnoise-audio-separator.ts';

const descriptor = createLocalEngineRegistry().list('audio-separator').find((entry) => entry.id === 'rnnoise:rnnoise')!;
const TEXT = 'Noise suppression keeps the voice and removes the steady hiss of the room around it.';

/** `speech` + white noise at `noiseDb` dBFS (ffmpeg anoisesrc, fixed seed), the clean speech kept for reference. */
async function noisy(dir: string, name: string, speech: string, noiseDb: number): Promise<string> {
  const output = path.join(dir, name);
  const amplitude = 10 ** (noiseDb / 20);
  await runFfmpeg([
    '-hide_banner', '-loglevel', 'error', '-y', '-i', speech,
    '-f', 'lavfi', '-i', `anoisesrc=color=white:amplitude=${amplitude}:seed=7:sample_rate=22050`,
    '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0', '-c:a', 'pcm_s16le', output,
  ]);
  return output;
}

audioSeparatorConformance({
  descriptor,
  makeMixture: async (dir) => noisy(dir, 'mixture.wav', await makeSpeech(dir, 'clean.wav', TEXT), -30),
  makeLongMixture: (dir) => makeLongSpeech(dir, 'long.wav', 120),
  stems: ['vocals', 'noise'],
});

/** SNR in dB of `estimate` against `clean` (same rate; compared over the shorter length). */
function snr(clean: Float32Array, estimate: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let index = 0; index < Math.min(clean.length, estimate.length); index++) {
    signal += clean[index]! ** 2;
    error += (clean[index]! - estimate[index]!) ** 2;
  }
  return 10 * Math.log10(signal / error);
}

describe('rnnoise:rnnoise on speech with added noise', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-rnnoise-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('raises the SNR, lowers the noise floor in pauses by more than 10 dB, and its residual adds back to the input', async () => {
    const clean = await makeSpeech(dir, 'clean.wav', TEXT);
    const mixture = await noisy(dir, 'mixture.wav', clean, -30);
    const vocals = path.join(dir, 'vocals.wav');
    const noise = path.join(dir, 'noise.wav');
    const result = await createRnnoise().doSeparate({ audioFile: mixture, outputs: { vocals, noise } });
    expect(result.stems.vocals?.sampleRate).toBe(22050);

    const [cleanPcm, mixturePcm, vocalsPcm, noisePcm] = await Promise.all([clean, mixture, vocals, noise].map((file) => decodeToPcm(file, 22050)));
    const before = snr(cleanPcm!.samples, mixturePcm!.samples);
    const after = snr(cleanPcm!.samples, vocalsPcm!.samples);
    // In the pauses of the clean speech (10 ms frames below −70 dBFS): how much quieter the noise got.
    let inputPause = 0;
    let outputPause = 0;
    const frame = 220;
    for (let start = 0; start + frame <= cleanPcm!.samples.length; start += frame) {
      let energy = 0;
      for (let index = start; index < start + frame; index++) energy += cleanPcm!.samples[index]! ** 2;
      if (energy / frame > 1e-7) continue;
      for (let index = start; index < start + frame; index++) {
        inputPause += mixturePcm!.samples[index]! ** 2;
        outputPause += vocalsPcm!.samples[index]! ** 2;
      }
    }
    const pauseReductionDb = 10 * Math.log10(inputPause / outputPause);
    console.info(
      `rnnoise: waveform SNR ${before.toFixed(1)} dB → ${after.toFixed(1)} dB, noise in pauses −${pauseReductionDb.toFixed(1)} dB (white noise at −30 dBFS), ${result.timings?.stepsMs?.denoiseMs?.toFixed(0)} ms denoising`,
    );
    // The waveform SNR gains little (RNNoise also shapes the speech bands); the noise floor drops a lot.
    expect(after).toBeGreaterThan(before + 1);
    expect(pauseReductionDb).toBeGreaterThan(10);
    // vocals + noise = input, up to the 48 kHz round trip of each stem (~30 dB).
    const sum = vocalsPcm!.samples.map((value, index) => value + (noisePcm!.samples[index] ?? 0));
    expect(snr(mixturePcm!.samples, sum)).toBeGreaterThan(25);
  });
});
