import { execFile } from 'node:child_process';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeArgs } from './ffmpeg-args.ts';
import { parseProbeOutput } from './media-info.ts';
import { probeMedia } from './media-tools.ts';
import { probeWavFile } from './wav-probe.ts';

const run = promisify(execFile);

/**
 * The header read of a WAV against ffprobe itself, on WAVs made by the tools the pipelines use
 * (ffmpeg, espeak-ng, sox) at rates, channel counts, sample widths and lengths that round
 * differently, and the files it must leave to ffprobe.
 */
describe('WAV facts from the header, as ffprobe states them', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  const ffprobe = async (name: string) => parseProbeOutput((await run('ffprobe', probeArgs(file(name)))).stdout);
  const sine = (seconds: number, rate: number) => ['-f', 'lavfi', '-i', `sine=f=330:d=${seconds}:r=${rate}`];

  // Lengths whose frame counts fall on a half microsecond (1.1401875 s at 16 and 48 kHz), odd rates, stereo.
  const PLAIN = [
    { name: 'mono-8k.wav', args: [...sine(0.3333, 8000)] },
    { name: 'stereo-11k.wav', args: [...sine(7.77777, 11025), '-ac', '2'] },
    { name: 'mono-16k-half-us.wav', args: [...sine(1.1401875, 16000)] },
    { name: 'stereo-44k.wav', args: [...sine(59.99999, 44100), '-ac', '2'] },
    { name: 'stereo-48k-half-us.wav', args: [...sine(1.1401875, 48000), '-ac', '2'] },
    { name: 'u8-22k.wav', args: [...sine(2.5, 22050), '-c:a', 'pcm_u8'] },
  ];
  // ffmpeg writes an extensible header for 24 and 32 bits; µ-law is not PCM; a WAV streamed to a pipe states no size.
  const LEFT_TO_FFPROBE = [
    { name: 's24.wav', args: [...sine(0.7, 44100), '-c:a', 'pcm_s24le'] },
    { name: 'f32.wav', args: [...sine(0.7, 16000), '-c:a', 'pcm_f32le'] },
    { name: 'mulaw.wav', args: [...sine(0.7, 8000), '-c:a', 'pcm_mulaw'] },
  ];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wav-probe-'));
    await Promise.all([...PLAIN, ...LEFT_TO_FFPROBE].map(({ name, args }) => ffmpeg(...args, file(name))));
    await run('espeak-ng', ['-w', file('espeak.wav'), 'Facts from the header.']);
    await run('sox', ['-n', '-r', '24000', '-b', '16', file('sox.wav'), 'synth', '1.111', 'sine', '300']);
    await run('bash', ['-c', `ffmpeg -v error -f lavfi -i sine=d=1 -f wav - > '${file('streamed.wav')}'`]);
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([...PLAIN.map(({ name }) => name), 'espeak.wav', 'sox.wav'])('%s: the same facts as ffprobe, to the digit', async (name) => {
    const fromHeader = await probeWavFile(file(name));
    expect(fromHeader).toBeDefined();
    expect(fromHeader).toEqual(await ffprobe(name));
  });

  it.each([...LEFT_TO_FFPROBE.map(({ name }) => name), 'streamed.wav'])('%s: left to ffprobe, which probeMedia then asks', async (name) => {
    expect(await probeWavFile(file(name))).toBeUndefined();
    expect(await probeMedia(file(name))).toEqual(await ffprobe(name));
  });

  it('leaves to ffprobe a WAV cut short of its stated data, a file that is not a WAV, and a missing one', async () => {
    await ffmpeg(...sine(1, 16000), file('cut.wav'));
    await truncate(file('cut.wav'), 20_000);
    await writeFile(file('not-a-wav.wav'), 'RIFF....WAVEfmt nonsense that is not a header at all, long enough to be read');
    for (const name of ['cut.wav', 'not-a-wav.wav', 'missing.wav']) expect(await probeWavFile(file(name))).toBeUndefined();
    // A cut WAV is still read, by ffprobe, for what it holds.
    expect((await probeMedia(file('cut.wav'))).durationSeconds).toBeCloseTo((20_000 - 78) / 32_000, 2);
    await expect(probeMedia(file('missing.wav'))).rejects.toThrow();
  });
});
