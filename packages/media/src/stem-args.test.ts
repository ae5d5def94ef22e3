import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_COMMON } from './ffmpeg-args.ts';
import { runFfmpeg } from './media-runner.ts';
import { probeMedia } from './media-tools.ts';
import { stemArgs } from './stem-args.ts';

describe('stemArgs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-stems-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('pads or cuts a stem to the source’s length at its rate; MP3 at 48 kHz at most', () => {
    expect(stemArgs({ input: 'voice.wav', output: 'voice-out.wav', sampleRate: 44_100, frames: 441_000, format: 'wav' })).toEqual([
      ...FFMPEG_COMMON, '-i', 'voice.wav', '-vn', '-sn', '-dn', '-af', 'aresample=44100,apad=whole_len=441000,atrim=end_sample=441000', '-ar', '44100', '-c:a', 'pcm_s16le', '-f', 'wav', 'voice-out.wav',
    ]);
    expect(stemArgs({ input: 'a.wav', output: 'a.mp3', sampleRate: 96_000, frames: 960_000, format: 'mp3' })).toContain('aresample=48000,apad=whole_len=480000,atrim=end_sample=480000');
  });

  it('makes a short stem exactly as long as the source, and cuts a long one', async () => {
    const short = path.join(dir, 'short.wav');
    await runFfmpeg([...FFMPEG_COMMON, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=1.5', short]);
    for (const [name, frames] of [['padded', 44_100 * 2], ['cut', 44_100]] as const) {
      const output = path.join(dir, `${name}.wav`);
      await runFfmpeg(stemArgs({ input: short, output, sampleRate: 44_100, frames, format: 'wav' }));
      const info = await probeMedia(output);
      expect(info.audio?.sampleRate).toBe(44_100);
      expect(Math.round((info.durationSeconds ?? 0) * 44_100)).toBe(frames);
    }
  });
});
