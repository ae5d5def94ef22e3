import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { pcm16Wav, pcm16WavHeader, readWavPcm } from './wav-format.ts';

/**
 * A clip (a 16-bit PCM mono WAV at the target rate), a stretch of silence, or silence up to a time
 * of the output (`silenceUntilSeconds`: the next piece starts there, whatever the clips before it
 * really held; none when the output is already past it). Takes placed on a timeline use the last:
 * a length computed for a take (a tempo change's natural ÷ speed) is off by a few samples, and
 * relative silences added those errors up over a long video (2.8 s after 1,000 lines).
 */
export type WavPiece = { file: string } | { silenceSeconds: number } | { silenceUntilSeconds: number };

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
    await out.write(pcm16WavHeader(sampleRate, 0), 0, 44, 0);
    let position = 44;
    for (const piece of pieces) {
      startsSeconds.push(dataBytes / 2 / sampleRate);
      let chunk: Uint8Array;
      if ('file' in piece) {
        const { layout, data } = readWavPcm(await readFile(piece.file));
        if (layout.sampleFormat !== 'int') throw new Error(`${piece.file}: WAV format ${layout.formatTag} is not integer PCM`);
        if (layout.sampleRate !== sampleRate || layout.channels !== 1 || layout.bitsPerSample !== 16) {
          throw new Error(`${piece.file}: expected 16-bit mono at ${sampleRate} Hz, got ${layout.bitsPerSample}-bit ×${layout.channels} at ${layout.sampleRate} Hz`);
        }
        chunk = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      } else if ('silenceSeconds' in piece) {
        chunk = new Uint8Array(Math.max(0, Math.round(piece.silenceSeconds * sampleRate)) * 2);
      } else {
        chunk = new Uint8Array(Math.max(0, Math.round(piece.silenceUntilSeconds * sampleRate) - dataBytes / 2) * 2);
      }
      await out.write(chunk, 0, chunk.byteLength, position);
      position += chunk.byteLength;
      dataBytes += chunk.byteLength;
    }
    await out.write(pcm16WavHeader(sampleRate, dataBytes), 0, 44, 0);
  } finally {
    await out.close();
  }
  return { startsSeconds, durationSeconds: dataBytes / 2 / sampleRate };
}

/**
 * Writes a text file (subtitles, JSON) a stage produced, whole or not at all: into a sibling first,
 * then renamed over the name. A stage resumed after a kill -9 reads what an earlier attempt wrote
 * (a segment's timings say it is done); written in place, a kill between the file's creation and
 * its bytes left it empty, and the resumed job failed on "Unexpected end of JSON input".
 */
export async function writeTextFile(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, text, 'utf8');
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
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

/** Samples of a PCM WAV file (8/16/24/32-bit integer or 32/64-bit float), mixed down to mono, as floats. */
export async function readWavMono(file: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const { layout, data: view, frames } = readWavPcm(await readFile(file));
  const width = layout.bitsPerSample / 8;
  const isFloat = layout.sampleFormat === 'float';
  if (layout.sampleFormat === 'other' || (isFloat ? width !== 4 && width !== 8 : width < 1 || width > 4 || !Number.isInteger(width))) {
    throw new Error(`${file}: WAV format ${layout.formatTag} with ${layout.bitsPerSample}-bit samples cannot be read`);
  }
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < layout.channels; channel++) {
      const at = (frame * layout.channels + channel) * width;
      if (isFloat) sum += width === 4 ? view.getFloat32(at, true) : view.getFloat64(at, true);
      else if (width === 2) sum += view.getInt16(at, true) / 32768;
      else if (width === 1) sum += (view.getUint8(at) - 128) / 128;
      else if (width === 3) sum += (((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) >> 8) / 8388608;
      else sum += view.getInt32(at, true) / 2147483648;
    }
    samples[frame] = sum / layout.channels;
  }
  return { samples, sampleRate: layout.sampleRate };
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
  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) pcm[index] = Math.max(-32768, Math.min(32767, Math.round(samples[index]! * 32767)));
  await writeFile(file, pcm16Wav(pcm, sampleRate));
}

/** Any PCM WAV → 16-bit mono WAV at `sampleRate`; returns its duration. */
export async function convertWavToMono(input: string, output: string, sampleRate?: number): Promise<{ durationSeconds: number }> {
  const { samples, sampleRate: from } = await readWavMono(input);
  const rate = sampleRate ?? from;
  const resampled = resampleMono(samples, from, rate);
  await writeWavMono(output, resampled, rate);
  return { durationSeconds: resampled.length / rate };
}
