import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionsOnlyArgs } from './dub-args.ts';
import { runFfmpeg } from './media-runner.ts';
import { probeMedia } from './media-tools.ts';

describe('regionsOnlyArgs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-regions-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('builds one trim per region, in time order, joined by concat', () => {
    expect(regionsOnlyArgs({ input: 'in.wav', output: 'out.wav', regions: [{ startSeconds: 3, endSeconds: 4.5 }, { startSeconds: 0.5, endSeconds: 1 }], sampleRate: 16_000 })).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-i",
        "in.wav",
        "-filter_complex",
        "[0:a]asplit=2[i0][i1];[i0]atrim=start=0.500:end=1.000,asetpts=PTS-STARTPTS[r0];[i1]atrim=start=3.000:end=4.500,asetpts=PTS-STARTPTS[r1];[r0][r1]concat=n=2:v=0:a=1[out]",
        "-map",
        "[out]",
        "-ac",
        "1",
        "-ar",
        "16000",
        "-c:a",
        "pcm_s16le",
        "out.wav",
      ]
    `);
    expect(() => regionsOnlyArgs({ input: 'in.wav', output: 'out.wav', regions: [], sampleRate: 16_000 })).toThrow(RangeError);
  });

  it('keeps exactly the regions’ audio', async () => {
    const input = path.join(dir, 'tone.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=6', '-ac', '2', input]);
    const output = path.join(dir, 'regions.wav');
    await runFfmpeg(regionsOnlyArgs({ input, output, regions: [{ startSeconds: 0.5, endSeconds: 1.25 }, { startSeconds: 3, endSeconds: 4.5 }, { startSeconds: 5.2, endSeconds: 5.3 }], sampleRate: 16_000 }));
    const info = await probeMedia(output);
    expect(info.audio).toMatchObject({ channels: 1, sampleRate: 16_000 });
    expect(info.durationSeconds).toBeCloseTo(2.35, 2);
  });
});
