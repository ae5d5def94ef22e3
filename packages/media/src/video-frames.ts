/** Raw frames read from ffmpeg one at a time (see `rawVideoFramesArgs`). */
import { streamMediaTool, type RunOptions } from './media-runner.ts';

export interface ReadFramesOptions extends Omit<RunOptions, 'onProgress'> {
  /**
   * Frames decoded ahead while the caller works on one (default 0). A frame larger than the pipe's
   * buffer otherwise holds ffmpeg until the caller asks for the next, so decoding and the caller's
   * work take turns instead of running side by side.
   */
  readAhead?: number;
}

/**
 * The frames ffmpeg writes for `args` (a `rawVideoFramesArgs` list), each `frameBytes` long, as they
 * are decoded: ffmpeg waits while the caller works (beyond `readAhead` frames), and stops when the
 * caller does. A partial frame at the end is dropped.
 */
export function readRawVideoFrames(args: readonly string[], frameBytes: number, options: ReadFramesOptions = {}): AsyncGenerator<Uint8Array, void, undefined> {
  if (!Number.isInteger(frameBytes) || frameBytes <= 0) throw new RangeError(`frameBytes must be a positive integer (got ${frameBytes})`);
  const { readAhead = 0, ...run } = options;
  const frames = splitFrames(streamMediaTool('ffmpeg', args, run), frameBytes);
  return readAhead > 0 ? bufferAhead(frames, readAhead) : frames;
}

async function* splitFrames(chunks: AsyncIterable<Buffer>, frameBytes: number): AsyncGenerator<Uint8Array, void, undefined> {
  let frame = new Uint8Array(frameBytes);
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
        frame = new Uint8Array(frameBytes);
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
