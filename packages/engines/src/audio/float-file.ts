/**
 * A raw file of 32-bit floats (little-endian, as ffmpeg's f32le and this machine write them), read
 * back by index range: what lets an analysis of an hour of audio hold a window of it instead of the
 * whole (an hour of 16 kHz samples is 230 MB as floats; its 40-band spectrum 58 MB). Writes append.
 */
import { open, type FileHandle } from 'node:fs/promises';

export class FloatFile {
  private readonly handle: FileHandle;
  /** Floats in the file (grows as they are appended). */
  length: number;

  private constructor(handle: FileHandle, length: number) {
    this.handle = handle;
    this.length = length;
  }

  /** Opens an existing file to read. */
  static async read(file: string): Promise<FloatFile> {
    const handle = await open(file, 'r');
    const { size } = await handle.stat();
    return new FloatFile(handle, Math.floor(size / 4));
  }

  /** Creates (or empties) a file to append to and read back. */
  static async create(file: string): Promise<FloatFile> {
    return new FloatFile(await open(file, 'w+'), 0);
  }

  /** The floats at `from` ≤ index < `to`, clipped to the file; read into the start of `into` when it is given and large enough (a loop's buffer, reused). */
  async slice(from: number, to: number, into?: Float32Array): Promise<Float32Array> {
    const start = Math.max(0, Math.min(this.length, from));
    const end = Math.max(start, Math.min(this.length, to));
    const values = into && into.length >= end - start ? into.subarray(0, end - start) : new Float32Array(end - start);
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    let filled = 0;
    while (filled < bytes.byteLength) {
      const { bytesRead } = await this.handle.read(bytes, filled, bytes.byteLength - filled, start * 4 + filled);
      if (bytesRead === 0) throw new Error(`float file ended at ${start + filled / 4} of ${end}`);
      filled += bytesRead;
    }
    return values;
  }

  async append(values: Float32Array): Promise<void> {
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    let written = 0;
    while (written < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, written, bytes.byteLength - written, this.length * 4 + written);
      written += bytesWritten;
    }
    this.length += values.length;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
