import { describe, expect, it } from 'vitest';
import { concatWavPieces, parseWavHeader } from './wav-concat.ts';
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
    });
  });

  it('refuses what is not a RIFF/WAVE file', () => {
    expect(() => parseWavHeader(new TextEncoder().encode('ID3 not a wav file at all'))).toThrow(/not a RIFF/);
  });
});
