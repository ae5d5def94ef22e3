import { writeFile } from 'node:fs/promises';
import { pcm16Wav, withWorkDir } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import { pcmChunks, soundingSpans, wavPeakEnvelope } from './pcm-audio.ts';

/** A mono 16-bit WAV at 1 kHz: one sample per millisecond. */
const wav = (samples: number[], sampleRate = 1000) => pcm16Wav(Int16Array.from(samples), sampleRate);

describe('wavPeakEnvelope and soundingSpans', () => {
  // 100 ms silence, 200 ms sound, 50 ms silence, 100 ms sound, 300 ms silence, 100 ms sound.
  const pattern = [
    ...Array(100).fill(0),
    ...Array(200).fill(8000),
    ...Array(50).fill(0),
    ...Array(100).fill(-8000),
    ...Array(300).fill(0),
    ...Array(100).fill(16000),
  ];
  const envelope = wavPeakEnvelope(wav(pattern));

  it('reads duration and peak levels per 5 ms frame', () => {
    expect(envelope.durationSeconds).toBeCloseTo(0.85, 6);
    expect(envelope.peaks).toHaveLength(170);
    expect(envelope.peaks[0]).toBe(0);
    expect(envelope.peaks[25]).toBeCloseTo(8000 / 32768, 6);
    expect(envelope.peaks[169]).toBeCloseTo(16000 / 32768, 6);
  });

  it('joins sound across pauses shorter than minSilenceMs', () => {
    const round = (spans: Array<{ start: number; end: number }>) => spans.map(({ start, end }) => [Math.round(start * 1000), Math.round(end * 1000)]);
    expect(round(soundingSpans(envelope, { minSilenceMs: 40 }))).toEqual([
      [100, 300],
      [350, 450],
      [750, 850],
    ]);
    expect(round(soundingSpans(envelope, { minSilenceMs: 100 }))).toEqual([
      [100, 450],
      [750, 850],
    ]);
  });

  it('refuses what is not 16-bit PCM WAV', () => {
    expect(() => wavPeakEnvelope(new TextEncoder().encode('not a wav file at all'))).toThrow(/not a WAV/);
  });
});

describe('pcmChunks', () => {
  it('reads a raw float file back in order, a chunk at a time, the last one shorter', async () => {
    const samples = Float32Array.from({ length: 1000 }, (_, index) => Math.sin(index / 7));
    await withWorkDir('pcm-chunks', async (_dir, file) => {
      const raw = file('audio.f32le');
      await writeFile(raw, new Uint8Array(samples.buffer));
      const chunks: Float32Array[] = [];
      for await (const chunk of pcmChunks(raw, 300)) chunks.push(Float32Array.from(chunk));
      expect(chunks.map((chunk) => chunk.length)).toEqual([300, 300, 300, 100]);
      expect(Float32Array.from(chunks.flatMap((chunk) => [...chunk]))).toEqual(samples);
      const empty = file('empty.f32le');
      await writeFile(empty, new Uint8Array(0));
      const none: Float32Array[] = [];
      for await (const chunk of pcmChunks(empty)) none.push(chunk);
      expect(none).toEqual([]);
    });
  });
});
