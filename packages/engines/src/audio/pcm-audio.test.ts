import { describe, expect, it } from 'vitest';
import { soundingSpans, wavPeakEnvelope } from './pcm-audio.ts';

/** A mono 16-bit WAV at 1 kHz: one sample per millisecond. */
function wav(samples: number[], sampleRate = 1000): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((char, index) => (bytes[offset + index] = char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, sample, true));
  return bytes;
}

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
