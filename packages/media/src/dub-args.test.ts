import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dubMixArgs, regionGateExpression, regionsOnlyArgs } from './dub-args.ts';
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

/** RMS level (dB) of `file` between `start` and `end` seconds, mono, after `filter` (e.g. a low-pass that keeps only the music). */
async function levelDb(file: string, start: number, end: number, filter: string): Promise<number> {
  const { stderr } = await runFfmpeg(['-hide_banner', '-nostdin', '-nostats', '-ss', start.toFixed(3), '-t', (end - start).toFixed(3), '-i', file, '-af', `pan=mono|c0=0.5*c0+0.5*c1,${filter},astats=measure_overall=RMS_level:measure_perchannel=none`, '-f', 'null', '-']);
  const match = /RMS level dB:\s*(-?[\d.]+)/.exec(stderr);
  if (!match) throw new Error(`no RMS level in: ${stderr.slice(-400)}`);
  return Number(match[1]);
}

describe('dubMixArgs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-dub-mix-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('without duck regions mixes as before; with them lowers the bed only there, ramped, and limits peaks', () => {
    expect(dubMixArgs({ voice: 'v.wav', background: 'b.wav', output: 'o.wav', durationSeconds: 10 }).join(' ')).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.wav -i b.wav -filter_complex [0:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=2dB[voice];[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[bed];[voice][bed]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad,atrim=0:10.000[out] -map [out] -ar 48000 -c:a pcm_s16le o.wav"`);
    expect(dubMixArgs({ voice: 'v.wav', background: 'b.wav', output: 'o.wav', durationSeconds: 10, duckRegions: [{ startSeconds: 2, endSeconds: 4 }], duckDb: -8, rampSeconds: 0.1 }).join(' ')).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.wav -i b.wav -filter_complex [0:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=2dB[voice];[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=eval=frame:volume='1-0.6019*min(1,clip(min((t-1.900)/0.1,(4.100-t)/0.1),0,1))'[bed];[voice][bed]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad,atrim=0:10.000,alimiter=limit=0.89:level=false:attack=5:release=50[out] -map [out] -ar 48000 -c:a pcm_s16le o.wav"`);
  });

  it('keeps the bed at its level between the lines (within 1 dB) and lowers it under the new voice', async () => {
    // The bed: a 220 Hz chord tone; the voice: 1 kHz bursts where the new lines are. A low-pass at 400 Hz hears only the bed.
    const bed = path.join(dir, 'bed.wav');
    const voice = path.join(dir, 'voice.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'aevalsrc=0.1*sin(2*PI*220*t)+0.06*sin(2*PI*277.2*t):s=48000:d=10', '-ac', '2', bed]);
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*1000*t)*(between(t,2,4)+between(t,6,7))':s=24000:d=10", voice]);
    const mixed = path.join(dir, 'mixed.wav');
    const regions = [{ startSeconds: 2, endSeconds: 4 }, { startSeconds: 6, endSeconds: 7 }];
    await runFfmpeg(dubMixArgs({ voice, background: bed, output: mixed, durationSeconds: 10, duckRegions: regions }));
    const bedOnly = 'lowpass=f=400,lowpass=f=400';
    const gaps = [[0.3, 1.8], [4.2, 5.8], [7.2, 9.7]] as const;
    for (const [start, end] of gaps) expect(Math.abs((await levelDb(mixed, start, end, bedOnly)) - (await levelDb(bed, start, end, bedOnly)))).toBeLessThanOrEqual(1);
    const under = (await levelDb(mixed, 2.2, 3.8, bedOnly)) - (await levelDb(bed, 2.2, 3.8, bedOnly));
    expect(under).toBeLessThan(-6);
    expect(under).toBeGreaterThan(-10);
  });
});

describe('regionGateExpression', () => {
  it('gates hundreds of regions (12 minutes of lines) as their flat sum would: 1 inside, 0 outside, ramps, overlaps capped', async () => {
    // 200 regions, a line every ~3.6 s, some overlapping the next; ffmpeg's parser refused a flat sum beyond ~97.
    const regions = Array.from({ length: 200 }, (_, index) => ({ startSeconds: index * 3.6 + (index % 3) * 0.4, endSeconds: index * 3.6 + 2 + (index % 5 === 0 ? 2.5 : 0) }));
    const ramp = 0.1;
    const expected = (t: number) => Math.min(1, regions.reduce((sum, region) => sum + Math.min(1, Math.max(0, Math.min((t - Number((region.startSeconds - ramp).toFixed(3))) / ramp, (Number((region.endSeconds + ramp).toFixed(3)) - t) / ramp))), 0));
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-gate-'));
    try {
      const raw = path.join(dir, 'gate.f32le');
      // The expression evaluated by ffmpeg itself at 100 samples a second over the 12 minutes.
      await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=exprs='${regionGateExpression(regions, ramp)}':s=100:d=720`, '-f', 'f32le', '-c:a', 'pcm_f32le', raw]);
      const bytes = await readFile(raw);
      const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
      expect(values.length).toBe(72_000);
      let worst = 0;
      for (let index = 0; index < values.length; index++) worst = Math.max(worst, Math.abs(values[index]! - expected(index / 100)));
      expect(worst).toBeLessThan(1e-6);
      const late = regions[151]!;
      expect(values[Math.round(((late.startSeconds + late.endSeconds) / 2) * 100)]).toBe(1); // inside a late region
      expect(values[Math.round((late.endSeconds + 0.5) * 100)]).toBe(0); // after it, before the next
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
