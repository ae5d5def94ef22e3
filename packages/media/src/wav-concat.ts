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
