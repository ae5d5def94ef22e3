import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { concatWavPieces, writeTextFile } from './wav-concat.ts';
import { parseWavHeader } from './wav-format.ts';
import { probeMedia } from './media-tools.ts';
import { runFfmpeg } from './media-runner.ts';
import { toneToWavArgs } from './ffmpeg-args.ts';
import { withWorkDir } from './work-dir.ts';

describe('concatWavPieces', () => {
  it('joins clips and silences into one WAV whose duration and starts add up', async () => {
    await withWorkDir('wav-concat', async (_dir, file) => {
      await runFfmpeg(toneToWavArgs({ frequencyHz: 440, durationSeconds: 0.5, sampleRate: 24000, output: file('a.wav') }));
      await runFfmpeg(toneToWavArgs({ frequencyHz: 660, durationSeconds: 0.25, sampleRate: 24000, output: file('b.wav') }));
      const result = await concatWavPieces([{ silenceSeconds: 0.1 }, { file: file('a.wav') }, { silenceSeconds: 1 }, { file: file('b.wav') }], file('out.wav'), 24000);
      expect(result.startsSeconds.map((value) => Math.round(value * 1000))).toEqual([0, 100, 600, 1600]);
      expect(result.durationSeconds).toBeCloseTo(1.85, 2);
      const info = await probeMedia(file('out.wav'));
      expect(info.durationSeconds).toBeCloseTo(1.85, 2);
      await expect(concatWavPieces([{ file: file('a.wav') }], file('bad.wav'), 16000)).rejects.toThrow(/expected 16-bit mono at 16000/);
      // Silence up to a time of the output: the next piece starts there; nothing when the output is already past it.
      const placed = await concatWavPieces([{ file: file('a.wav') }, { silenceUntilSeconds: 0.7 }, { file: file('b.wav') }, { silenceUntilSeconds: 0.8 }, { file: file('b.wav') }], file('placed.wav'), 24000);
      expect(placed.startsSeconds.map((value) => Math.round(value * 1000))).toEqual([0, 500, 700, 950, 950]);
      expect(placed.durationSeconds).toBeCloseTo(1.2, 3);
    });
  });

  it('refuses what is not a RIFF/WAVE file', () => {
    expect(() => parseWavHeader(new TextEncoder().encode('ID3 not a wav file at all'))).toThrow(/not a RIFF/);
  });
});

describe('convertWavToMono', () => {
  it('resamples stereo 48 kHz and mono 22.05 kHz to 16-bit mono 24 kHz, keeping duration and pitch', async () => {
    const { convertWavToMono, readWavMono } = await import('./wav-concat.ts');
    await withWorkDir('wav-resample', async (_dir, file) => {
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1:sample_rate=48000', '-ac', '2', file('stereo.wav')]);
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=1000:duration=0.5:sample_rate=22050', file('mono.wav')]);
      for (const [name, seconds, hz] of [['stereo.wav', 1, 440], ['mono.wav', 0.5, 1000]] as const) {
        const result = await convertWavToMono(file(name), file(`out-${name}`), 24000);
        expect(result.durationSeconds).toBeCloseTo(seconds, 2);
        const info = await probeMedia(file(`out-${name}`));
        expect(info.audio).toMatchObject({ sampleRate: 24000, channels: 1 });
        const { samples } = await readWavMono(file(`out-${name}`));
        // Zero crossings count the frequency: it survives resampling.
        let crossings = 0;
        for (let index = 1; index < samples.length; index++) if (samples[index - 1]! < 0 && samples[index]! >= 0) crossings++;
        expect(crossings / seconds).toBeGreaterThan(hz * 0.98);
        expect(crossings / seconds).toBeLessThan(hz * 1.02);
      }
    });
  });
});

describe('writeTextFile', () => {
  it('replaces a file whole through a sibling renamed over it, and leaves nothing behind when it cannot write', async () => {
    await withWorkDir('write-text', async (dir, file) => {
      await writeTextFile(file('timings.json'), '{"durationSeconds":1}');
      await writeTextFile(file('timings.json'), '{"durationSeconds":2.5}');
      expect(JSON.parse(await readFile(file('timings.json'), 'utf8'))).toEqual({ durationSeconds: 2.5 });
      await expect(writeTextFile(path.join(dir, 'no-such-folder', 'timings.json'), '{}')).rejects.toThrow();
      expect(await readdir(dir)).toEqual(['timings.json']);
    });
  });
});
