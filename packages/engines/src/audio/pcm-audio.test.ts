import { readFile, stat, writeFile } from 'node:fs/promises';
import { parseWavHeader, pcm16Wav, runFfmpeg, withWorkDir } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import { copyMonoWavAsFloat, decodeToPcmFile, pcmChunks, soundingSpans, wavPeakEnvelope } from './pcm-audio.ts';

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

describe('decodeToPcmFile reads a mono PCM WAV at the asked rate itself', () => {
  const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  /** What ffmpeg writes for the same request (the arguments decodeToPcmFile gives it). */
  const byFfmpeg = async (input: string, output: string, rate: number) => {
    await runFfmpeg([...QUIET, '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-acodec', 'pcm_f32le', output]);
    return readFile(output);
  };
  // Tones, noise and clipping-level peaks; 20 s at 16 kHz is more than one of the copy's chunks (2^18 samples).
  const source = "aevalsrc='0.9*sin(2*PI*220*t)+0.1*(random(0)*2-1)':s=16000:d=20";

  it.each([
    ['16-bit mono 16 kHz, as the pipelines write it (with a LIST chunk before data)', ['-c:a', 'pcm_s16le'], 16_000],
    ['32-bit float mono 16 kHz (ffmpeg writes an extensible header)', ['-c:a', 'pcm_f32le'], 16_000],
    ['16-bit mono 22.05 kHz, read at 22.05 kHz', ['-ar', '22050', '-c:a', 'pcm_s16le'], 22_050],
  ])('%s: byte for byte what ffmpeg writes', async (_name, args, rate) => {
    await withWorkDir('pcm-copy', async (_dir, file) => {
      await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', source, ...args, file('in.wav')]);
      expect(await copyMonoWavAsFloat(file('in.wav'), file('copied.f32'), rate)).toBe(true);
      const expected = await byFfmpeg(file('in.wav'), file('ffmpeg.f32'), rate);
      expect(expected.length).toBeGreaterThan(0);
      expect((await readFile(file('copied.f32'))).equals(expected)).toBe(true);
    });
  });

  it.each([
    ['another rate', ['-c:a', 'pcm_s16le'], 8_000],
    ['stereo', ['-ac', '2', '-c:a', 'pcm_s16le'], 16_000],
    ['24-bit', ['-c:a', 'pcm_s24le'], 16_000],
    ['µ-law', ['-c:a', 'pcm_mulaw'], 16_000],
    ['a streamed WAV (no size in its header)', ['-c:a', 'pcm_s16le'], 16_000],
    ['not a WAV', ['-c:a', 'flac'], 16_000],
  ])('%s: left to ffmpeg, whose output decodeToPcmFile then writes', async (name, args, rate) => {
    await withWorkDir('pcm-copy', async (_dir, file) => {
      const input = file(name.includes('not a WAV') ? 'in.flac' : 'in.wav');
      await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', source.replace('d=20', 'd=2'), ...args, input]);
      if (name.startsWith('a streamed WAV')) {
        // What a WAV written to a pipe declares: no size for its data chunk.
        const bytes = await readFile(input);
        bytes.writeUInt32LE(0xffffffff, parseWavHeader(bytes).dataOffset - 4);
        await writeFile(input, bytes);
      }
      expect(await copyMonoWavAsFloat(input, file('copied.f32'), rate)).toBe(false);
      await expect(stat(file('copied.f32'))).rejects.toThrow();
      await decodeToPcmFile(input, file('decoded.f32'), rate);
      expect((await readFile(file('decoded.f32'))).equals(await byFfmpeg(input, file('ffmpeg.f32'), rate))).toBe(true);
    });
  });
});
