import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { concatWavPieces, readWavMono } from './wav-concat.ts';
import { parseWavHeader, pcm16Wav, readWavInfo, readWavPcm } from './wav-format.ts';
import { withWorkDir } from './work-dir.ts';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u16 = (value: number) => [value & 0xff, value >> 8];
const u32 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff];

/** A RIFF/WAVE file built chunk by chunk (sizes as given, so streamed and odd-sized chunks can be made). */
function riff(chunks: Array<{ id: string; body: number[]; size?: number }>): Uint8Array {
  const body = chunks.flatMap((chunk) => [...ascii(chunk.id), ...u32(chunk.size ?? chunk.body.length), ...chunk.body, ...(chunk.body.length % 2 ? [0] : [])]);
  return Uint8Array.from([...ascii('RIFF'), ...u32(4 + body.length), ...ascii('WAVE'), ...body]);
}

function fmt(formatTag: number, channels: number, sampleRate: number, bits: number, subFormat?: number): { id: string; body: number[] } {
  const blockAlign = (channels * bits) / 8;
  const base = [...u16(formatTag), ...u16(channels), ...u32(sampleRate), ...u32(sampleRate * blockAlign), ...u16(blockAlign), ...u16(bits)];
  // WAVE_FORMAT_EXTENSIBLE: cbSize, valid bits, channel mask, then the sub-format GUID (its first two bytes are the format tag).
  const extensible = subFormat === undefined ? [] : [...u16(22), ...u16(bits), ...u32(4), ...u16(subFormat), ...Array(14).fill(0)];
  return { id: 'fmt ', body: [...base, ...extensible] };
}

const int16 = (values: number[]) => values.flatMap((value) => u16(value & 0xffff));
const float32 = (values: number[]) => [...new Uint8Array(Float32Array.from(values).buffer)];

describe('the WAV reader', () => {
  it('reads format and samples past odd-sized chunks, and measures a streamed data size by the bytes there are', () => {
    for (const declared of [0, 0xffffffff]) {
      const bytes = riff([fmt(1, 1, 8000, 16), { id: 'LIST', body: ascii('odd') }, { id: 'data', body: int16([1, -2, 3]), size: declared }]);
      const { layout, data, frames } = readWavPcm(bytes);
      expect(layout).toMatchObject({ formatTag: 1, sampleFormat: 'int', sampleRate: 8000, channels: 1, bitsPerSample: 16, dataBytes: declared });
      expect(frames).toBe(3);
      expect([0, 1, 2].map((frame) => data.getInt16(frame * 2, true))).toEqual([1, -2, 3]);
    }
  });

  it('keeps to the declared data size when the file holds more (chunks after the samples)', () => {
    const bytes = riff([fmt(1, 2, 8000, 16), { id: 'data', body: int16([1, 2, 3, 4]) }, { id: 'LIST', body: ascii('tail') }]);
    expect(readWavPcm(bytes).frames).toBe(2);
  });

  it('tells float samples, plain or behind WAVE_FORMAT_EXTENSIBLE, and reads them as floats', async () => {
    expect(parseWavHeader(riff([fmt(3, 1, 8000, 32), { id: 'data', body: float32([0.5]) }])).sampleFormat).toBe('float');
    expect(parseWavHeader(riff([fmt(0xfffe, 1, 8000, 32, 3), { id: 'data', body: float32([0.5]) }])).sampleFormat).toBe('float');
    expect(parseWavHeader(riff([fmt(0xfffe, 1, 8000, 16, 1), { id: 'data', body: int16([1]) }])).sampleFormat).toBe('int');
    expect(parseWavHeader(riff([fmt(7, 1, 8000, 8), { id: 'data', body: [0] }])).sampleFormat).toBe('other');
    await withWorkDir('wav-format', async (_dir, file) => {
      await writeFile(file('float.wav'), riff([fmt(0xfffe, 2, 8000, 32, 3), { id: 'data', body: float32([0.5, 0.25, -1, 0]) }]));
      expect([...(await readWavMono(file('float.wav'))).samples]).toEqual([0.375, -0.5]);
      await writeFile(file('mulaw.wav'), riff([fmt(7, 1, 8000, 8), { id: 'data', body: [1, 2] }]));
      await expect(readWavMono(file('mulaw.wav'))).rejects.toThrow(/cannot be read/);
      await expect(concatWavPieces([{ file: file('float.wav') }], file('joined.wav'), 8000)).rejects.toThrow(/not integer PCM/);
    });
  });

  it('refuses what has no usable format or no samples', () => {
    expect(() => parseWavHeader(riff([{ id: 'data', body: int16([1]) }, fmt(1, 1, 8000, 16)]))).toThrow(/data chunk before fmt/);
    expect(() => parseWavHeader(riff([fmt(1, 0, 8000, 16), { id: 'data', body: int16([1]) }]))).toThrow(/not usable/);
    expect(() => parseWavHeader(riff([fmt(1, 1, 8000, 16)]))).toThrow(/no data chunk/);
  });

  it('writes 16-bit mono WAVs it reads back, and reads a file header without its samples', async () => {
    const bytes = pcm16Wav(Int16Array.from([0, 32767, -32768, 5]), 24_000);
    const { layout, data, frames } = readWavPcm(bytes);
    expect(layout).toMatchObject({ sampleFormat: 'int', sampleRate: 24_000, channels: 1, bitsPerSample: 16, dataOffset: 44, dataBytes: 8 });
    expect([0, 1, 2, 3].map((frame) => data.getInt16(frame * 2, true))).toEqual([0, 32767, -32768, 5]);
    expect(frames).toBe(4);
    await withWorkDir('wav-format', async (_dir, file) => {
      await writeFile(file('speech.wav'), pcm16Wav(new Int16Array(12_000), 24_000));
      expect(await readWavInfo(file('speech.wav'))).toEqual({ sampleRate: 24_000, channels: 1, bitsPerSample: 16, durationSeconds: 0.5 });
      await writeFile(file('text.wav'), 'not audio at all');
      await expect(readWavInfo(file('text.wav'))).rejects.toThrow(/text\.wav: not a WAV file/);
    });
  });
});
