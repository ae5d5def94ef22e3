/**
 * The one WAV reader (and 16-bit writer) of the code base: RIFF/WAVE chunks → the format and a view
 * of the PCM samples. Used by the WAV joiner and resampler here and by the engines (peak envelopes,
 * header facts of synthesised speech). Pure, apart from `readWavInfo`, which reads a file's head.
 */
import { open, stat } from 'node:fs/promises';

/** How far into a file the chunks before `data` are looked for when only the header is read. */
export const WAV_HEADER_BYTES = 65_536;

export interface WavLayout {
  /** `fmt ` format tag: 1 integer PCM, 3 IEEE float, 0xfffe extensible (its sub-format decides `sampleFormat`). */
  formatTag: number;
  /** What the samples are: `other` for compressed or unknown formats (µ-law, ADPCM, …). */
  sampleFormat: 'int' | 'float' | 'other';
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Where the samples start, from the start of the bytes given. */
  dataOffset: number;
  /**
   * The `data` chunk's declared size. Streamed WAVs (ffmpeg to a pipe, some vendors) declare 0 or
   * 0xffffffff: `wavDataBytes` measures those by what the file holds.
   */
  dataBytes: number;
}

/** The facts of a WAV file as its header tells them, without its samples. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationSeconds: number;
}

const tagAt = (bytes: Uint8Array, offset: number) => String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);

function sampleFormatOf(formatTag: number, view: DataView, fmtBody: number, fmtSize: number): WavLayout['sampleFormat'] {
  // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID starts with the plain format tag.
  const tag = formatTag === 0xfffe && fmtSize >= 26 && fmtBody + 26 <= view.byteLength ? view.getUint16(fmtBody + 24, true) : formatTag;
  return tag === 1 ? 'int' : tag === 3 ? 'float' : 'other';
}

/**
 * Reads the `fmt ` and `data` chunks of RIFF/WAVE bytes (a whole file, or its first bytes: the
 * header is all that is needed). Throws for what is not a WAV file or has no usable format.
 */
export function parseWavHeader(bytes: Uint8Array): WavLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || tagAt(bytes, 0) !== 'RIFF' || tagAt(bytes, 8) !== 'WAVE') throw new Error('not a WAV file (not a RIFF/WAVE container)');
  let offset = 12;
  let format: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const id = tagAt(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.byteLength) {
      const formatTag = view.getUint16(body, true);
      format = {
        formatTag,
        sampleFormat: sampleFormatOf(formatTag, view, body, size),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data chunk before fmt chunk');
      if (format.sampleRate < 1 || format.channels < 1 || format.bitsPerSample < 8) {
        throw new Error(`WAV fmt chunk is not usable (${format.channels} channels at ${format.sampleRate} Hz, ${format.bitsPerSample} bits)`);
      }
      return { ...format, dataOffset: body, dataBytes: size };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV header has no data chunk in its first bytes');
}

/** The bytes of samples a file of `fileBytes` holds: the declared size, or the rest of the file when that is 0 or too large (streamed WAVs). */
export function wavDataBytes(layout: WavLayout, fileBytes: number): number {
  const available = Math.max(0, fileBytes - layout.dataOffset);
  return layout.dataBytes > 0 && layout.dataBytes <= available ? layout.dataBytes : available;
}

/** Whether the `data` chunk states its size, in whole frames, within a file of `fileBytes` (streamed and cut-short WAVs do not). */
export function statesWholeData(layout: WavLayout, fileBytes: number): boolean {
  const frameBytes = (layout.bitsPerSample / 8) * layout.channels;
  return layout.dataBytes > 0 && layout.dataBytes % frameBytes === 0 && layout.dataOffset + layout.dataBytes <= fileBytes;
}

/** A whole WAV file's format and a view of its samples (whole frames only). */
export function readWavPcm(bytes: Uint8Array): { layout: WavLayout; data: DataView; frames: number } {
  const layout = parseWavHeader(bytes);
  const frameBytes = (layout.bitsPerSample / 8) * layout.channels;
  const frames = Math.floor(wavDataBytes(layout, bytes.byteLength) / frameBytes);
  return { layout, data: new DataView(bytes.buffer, bytes.byteOffset + layout.dataOffset, frames * frameBytes), frames };
}

/** A WAV file's format and duration from its first 64 KiB, so that hours of audio are never loaded to learn their length. */
export async function readWavInfo(file: string): Promise<WavInfo> {
  const { head, fileSize } = await readWavHead(file);
  let layout: WavLayout;
  try {
    layout = parseWavHeader(head);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const { sampleRate, channels, bitsPerSample } = layout;
  const frameBytes = (bitsPerSample / 8) * channels;
  return { sampleRate, channels, bitsPerSample, durationSeconds: Math.floor(wavDataBytes(layout, fileSize) / frameBytes) / sampleRate };
}

/**
 * The layout of a regular file's WAV header and the file's size, or undefined for anything else: not
 * a regular file (a FIFO or a device is never opened), unreadable, not a WAV. For fast paths that
 * leave every other case to ffmpeg or ffprobe, which then say what is wrong in their words.
 */
export async function readWavLayoutOfFile(file: string): Promise<{ layout: WavLayout; fileSize: number } | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    const { head, fileSize } = await readWavHead(file);
    return { layout: parseWavHeader(head), fileSize };
  } catch {
    return undefined;
  }
}

/** A file's first bytes (up to {@link WAV_HEADER_BYTES}, where a WAV's header is) and its size. */
export async function readWavHead(file: string): Promise<{ head: Uint8Array; fileSize: number }> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const head = new Uint8Array(Math.min(fileSize, WAV_HEADER_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.byteLength, 0);
    return { head: head.subarray(0, bytesRead), fileSize };
  } finally {
    await handle.close();
  }
}

/** The 44-byte header of a 16-bit mono PCM WAV holding `dataBytes` of samples. */
export function pcm16WavHeader(sampleRate: number, dataBytes: number): Uint8Array {
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

/** 16-bit mono samples as the bytes of a WAV file. */
export function pcm16Wav(samples: Int16Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  bytes.set(pcm16WavHeader(sampleRate, samples.length * 2), 0);
  const view = new DataView(bytes.buffer, 44);
  for (let index = 0; index < samples.length; index++) view.setInt16(index * 2, samples[index]!, true);
  return bytes;
}
