/** Raw frames read from ffmpeg one at a time (see `rawVideoFramesArgs`). */
import { streamMediaTool, type RunOptions } from './media-runner.ts';

export interface ReadFramesOptions extends Omit<RunOptions, 'onProgress'> {
  /**
   * Frames decoded ahead while the caller works on one (default 0). A frame larger than the pipe's
   * buffer otherwise holds ffmpeg until the caller asks for the next, so decoding and the caller's
   * work take turns instead of running side by side.
   */
  readAhead?: number;
  /**
   * Frames are written into a few buffers used in turn, not a new one each (a 720p frame is 1.4 MB:
   * allocating one per frame keeps the garbage collector busy). Only for a caller done with each frame
   * before it asks for the next: a frame is overwritten `readAhead` + 2 frames later.
   */
  reuseBuffers?: boolean;
}

/**
 * The frames ffmpeg writes for `args` (a `rawVideoFramesArgs` list), each `frameBytes` long, as they
 * are decoded: ffmpeg waits while the caller works (beyond `readAhead` frames), and stops when the
 * caller does. A partial frame at the end is dropped.
 */
export function readRawVideoFrames(args: readonly string[], frameBytes: number, options: ReadFramesOptions = {}): AsyncGenerator<Uint8Array, void, undefined> {
  if (!Number.isInteger(frameBytes) || frameBytes <= 0) throw new RangeError(`frameBytes must be a positive integer (got ${frameBytes})`);
  const { readAhead = 0, reuseBuffers = false, ...run } = options;
  // Alive at once: the caller's frame, those read ahead and the one being filled.
  const frames = splitFrames(streamMediaTool('ffmpeg', args, run), frameBytes, reuseBuffers ? readAhead + 3 : 0);
  return readAhead > 0 ? bufferAhead(frames, readAhead) : frames;
}

/** `chunks` cut into frames; with `buffers` > 0, that many frame buffers used in turn. */
async function* splitFrames(chunks: AsyncIterable<Buffer>, frameBytes: number, buffers: number): AsyncGenerator<Uint8Array, void, undefined> {
  const ring: Uint8Array[] = [];
  let turn = 0;
  const nextFrame = () => {
    if (buffers === 0) return new Uint8Array(frameBytes);
    turn = (turn + 1) % buffers;
    ring[turn] ??= new Uint8Array(frameBytes);
    return ring[turn]!;
  };
  let frame = nextFrame();
  let filled = 0;
  for await (const chunk of chunks) {
    let read = 0;
    while (read < chunk.length) {
      const take = Math.min(frameBytes - filled, chunk.length - read);
      frame.set(chunk.subarray(read, read + take), filled);
      filled += take;
      read += take;
      if (filled === frameBytes) {
        yield frame;
        frame = nextFrame();
        filled = 0;
      }
    }
  }
}

/** `source` pulled up to `size` items ahead of the consumer; stopping the consumer stops the source. */
export async function* bufferAhead<T>(source: AsyncGenerator<T, void, undefined>, size: number): AsyncGenerator<T, void, undefined> {
  const queue: T[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let notify: (() => void) | undefined;
  const changed = () => new Promise<void>((resolve) => (notify = resolve));
  const wake = () => {
    notify?.();
    notify = undefined;
  };
  const pump = (async () => {
    try {
      for await (const item of source) {
        queue.push(item);
        wake();
        while (queue.length >= size && !stopped) await changed();
        if (stopped) break;
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      wake();
    }
  })();
  try {
    for (;;) {
      if (queue.length > 0) {
        const item = queue.shift()!;
        wake();
        yield item;
      } else if (finished) {
        if (failure) throw failure.error;
        return;
      } else await changed();
    }
  } finally {
    stopped = true;
    wake();
    await pump;
  }
}
