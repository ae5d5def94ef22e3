/** Raw frames read from ffmpeg one at a time (see `rawVideoFramesArgs`). */
import { streamMediaTool, type RunOptions } from './media-runner.ts';

/**
 * The frames ffmpeg writes for `args` (a `rawVideoFramesArgs` list), each `frameBytes` long, as they
 * are decoded: ffmpeg waits while the caller works on a frame, and stops when the caller does. A
 * partial frame at the end is dropped.
 */
export async function* readRawVideoFrames(args: readonly string[], frameBytes: number, options: Omit<RunOptions, 'onProgress'> = {}): AsyncGenerator<Uint8Array, void, undefined> {
  if (!Number.isInteger(frameBytes) || frameBytes <= 0) throw new RangeError(`frameBytes must be a positive integer (got ${frameBytes})`);
  let frame = new Uint8Array(frameBytes);
  let filled = 0;
  for await (const chunk of streamMediaTool('ffmpeg', args, options)) {
    let read = 0;
    while (read < chunk.length) {
      const take = Math.min(frameBytes - filled, chunk.length - read);
      frame.set(chunk.subarray(read, read + take), filled);
      filled += take;
      read += take;
      if (filled === frameBytes) {
        yield frame;
        frame = new Uint8Array(frameBytes);
        filled = 0;
      }
    }
  }
}
