import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutAudioArgs, layerTracksArgs, regionsKeptArgs, takePieceArgs, trimSilenceArgs } from './dubbing-args.ts';
import { runFfmpeg } from './media-runner.ts';
import { probeMedia } from './media-tools.ts';

describe('dubbing editor builders', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-dubbing-args-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('builds a take as played: tempo only when sped, then its gain', () => {
    expect(takePieceArgs({ input: 'in.wav', output: 'out.wav', speed: 1.2, volume: 0.5, sampleRate: 24_000 }).slice(5)).toEqual(['-i', 'in.wav', '-vn', '-af', 'atempo=1.2000,volume=0.500', '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', 'out.wav']);
    expect(takePieceArgs({ input: 'in.wav', output: 'out.wav', speed: 1, volume: 1, sampleRate: 24_000 })).toContain('volume=1.000');
    expect(cutAudioArgs({ input: 'stem.mp3', output: 'cut.wav', startSeconds: 1.25, endSeconds: 3, sampleRate: 24_000 }).slice(5, 9)).toEqual(['-ss', '1.250', '-t', '1.750']);
    expect(regionsKeptArgs({ input: 'a.wav', output: 'b.wav', regions: [{ startSeconds: 1, endSeconds: 2 }] }).join(' ')).toContain("volume=eval=frame:volume='min(1,clip(min((t-0.920)/0.08,(2.080-t)/0.08),0,1))'");
  });

  it('trims the silence around a tone and keeps the tone', async () => {
    const input = path.join(dir, 'padded.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-af', 'adelay=700:all=1,apad=pad_dur=0.6', '-ar', '24000', input]);
    const output = path.join(dir, 'trimmed.wav');
    await runFfmpeg(trimSilenceArgs({ input, output, sampleRate: 24_000 }));
    const seconds = (await probeMedia(output)).durationSeconds ?? 0;
    expect(seconds).toBeGreaterThan(0.95);
    expect(seconds).toBeLessThan(1.2);
  });

  it('lays tracks over each other, exactly as long as asked', async () => {
    expect(layerTracksArgs({ inputs: ['a.wav', 'b.wav'], output: 'out.wav', durationSeconds: 2, sampleRate: 24_000 }).slice(5)).toEqual([
      '-i', 'a.wav', '-i', 'b.wav',
      '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad,atrim=0:2.000[out]',
      '-map', '[out]', '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', 'out.wav',
    ]);
    const a = path.join(dir, 'lane-a.wav');
    const b = path.join(dir, 'lane-b.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ar', '24000', a]);
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=1.5', '-af', 'adelay=500:all=1', '-ar', '24000', b]);
    const output = path.join(dir, 'layered.wav');
    await runFfmpeg(layerTracksArgs({ inputs: [a, b], output, durationSeconds: 2.5, sampleRate: 24_000 }));
    expect((await probeMedia(output)).durationSeconds).toBeCloseTo(2.5, 2);
  });
});
