import { open, readFile, writeFile } from 'node:fs/promises';

/** A clip (a 16-bit PCM mono WAV at the target rate) or a stretch of silence. */
export type WavPiece = { file: string } | { silenceSeconds: number };

interface WavLayout {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
}

/** Reads the `fmt ` and `data` chunks of a RIFF/WAVE header (the first 64 KiB of the file). */
export function parseWavHeader(header: Uint8Array): WavLayout {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const tag = (offset: number) => String.fromCharCode(...header.subarray(offset, offset + 4));
  if (header.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let format: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | undefined;
  while (offset + 8 <= header.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      const audioFormat = view.getUint16(offset + 8, true);
      if (audioFormat !== 1 && audioFormat !== 0xfffe) throw new Error(`WAV format ${audioFormat} is not PCM`);
      format = { channels: view.getUint16(offset + 10, true), sampleRate: view.getUint32(offset + 12, true), bitsPerSample: view.getUint16(offset + 22, true) };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data chunk before fmt chunk');
      // Streamed WAVs (ffmpeg to a pipe, espeak) may carry a 0 or 0xffffffff size: the caller clamps it to the file size.
      return { ...format, dataOffset: offset + 8, dataBytes: size };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV header has no data chunk in its first bytes');
}

function wavHeader(sampleRate: number, dataBytes: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const write = (offset: number, text: string) => [...text].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  write(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  write(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/**
 * Joins mono 16-bit WAV clips of one sample rate, with silences, into one WAV — streamed, so
 * thousands of synthesised sentences join in milliseconds without an ffmpeg graph per input.
 * Returns each piece's start time in the output (seconds) and the total duration.
 */
export async function concatWavPieces(pieces: readonly WavPiece[], output: string, sampleRate: number): Promise<{ startsSeconds: number[]; durationSeconds: number }> {
  const out = await open(output, 'w');
  const startsSeconds: number[] = [];
  let dataBytes = 0;
  try {
    await out.write(wavHeader(sampleRate, 0), 0, 44, 0);
    let position = 44;
    for (const piece of pieces) {
      startsSeconds.push(dataBytes / 2 / sampleRate);
      let chunk: Uint8Array;
      if ('file' in piece) {
        const bytes = await readFile(piece.file);
        const layout = parseWavHeader(bytes.subarray(0, Math.min(bytes.byteLength, 65536)));
        if (layout.sampleRate !== sampleRate || layout.channels !== 1 || layout.bitsPerSample !== 16) {
          throw new Error(`${piece.file}: expected 16-bit mono at ${sampleRate} Hz, got ${layout.bitsPerSample}-bit ×${layout.channels} at ${layout.sampleRate} Hz`);
        }
        const available = bytes.byteLength - layout.dataOffset;
        const length = layout.dataBytes > 0 && layout.dataBytes <= available ? layout.dataBytes : available;
        chunk = bytes.subarray(layout.dataOffset, layout.dataOffset + length - (length % 2));
      } else {
        chunk = new Uint8Array(Math.max(0, Math.round(piece.silenceSeconds * sampleRate)) * 2);
      }
      await out.write(chunk, 0, chunk.byteLength, position);
      position += chunk.byteLength;
      dataBytes += chunk.byteLength;
    }
    await out.write(wavHeader(sampleRate, dataBytes), 0, 44, 0);
  } finally {
    await out.close();
  }
  return { startsSeconds, durationSeconds: dataBytes / 2 / sampleRate };
}

/** Writes a text file (subtitles, JSON) a stage produced. */
export async function writeTextFile(file: string, text: string): Promise<void> {
  await writeFile(file, text, 'utf8');
}

/** Reads a text file a stage produced earlier. */
export async function readTextFile(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

/** Writes a readable stream (a stored object) to a local file. */
export async function saveStreamToFile(stream: NodeJS.ReadableStream, file: string): Promise<void> {
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  await pipeline(stream, createWriteStream(file));
}

/** A small file as a `data:` URL (previews sent inline). */
export async function fileToDataUrl(file: string, contentType: string): Promise<string> {
  return `data:${contentType};base64,${(await readFile(file)).toString('base64')}`;
}

/** Samples of a PCM WAV file (8/16/24/32-bit integer or 32-bit float), mixed down to mono, as floats. */
export async function readWavMono(file: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const bytes = await readFile(file);
  const layout = parseWavHeader(bytes.subarray(0, Math.min(bytes.byteLength, 65536)));
  const available = bytes.byteLength - layout.dataOffset;
  const length = layout.dataBytes > 0 && layout.dataBytes <= available ? layout.dataBytes : available;
  const view = new DataView(bytes.buffer, bytes.byteOffset + layout.dataOffset, length);
  const width = layout.bitsPerSample / 8;
  const frames = Math.floor(length / (width * layout.channels));
  const samples = new Float32Array(frames);
  const isFloat = parseWavFormatTag(bytes) === 3;
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < layout.channels; channel++) {
      const at = (frame * layout.channels + channel) * width;
      if (width === 2) sum += view.getInt16(at, true) / 32768;
      else if (width === 1) sum += (view.getUint8(at) - 128) / 128;
      else if (width === 3) sum += (((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) >> 8) / 8388608;
      else sum += isFloat ? view.getFloat32(at, true) : view.getInt32(at, true) / 2147483648;
    }
    samples[frame] = sum / layout.channels;
  }
  return { samples, sampleRate: layout.sampleRate };
}

function parseWavFormatTag(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 65536));
  let offset = 12;
  while (offset + 8 <= view.byteLength) {
    const id = String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
    if (id === 'fmt ') return view.getUint16(offset + 8, true);
    offset += 8 + view.getUint32(offset + 4, true);
  }
  return 1;
}

/**
 * Resamples mono audio with a windowed-sinc (Lanczos, 8 lobes) interpolator whose cut-off follows
 * the lower of the two rates, so downsampling does not alias. In-process: a synthesised sentence
 * needs no ffmpeg start-up (≈ 80–300 ms on a busy 2-core machine) to reach the job's rate.
 */
export function resampleMono(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return samples;
  const ratio = toRate / fromRate;
  const out = new Float32Array(Math.round(samples.length * ratio));
  const cutoff = Math.min(1, ratio);
  const lobes = 8;
  const half = Math.ceil(lobes / cutoff);
  const taps = 2 * half;
  // The kernel, tabulated for PHASES fractional positions (no sin() per tap at run time).
  const PHASES = 512;
  const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
  const table = new Float32Array((PHASES + 1) * taps);
  for (let phase = 0; phase <= PHASES; phase++) {
    const fraction = phase / PHASES;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const distance = (fraction - (k - half + 1)) * cutoff;
      const weight = Math.abs(distance) >= lobes ? 0 : sinc(distance) * sinc(distance / lobes);
      table[phase * taps + k] = weight;
      sum += weight;
    }
    for (let k = 0; k < taps; k++) table[phase * taps + k]! /= sum || 1;
  }
  const last = samples.length - 1;
  for (let index = 0; index < out.length; index++) {
    const centre = index / ratio;
    const base = Math.floor(centre);
    const row = Math.round((centre - base) * PHASES) * taps;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const tap = base + k - half + 1;
      sum += samples[tap < 0 ? 0 : tap > last ? last : tap]! * table[row + k]!;
    }
    out[index] = sum;
  }
  return out;
}

/** Writes mono float samples as a 16-bit PCM WAV. */
export async function writeWavMono(file: string, samples: Float32Array, sampleRate: number): Promise<void> {
  const data = new Uint8Array(samples.length * 2);
  const view = new DataView(data.buffer);
  for (let index = 0; index < samples.length; index++) view.setInt16(index * 2, Math.max(-32768, Math.min(32767, Math.round(samples[index]! * 32767))), true);
  const header = wavHeader(sampleRate, data.byteLength);
  const out = new Uint8Array(header.byteLength + data.byteLength);
  out.set(header, 0);
  out.set(data, header.byteLength);
  await writeFile(file, out);
}

/** Any PCM WAV → 16-bit mono WAV at `sampleRate`; returns its duration. */
export async function convertWavToMono(input: string, output: string, sampleRate?: number): Promise<{ durationSeconds: number }> {
  const { samples, sampleRate: from } = await readWavMono(input);
  const rate = sampleRate ?? from;
  const resampled = resampleMono(samples, from, rate);
  await writeWavMono(output, resampled, rate);
  return { durationSeconds: resampled.length / rate };
}
